import { describe, expect, it } from "vitest";
import { randomInt, seededRandom } from "@/lib/random/seeded";
import type { ClassCounts } from "./group-schema";
import { compareDeviation, maxAbsDeviation, type Deviation } from "./deviation";
import { selectGroupsNearTarget } from "./subset-sum";
import { exactSubsetSum } from "./subset-sum-exact";
import { windowedSubsetSum } from "./subset-sum-windowed";
import { BENCHMARK_SCALE, LARGE_SCALE, generateSyntheticGroups } from "./synthetic-groups";

function bruteForceBest(groups: readonly ClassCounts[], target: ClassCounts): Deviation {
  let best: Deviation | null = null;
  for (let mask = 0; mask < 1 << groups.length; mask++) {
    let t = 0;
    let u = 0;
    groups.forEach((g, i) => {
      if (mask & (1 << i)) {
        t += g.trustworthy;
        u += g.untrustworthy;
      }
    });
    const d = { trustworthy: t - target.trustworthy, untrustworthy: u - target.untrustworthy };
    if (!best || compareDeviation(d, best) < 0) best = d;
  }
  return best!;
}

function sumOf(groups: readonly ClassCounts[], chosen: readonly number[]): ClassCounts {
  return chosen.reduce(
    (s, i) => ({
      trustworthy: s.trustworthy + groups[i].trustworthy,
      untrustworthy: s.untrustworthy + groups[i].untrustworthy,
    }),
    { trustworthy: 0, untrustworthy: 0 },
  );
}

describe("compareDeviation", () => {
  it("ranks the worse class first, then the total miss", () => {
    const ranked = [
      { trustworthy: 2, untrustworthy: 0 },
      { trustworthy: -1, untrustworthy: 1 },
      { trustworthy: 0, untrustworthy: 0 },
      { trustworthy: 1, untrustworthy: 0 },
    ].sort(compareDeviation);
    expect(ranked).toEqual([
      { trustworthy: 0, untrustworthy: 0 },
      { trustworthy: 1, untrustworthy: 0 },
      { trustworthy: -1, untrustworthy: 1 },
      { trustworthy: 2, untrustworthy: 0 },
    ]);
  });
});

describe("selectGroupsNearTarget", () => {
  it("finds the exact subset when one exists among PRs with mixed labels", () => {
    const prs = [
      { trustworthy: 5, untrustworthy: 3 },
      { trustworthy: 2, untrustworthy: 2 },
      { trustworthy: 7, untrustworthy: 0 },
      { trustworthy: 1, untrustworthy: 4 },
      { trustworthy: 3, untrustworthy: 2 },
    ];
    // Only PRs 1, 2 and 3 sum to (10, 6).
    const picked = selectGroupsNearTarget(prs, { trustworthy: 10, untrustworthy: 6 }, seededRandom(42));
    expect(picked.deviation).toEqual({ trustworthy: 0, untrustworthy: 0 });
    expect(picked.chosen).toEqual([1, 2, 3]);
    expect(picked.provenOptimal).toBe(true);
  });

  it("falls back to the closest subset when the target is unreachable", () => {
    const twoLargePrs = [
      { trustworthy: 10, untrustworthy: 10 },
      { trustworthy: 12, untrustworthy: 9 },
    ];
    const picked = selectGroupsNearTarget(twoLargePrs, { trustworthy: 11, untrustworthy: 2 }, seededRandom(1));
    // Empty set misses by 11; (10,10) by 8 untrustworthy; (12,9) by 7; both by 11 + 17.
    expect(picked.deviation).toEqual({ trustworthy: 1, untrustworthy: 7 });
    expect(picked.chosen).toEqual([1]);
    expect(picked.provenOptimal).toBe(true);
  });

  it("matches brute force on 200 random small cases", () => {
    const random = seededRandom(2024);
    for (let c = 0; c < 200; c++) {
      const n = 1 + randomInt(random, 12);
      const groups = Array.from({ length: n }, () => {
        const big = random() < 0.2;
        const trustworthy = randomInt(random, big ? 40 : 8);
        // Big PRs reach past 32 untrustworthy, exercising multi-word shifts in the bitset rows.
        return { trustworthy, untrustworthy: randomInt(random, big ? 70 : 6) + (trustworthy === 0 ? 1 : 0) };
      });
      const totalT = groups.reduce((a, g) => a + g.trustworthy, 0);
      const totalU = groups.reduce((a, g) => a + g.untrustworthy, 0);
      const target = {
        trustworthy: randomInt(random, Math.round(totalT * 1.2) + 2),
        untrustworthy: randomInt(random, Math.round(totalU * 1.2) + 2),
      };
      const picked = selectGroupsNearTarget(groups, target, seededRandom(c));
      const expected = bruteForceBest(groups, target);
      expect(compareDeviation(picked.deviation, expected), `case ${c}`).toBe(0);
      expect(sumOf(groups, picked.chosen)).toEqual({
        trustworthy: target.trustworthy + picked.deviation.trustworthy,
        untrustworthy: target.untrustworthy + picked.deviation.untrustworthy,
      });
      expect(new Set(picked.chosen).size).toBe(picked.chosen.length);
    }
  });

  it("breaks ties by seed: different seeds pick different equally good subsets", () => {
    const manySingletons = Array.from({ length: 30 }, (_, i) => ({
      trustworthy: 1 + (i % 3),
      untrustworthy: i % 2,
    }));
    const target = { trustworthy: 20, untrustworthy: 7 };
    const a = selectGroupsNearTarget(manySingletons, target, seededRandom(42));
    const b = selectGroupsNearTarget(manySingletons, target, seededRandom(42));
    const c = selectGroupsNearTarget(manySingletons, target, seededRandom(7));
    expect(a.chosen).toEqual(b.chosen);
    expect(c.chosen).not.toEqual(a.chosen);
    expect([maxAbsDeviation(a.deviation), maxAbsDeviation(c.deviation)]).toEqual([0, 0]);
  });

  it("switches to the windowed method when the exact grid is over budget, still hitting the target", () => {
    const groups = generateSyntheticGroups(BENCHMARK_SCALE, seededRandom(3));
    const picked = selectGroupsNearTarget(groups, { trustworthy: 229, untrustworthy: 130 }, seededRandom(42), {
      exactBudget: 1000,
    });
    expect(picked.method).toBe("greedy-fill+window-dp");
    expect(picked.deviation).toEqual({ trustworthy: 0, untrustworthy: 0 });
    expect(sumOf(groups, picked.chosen)).toEqual({ trustworthy: 229, untrustworthy: 130 });
  });

  // how long it takes: `select_large_ms` in scripts/bench-split.ts
  it("hits a 48k-instance test target within one instance", () => {
    const groups = generateSyntheticGroups(LARGE_SCALE, seededRandom(11));
    const picked = selectGroupsNearTarget(groups, { trustworthy: 9176, untrustworthy: 5224 }, seededRandom(42));
    expect(maxAbsDeviation(picked.deviation)).toBeLessThanOrEqual(1);
    expect(sumOf(groups, picked.chosen)).toEqual(picked.sum);
  });
});

describe("exactSubsetSum", () => {
  it("widens the grid when the best subset lies beyond the initial slack", () => {
    const coarse = [
      { trustworthy: 20, untrustworthy: 0 },
      { trustworthy: 0, untrustworthy: 20 },
    ];
    const result = exactSubsetSum(coarse, { trustworthy: 12, untrustworthy: 12 }, { initialSlack: 2 });
    expect(result?.deviation).toEqual({ trustworthy: 8, untrustworthy: 8 });
    expect(result?.chosen).toEqual([0, 1]);
    expect(result?.provenOptimal).toBe(true);
  });

  it("handles PRs whose untrustworthy count is a whole number of bitset words", () => {
    const prs = [
      { trustworthy: 1, untrustworthy: 32 },
      { trustworthy: 2, untrustworthy: 64 },
      { trustworthy: 1, untrustworthy: 3 },
    ];
    const result = exactSubsetSum(prs, { trustworthy: 3, untrustworthy: 67 });
    expect(result?.chosen).toEqual([1, 2]);
    expect(result?.deviation).toEqual({ trustworthy: 0, untrustworthy: 0 });
  });

  it("looks past the grid for a subset that ties on the worse class but misses less in total", () => {
    // (7,7) misses by 3 in both classes; (13,10) by 3 in one, but lies beyond a slack of 2.
    const prs = [
      { trustworthy: 7, untrustworthy: 7 },
      { trustworthy: 13, untrustworthy: 10 },
    ];
    const result = exactSubsetSum(prs, { trustworthy: 10, untrustworthy: 10 }, { initialSlack: 2 });
    expect(result?.chosen).toEqual([1]);
    expect(result?.deviation).toEqual({ trustworthy: 3, untrustworthy: 0 });
  });

  it("declines (null) when even the first grid exceeds the budget", () => {
    const many = Array.from({ length: 500 }, () => ({ trustworthy: 3, untrustworthy: 2 }));
    expect(exactSubsetSum(many, { trustworthy: 400, untrustworthy: 300 }, { budget: 10_000 })).toBeNull();
  });
});

describe("windowedSubsetSum", () => {
  it("returns a valid subset whose reported sum matches its members", () => {
    const groups = generateSyntheticGroups(BENCHMARK_SCALE, seededRandom(9));
    const result = windowedSubsetSum(groups, { trustworthy: 80, untrustworthy: 46 });
    expect(sumOf(groups, result.chosen)).toEqual(result.sum);
    expect(result.deviation).toEqual({ trustworthy: 0, untrustworthy: 0 });
  });
});
