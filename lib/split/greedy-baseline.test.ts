import { describe, expect, it } from "vitest";
import { seededRandom } from "@/lib/random/seeded";
import { partitionGreedyBaseline } from "./greedy-baseline";
import { partitionByPullRequest } from "./partition";
import { SPLIT_NAMES } from "@/lib/db/enums";
import { BENCHMARK_SCALE, generateSyntheticGroups } from "./synthetic-groups";

// Ten small PRs where assigning largest-first overshoots, yet an exact split exists.
const tenPrsGreedyOvershoots = [
  [1, 1],
  [5, 1],
  [1, 0],
  [9, 5],
  [2, 0],
  [9, 2],
  [8, 6],
  [6, 0],
  [4, 4],
  [1, 1],
].map(([trustworthy, untrustworthy], i) => ({ key: `octo/widgets#${101 + i}`, trustworthy, untrustworthy }));

describe("partitionGreedyBaseline", () => {
  it("uses the same targets and output shape as the subset-sum partitioner", () => {
    const greedy = partitionGreedyBaseline(tenPrsGreedyOvershoots);
    const exact = partitionByPullRequest(tenPrsGreedyOvershoots);
    for (const name of SPLIT_NAMES) expect(greedy[name].target).toEqual(exact[name].target);
    const keys = SPLIT_NAMES.flatMap((n) => greedy[n].keys).sort();
    expect(keys).toEqual(tenPrsGreedyOvershoots.map((g) => g.key).sort());
  });

  it("misses where subset-sum is exact", () => {
    expect(partitionByPullRequest(tenPrsGreedyOvershoots).maxAbsDeviation).toBe(0);
    expect(partitionGreedyBaseline(tenPrsGreedyOvershoots).maxAbsDeviation).toBe(4);
  });

  it("places the largest PR first into the largest split", () => {
    const greedy = partitionGreedyBaseline(tenPrsGreedyOvershoots);
    expect(greedy.train.keys).toContain("octo/widgets#104"); // (9, 5), the biggest PR
  });

  it("is deterministic per seed and covers every PR at benchmark scale", () => {
    const groups = generateSyntheticGroups(BENCHMARK_SCALE, seededRandom(5));
    const a = partitionGreedyBaseline(groups, { seed: 42 });
    const b = partitionGreedyBaseline(groups, { seed: 42 });
    expect(a).toEqual(b);
    expect(SPLIT_NAMES.reduce((n, s) => n + a[s].keys.length, 0)).toBe(124);
  });
});
