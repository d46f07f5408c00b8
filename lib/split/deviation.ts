import type { ClassCounts } from "./group-schema";

/** Signed per-class miss, actual − target: +2 trustworthy means two trustworthy instances too many. */
export type Deviation = ClassCounts;

export function deviationBetween(actual: ClassCounts, target: ClassCounts): Deviation {
  return {
    trustworthy: actual.trustworthy - target.trustworthy,
    untrustworthy: actual.untrustworthy - target.untrustworthy,
  };
}

/** Instances off target in the worse class; the figure the splits are judged by. */
export function maxAbsDeviation(d: Deviation): number {
  return Math.max(Math.abs(d.trustworthy), Math.abs(d.untrustworthy));
}

function totalAbsDeviation(d: Deviation): number {
  return Math.abs(d.trustworthy) + Math.abs(d.untrustworthy);
}

/**
 * Order on deviations: the worse class first (max |Δ|), then the total miss (|Δt| + |Δu|),
 * so (1, 0) beats (1, 1) and both beat (2, 0). Negative when `a` is better.
 */
export function compareDeviation(a: Deviation, b: Deviation): number {
  return maxAbsDeviation(a) - maxAbsDeviation(b) || totalAbsDeviation(a) - totalAbsDeviation(b);
}
