// Trustworthy (`true`) is the positive class, as in the paper's Table 2. A gold item without a
// usable prediction (invalid or missing) is "unanswered": it counts against accuracy and its
// class's recall, but is not a predicted positive or negative, so precision ignores it.

export interface JudgedItem {
  gold: boolean;
  /** null when the judge gave no valid prediction for this item */
  predicted: boolean | null;
}

export interface Confusion {
  tp: number;
  fp: number;
  tn: number;
  fn: number;
  unansweredPositive: number;
  unansweredNegative: number;
}

export interface ClassMetrics {
  precision: number | null;
  recall: number | null;
  f1: number | null;
  /** gold items of this class */
  support: number;
  /** valid predictions of this class */
  predicted: number;
}

export interface ConfusionMetrics {
  n: number;
  /** correct / all gold items: invalid and missing count as wrong */
  accuracy: number | null;
  /** correct / gold items with a valid prediction */
  accuracyOverValid: number | null;
  positive: ClassMetrics;
  negative: ClassMetrics;
  /** mean of the class F1s that are defined (sklearn's convention for absent labels) */
  macroF1: number | null;
  /** share of valid predictions that are `true` (paper Table 3) */
  trueRate: number | null;
  /** share of gold items that are trustworthy, for comparison with trueRate */
  goldTrueRate: number | null;
}

/** Tallies every item, or only `indices` (with repeats) for a bootstrap resample. */
export function tallyConfusion(items: readonly JudgedItem[], indices?: ArrayLike<number>): Confusion {
  const c: Confusion = { tp: 0, fp: 0, tn: 0, fn: 0, unansweredPositive: 0, unansweredNegative: 0 };
  const count = indices ? indices.length : items.length;
  for (let k = 0; k < count; k++) {
    const { gold, predicted } = items[indices ? indices[k] : k];
    if (predicted === null) {
      if (gold) c.unansweredPositive++;
      else c.unansweredNegative++;
    } else if (gold) {
      if (predicted) c.tp++;
      else c.fn++;
    } else if (predicted) c.fp++;
    else c.tn++;
  }
  return c;
}

export function metricsFromConfusion(c: Confusion): ConfusionMetrics {
  const goldPositive = c.tp + c.fn + c.unansweredPositive;
  const goldNegative = c.tn + c.fp + c.unansweredNegative;
  const n = goldPositive + goldNegative;
  const answered = c.tp + c.fp + c.tn + c.fn;
  const positive = classMetrics(c.tp, c.tp + c.fp, goldPositive);
  const negative = classMetrics(c.tn, c.tn + c.fn, goldNegative);
  const f1s = [positive.f1, negative.f1].filter((f1): f1 is number => f1 !== null);
  return {
    n,
    accuracy: ratio(c.tp + c.tn, n),
    accuracyOverValid: ratio(c.tp + c.tn, answered),
    positive,
    negative,
    macroF1: f1s.length === 0 ? null : f1s.reduce((sum, f1) => sum + f1, 0) / f1s.length,
    trueRate: ratio(c.tp + c.fp, answered),
    goldTrueRate: ratio(goldPositive, n),
  };
}

function classMetrics(hits: number, predicted: number, support: number): ClassMetrics {
  return {
    precision: ratio(hits, predicted),
    recall: ratio(hits, support),
    // 2·hits/(predicted+support) is the harmonic mean of P and R where both exist, and stays
    // defined (0) when one side is 0/0 but the class occurs; null only if it never occurs.
    f1: ratio(2 * hits, predicted + support),
    support,
    predicted,
  };
}

/** num/den, or null for 0/0 (never NaN, never a made-up 0). */
export function ratio(num: number, den: number): number | null {
  return den === 0 ? null : num / den;
}
