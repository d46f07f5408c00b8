import { randomInt, shuffled, type Random } from "@/lib/random/seeded";
import type { PullRequestGroup } from "./group-schema";

export type SyntheticGroupSpec = {
  pullRequests: number;
  repositories: number;
  /** Human-confirmed trustworthy comments. */
  trustworthy: number;
  /** Human-confirmed untrustworthy comments (no copy). */
  naturalNegatives: number;
  /** Untrustworthy copies of trustworthy comments, kept in their source PR (paper §2). */
  perturbedNegatives: number;
  /** Most PRs carry a handful of annotated comments (a comment and its perturbed copy count once)... */
  smallComments: readonly [min: number, max: number];
  /** ...and a few long reviews carry dozens. */
  largeComments: readonly [min: number, max: number];
};

/** CRJudgeBench as released: 764 true, 65 natural + 370 perturbed false = 1,199 over 124 PRs, 9 repos. */
export const BENCHMARK_SCALE: SyntheticGroupSpec = {
  pullRequests: 124,
  repositories: 9,
  trustworthy: 764,
  naturalNegatives: 65,
  perturbedNegatives: 370,
  smallComments: [1, 7],
  largeComments: [20, 36],
};

/** The paper's pre-annotation pool size (48,027 instances, ~7,086 PRs) with the same mix. */
export const LARGE_SCALE: SyntheticGroupSpec = {
  pullRequests: 7000,
  repositories: 60,
  trustworthy: 30586, // 48,000 × 764 / 1,199
  naturalNegatives: 2602,
  perturbedNegatives: 14812, // 17,414 negatives split 65 : 370 as in the benchmark
  smallComments: [1, 7],
  largeComments: [20, 36],
};

export const syntheticInstanceCount = (spec: SyntheticGroupSpec) => spec.trustworthy + spec.naturalNegatives + spec.perturbedNegatives;

// Squaring a uniform draw skews small PRs towards 1–3 comments, as review threads are.
const drawSmall = (random: Random, [min, max]: readonly [number, number]) => min + Math.floor(random() ** 2 * (max - min + 1));
const smallMean = ([min, max]: readonly [number, number]) => min + (max - min + 1) / 3 - 0.5;

/**
 * Seeded, realistic PR group lists for tests and benchmarks. Each PR gets a skewed number of
 * annotated comments (summing exactly to the spec); comments are dealt from a shuffled deck of
 * plain trustworthy, trustworthy-with-perturbed-copy (1 + 1, same PR) and natural untrustworthy
 * ones, so the class totals are exact and negatives cluster with their source positives.
 * PRs are spread over repositories with a long tail (a few dominate, as in the paper's Fig. 3).
 */
export function generateSyntheticGroups(spec: SyntheticGroupSpec, random: Random): PullRequestGroup[] {
  const { pullRequests: n, smallComments, largeComments } = spec;
  const comments = spec.trustworthy + spec.naturalNegatives;
  if (spec.perturbedNegatives > spec.trustworthy) {
    throw new RangeError("each perturbed negative needs its own trustworthy source comment");
  }
  if (comments < n * smallComments[0] || comments > n * largeComments[1]) {
    throw new RangeError(`cannot spread ${comments} comments over ${n} PRs with these sizes`);
  }

  const largeMean = (largeComments[0] + largeComments[1]) / 2;
  const sMean = smallMean(smallComments);
  const largeCount = Math.max(0, Math.min(n, Math.round((comments - n * sMean) / (largeMean - sMean))));
  const bands = shuffled(
    Array.from({ length: n }, (_, i) => (i < largeCount ? largeComments : smallComments)),
    random,
  );
  const sizes = bands.map((band) =>
    band === largeComments ? band[0] + randomInt(random, band[1] - band[0] + 1) : drawSmall(random, band),
  );

  // Nudge random PRs by one (first within their band, then across bands) until the total is exact.
  let missing = comments - sizes.reduce((a, b) => a + b, 0);
  for (const widen of [false, true]) {
    let stalls = 0;
    while (missing !== 0 && stalls < 50 * n) {
      const i = randomInt(random, n);
      const [lo, hi] = widen ? [smallComments[0], largeComments[1]] : bands[i];
      const step = missing > 0 ? 1 : -1;
      if (sizes[i] + step < lo || sizes[i] + step > hi) {
        stalls++;
        continue;
      }
      sizes[i] += step;
      missing -= step;
    }
  }
  if (missing !== 0) throw new RangeError(`could not reach ${comments} comments`);

  const PLAIN = 0;
  const PERTURBED = 1;
  const NATURAL_NEGATIVE = 2;
  const deck = shuffled(
    Array.from({ length: comments }, (_, i) => (i < spec.perturbedNegatives ? PERTURBED : i < spec.trustworthy ? PLAIN : NATURAL_NEGATIVE)),
    random,
  );
  const repos = Array.from({ length: spec.repositories }, (_, r) => ({
    name: `synthetic-org-${r + 1}/project-${r + 1}`,
    weight: 1 / (r + 1),
    nextNumber: 100 + randomInt(random, 4900),
  }));
  const totalWeight = repos.reduce((a, r) => a + r.weight, 0);
  const pickRepo = (i: number) => {
    if (i < repos.length) return repos[i]; // every repository gets at least one PR
    let x = random() * totalWeight;
    for (const repo of repos) {
      x -= repo.weight;
      if (x < 0) return repo;
    }
    return repos[repos.length - 1];
  };

  let dealt = 0;
  return sizes.map((size, i) => {
    const repo = pickRepo(i);
    repo.nextNumber += 1 + randomInt(random, 40);
    let trustworthy = 0;
    let untrustworthy = 0;
    for (const card of deck.slice(dealt, dealt + size)) {
      if (card !== NATURAL_NEGATIVE) trustworthy++;
      if (card !== PLAIN) untrustworthy++;
    }
    dealt += size;
    return { key: `${repo.name}#${repo.nextNumber}`, trustworthy, untrustworthy };
  });
}
