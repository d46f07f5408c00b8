// Cohen's kappa for two raters over nominal categories: κ = (p_o − p_e) / (1 − p_e), with p_o the
// observed agreement and p_e the agreement expected from each rater's own category frequencies.
//
// Convention for the degenerate case p_e = 1 (both raters used one and the same category for every
// item, so agreement is perfect but chance explains all of it): κ is undefined and reported as
// null, with raw agreement still 1. No items: both null.

export interface AgreementStats {
  /** items both raters labelled */
  n: number;
  agreed: number;
  rawAgreement: number | null;
  expectedAgreement: number | null;
  kappa: number | null;
  /**
   * Large-sample standard error of κ, √(p_o(1 − p_o) / (n(1 − p_e)²)) (Cohen 1960); null with κ.
   * With few items it is wide, which is what the small-sample warning shows.
   */
  kappaStandardError: number | null;
}

export function cohenKappa(pairs: readonly (readonly [string, string])[]): AgreementStats {
  const n = pairs.length;
  if (n === 0) return { n: 0, agreed: 0, rawAgreement: null, expectedAgreement: null, kappa: null, kappaStandardError: null };
  const first = new Map<string, number>();
  const second = new Map<string, number>();
  let agreed = 0;
  for (const [a, b] of pairs) {
    if (a === b) agreed++;
    first.set(a, (first.get(a) ?? 0) + 1);
    second.set(b, (second.get(b) ?? 0) + 1);
  }
  const po = agreed / n;
  let pe = 0;
  for (const [category, count] of first) pe += (count / n) * ((second.get(category) ?? 0) / n);
  // floating sums can land a hair off 1 when every item is in one category
  const degenerate = Math.abs(1 - pe) < 1e-12;
  return {
    n,
    agreed,
    rawAgreement: po,
    expectedAgreement: pe,
    kappa: degenerate ? null : (po - pe) / (1 - pe),
    kappaStandardError: degenerate ? null : Math.sqrt((po * (1 - po)) / (n * (1 - pe) ** 2)),
  };
}

/**
 * κ of two raters' yes/no calls as one number, for benchmark lines (lib/perturb's rater agreement): NaN with
 * no items, and 1 in the degenerate case above (both raters made the same one call on every item).
 */
export function yesNoKappa(pairs: readonly (readonly [boolean, boolean])[]): number {
  const stats = cohenKappa(pairs.map(([a, b]) => [String(a), String(b)] as const));
  return stats.n === 0 ? Number.NaN : (stats.kappa ?? 1);
}
