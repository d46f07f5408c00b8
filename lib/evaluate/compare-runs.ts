import type { RunReport } from "./score-run";

export interface NamedRun {
  name: string;
  report: RunReport;
}

/** One row of a Table 2/Table 3-style comparison; ratios are fractions in [0, 1] or null. */
export interface ComparisonRow {
  name: string;
  n: number;
  accuracy: number | null;
  accuracyOverValid: number | null;
  positivePrecision: number | null;
  positiveRecall: number | null;
  positiveF1: number | null;
  negativePrecision: number | null;
  negativeRecall: number | null;
  negativeF1: number | null;
  macroF1: number | null;
  trueRate: number | null;
  goldTrueRate: number | null;
  /** gold items scored wrong for want of a valid prediction */
  unanswered: number;
}

/**
 * Rows sorted by accuracy, best first, as in the paper's Table 2; runs without an accuracy go
 * last, ties fall to macro-F1 then name so the order is stable.
 */
export function compareRuns(runs: readonly NamedRun[]): ComparisonRow[] {
  return runs
    .map(({ name, report }) => ({
      name,
      n: report.n,
      accuracy: report.accuracy,
      accuracyOverValid: report.accuracyOverValid,
      positivePrecision: report.positive.precision,
      positiveRecall: report.positive.recall,
      positiveF1: report.positive.f1,
      negativePrecision: report.negative.precision,
      negativeRecall: report.negative.recall,
      negativeF1: report.negative.f1,
      macroF1: report.macroF1,
      trueRate: report.trueRate,
      goldTrueRate: report.goldTrueRate,
      unanswered: report.n - report.answered,
    }))
    .sort((a, b) => descending(a.accuracy, b.accuracy) || descending(a.macroF1, b.macroF1) || byName(a.name, b.name));
}

function byName(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function descending(a: number | null, b: number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return b - a;
}
