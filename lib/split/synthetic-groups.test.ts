import { describe, expect, it } from "vitest";
import { seededRandom } from "@/lib/random/seeded";
import { PullRequestGroupsSchema } from "./group-schema";
import { BENCHMARK_SCALE, LARGE_SCALE, generateSyntheticGroups, syntheticInstanceCount } from "./synthetic-groups";

const sizes = (groups: { trustworthy: number; untrustworthy: number }[]) => groups.map((g) => g.trustworthy + g.untrustworthy);

describe("generateSyntheticGroups", () => {
  it("matches the released benchmark's totals: 124 PRs, 9 repositories, 764 / 435", () => {
    const groups = generateSyntheticGroups(BENCHMARK_SCALE, seededRandom(1));
    expect(groups).toHaveLength(124);
    expect(groups.reduce((a, g) => a + g.trustworthy, 0)).toBe(764);
    expect(groups.reduce((a, g) => a + g.untrustworthy, 0)).toBe(435);
    expect(new Set(groups.map((g) => g.key.split("#")[0])).size).toBe(9);
    expect(PullRequestGroupsSchema.safeParse(groups).success).toBe(true); // unique keys, no empty PRs
  });

  it("skews PR sizes: mostly 1–10 instances, a few with 30 or more", () => {
    const s = sizes(generateSyntheticGroups(BENCHMARK_SCALE, seededRandom(2)));
    expect(s.filter((n) => n <= 10).length).toBeGreaterThan(0.7 * s.length);
    expect(s.filter((n) => n >= 30).length).toBeGreaterThanOrEqual(8);
    expect(s.filter((n) => n >= 30).length).toBeLessThan(0.25 * s.length);
  });

  it("keeps each perturbed negative with a trustworthy source in its PR", () => {
    const groups = generateSyntheticGroups(BENCHMARK_SCALE, seededRandom(3));
    // Only the 65 natural negatives can make a PR have more negatives than positives.
    const excess = groups.reduce((a, g) => a + Math.max(0, g.untrustworthy - g.trustworthy), 0);
    expect(excess).toBeLessThanOrEqual(65);
  });

  it("reaches 48,000 instances over 7,000 PRs", () => {
    const groups = generateSyntheticGroups(LARGE_SCALE, seededRandom(4));
    expect(groups).toHaveLength(7000);
    expect(sizes(groups).reduce((a, b) => a + b, 0)).toBe(48000);
    expect(syntheticInstanceCount(LARGE_SCALE)).toBe(48000);
    expect(new Set(groups.map((g) => g.key)).size).toBe(7000);
  });

  it("is reproducible per seed", () => {
    expect(generateSyntheticGroups(BENCHMARK_SCALE, seededRandom(9))).toEqual(generateSyntheticGroups(BENCHMARK_SCALE, seededRandom(9)));
    expect(generateSyntheticGroups(BENCHMARK_SCALE, seededRandom(9))).not.toEqual(
      generateSyntheticGroups(BENCHMARK_SCALE, seededRandom(10)),
    );
  });

  it("refuses a spec whose sizes cannot add up", () => {
    const tooManyPrs = { ...BENCHMARK_SCALE, pullRequests: 2000 };
    expect(() => generateSyntheticGroups(tooManyPrs, seededRandom(1))).toThrow(RangeError);
  });
});
