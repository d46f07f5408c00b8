import { describe, expect, it } from "vitest";
import { seededRandom } from "@/lib/random/seeded";
import { isAppError } from "@/lib/errors";
import type { PullRequestGroup } from "./group-schema";
import { partitionByPullRequest } from "./partition";
import { SPLIT_NAMES } from "@/lib/db/enums";
import { BENCHMARK_SCALE, LARGE_SCALE, generateSyntheticGroups } from "./synthetic-groups";

const benchmarkScale = generateSyntheticGroups(BENCHMARK_SCALE, seededRandom(1199));

function expectEveryPrInExactlyOneSplit(groups: readonly PullRequestGroup[], result: ReturnType<typeof partitionByPullRequest>) {
  const seen = new Map<string, number>();
  for (const name of SPLIT_NAMES) for (const key of result[name].keys) seen.set(key, (seen.get(key) ?? 0) + 1);
  expect(seen.size).toBe(groups.length);
  expect([...seen.values()].every((n) => n === 1)).toBe(true);
  expect(groups.every((g) => seen.has(g.key))).toBe(true);
}

describe("partitionByPullRequest at benchmark scale (124 PRs, 764 / 435)", () => {
  const result = partitionByPullRequest(benchmarkScale);

  it("hits the released split sizes exactly", () => {
    expect(result.maxAbsDeviation).toBe(0);
    expect(result.test.counts).toEqual({ trustworthy: 229, untrustworthy: 130 });
    expect(result.validation.counts).toEqual({ trustworthy: 80, untrustworthy: 46 });
    expect(result.train.counts).toEqual({ trustworthy: 455, untrustworthy: 259 });
    expect(result.test.target).toEqual(result.test.counts);
    expect(result.method).toEqual({ test: "exact-dp", validation: "exact-dp" });
    expect(result.provenOptimal).toBe(true);
  });

  it("puts every PR in exactly one split", () => {
    expectEveryPrInExactlyOneSplit(benchmarkScale, result);
  });

  it("reports counts that match the PRs listed in each split", () => {
    const byKey = new Map(benchmarkScale.map((g) => [g.key, g]));
    for (const name of SPLIT_NAMES) {
      const members = result[name].keys.map((k) => byKey.get(k)!);
      expect(members.reduce((a, g) => a + g.trustworthy, 0)).toBe(result[name].counts.trustworthy);
      expect(members.reduce((a, g) => a + g.untrustworthy, 0)).toBe(result[name].counts.untrustworthy);
    }
  });

  it("is reproducible per seed and changes with the seed", () => {
    const again = partitionByPullRequest(benchmarkScale, { seed: 42 });
    expect(again.test.keys).toEqual(result.test.keys);
    expect(again.validation.keys).toEqual(result.validation.keys);
    const other = partitionByPullRequest(benchmarkScale, { seed: 43 });
    expect(other.test.keys).not.toEqual(result.test.keys);
    expect(other.maxAbsDeviation).toBe(0);
  });

  it("does not depend on the order the PRs are listed in for its quality", () => {
    const reversed = partitionByPullRequest([...benchmarkScale].reverse());
    expect(reversed.maxAbsDeviation).toBe(0);
  });
});

describe("partitionByPullRequest at 48,000 instances over 7,000 PRs", () => {
  it("stays within one instance of every target", () => {
    const groups = generateSyntheticGroups(LARGE_SCALE, seededRandom(48));
    const result = partitionByPullRequest(groups);
    expect(result.maxAbsDeviation).toBeLessThanOrEqual(1);
    expect(result.method.test).toBe("greedy-fill+window-dp");
    expectEveryPrInExactlyOneSplit(groups, result);
  });
});

describe("partitionByPullRequest on a handful of PRs", () => {
  const tenPrs = [
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

  it("honours custom shares", () => {
    const result = partitionByPullRequest(tenPrs, { testShare: 0.5, validationShare: 0 });
    expect(result.test.target).toEqual({ trustworthy: 23, untrustworthy: 10 });
    expect(result.validation.keys).toEqual([]);
    expectEveryPrInExactlyOneSplit(tenPrs, result);
  });
});

describe("input validation", () => {
  const ok = { key: "octo/widgets#1", trustworthy: 3, untrustworthy: 1 };

  it("rejects a PR listed twice", () => {
    expect(() => partitionByPullRequest([ok, { ...ok, trustworthy: 1 }])).toThrowError(
      /groups\[1\]\.key duplicate key "octo\/widgets#1" \(also at groups\[0\]\)/,
    );
  });

  it("rejects negative and fractional counts, naming the field", () => {
    const negative = { key: "octo/widgets#2", trustworthy: -2, untrustworthy: 1 };
    expect(() => partitionByPullRequest([ok, negative])).toThrowError(/groups\[1\]\.trustworthy must not be negative/);
    expect(() => partitionByPullRequest([{ key: "octo/widgets#3", trustworthy: 1, untrustworthy: 0.5 }])).toThrowError(
      /groups\[0\]\.untrustworthy must be a whole number/,
    );
  });

  it("rejects empty PRs, empty keys and an empty list", () => {
    const empty = { key: "octo/widgets#4", trustworthy: 0, untrustworthy: 0 };
    expect(() => partitionByPullRequest([ok, empty])).toThrowError(/groups\[1\] has no instances/);
    expect(() => partitionByPullRequest([{ ...ok, key: "" }])).toThrowError(/groups\[0\]\.key must not be empty/);
    expect(() => partitionByPullRequest([])).toThrowError(/needs at least one PR group/);
  });

  it("rejects out-of-range shares", () => {
    expect(() => partitionByPullRequest([ok], { testShare: 1.2 })).toThrowError(/options\.testShare must be below 1/);
    expect(() => partitionByPullRequest([ok], { validationShare: -0.1 })).toThrowError(/Invalid split input/);
  });

  it("collects every problem into one error", () => {
    try {
      partitionByPullRequest([ok, ok, { key: "octo/widgets#9", trustworthy: -1, untrustworthy: 2 }]);
      expect.unreachable();
    } catch (error) {
      if (!isAppError(error, "invalid_input")) throw error;
      expect(error.details.issues).toHaveLength(2);
    }
  });
});
