import type { ClassCounts } from "./group-schema";

export type SplitTargets = { train: ClassCounts; validation: ClassCounts; test: ClassCounts };

/**
 * Python's built-in `round` (banker's rounding on the exact double), which produced the
 * released split sizes: 435 × 0.3 = 130.5 rounds to 130, not 131.
 */
export function roundHalfToEven(x: number): number {
  const floor = Math.floor(x);
  const fraction = x - floor; // exact for |x| < 2^52
  if (fraction < 0.5) return floor;
  if (fraction > 0.5) return floor + 1;
  return floor % 2 === 0 ? floor : floor + 1;
}

/**
 * Per-class targets (paper §2): test = round(share × class count) for each class, then
 * validation = round(validationShare × train-pool class count), train = the rest. Targets are
 * per class, so the test size is 229 + 130 = 359 rather than round(0.3 × 1199) = 360.
 */
export function computeSplitTargets(
  totals: ClassCounts,
  { testShare, validationShare }: { testShare: number; validationShare: number },
): SplitTargets {
  const test = {
    trustworthy: roundHalfToEven(totals.trustworthy * testShare),
    untrustworthy: roundHalfToEven(totals.untrustworthy * testShare),
  };
  const pool = {
    trustworthy: totals.trustworthy - test.trustworthy,
    untrustworthy: totals.untrustworthy - test.untrustworthy,
  };
  const validation = {
    trustworthy: roundHalfToEven(pool.trustworthy * validationShare),
    untrustworthy: roundHalfToEven(pool.untrustworthy * validationShare),
  };
  const train = {
    trustworthy: pool.trustworthy - validation.trustworthy,
    untrustworthy: pool.untrustworthy - validation.untrustworthy,
  };
  return { train, validation, test };
}
