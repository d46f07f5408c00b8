// Agreement between annotators, for the team lead: Cohen's kappa and raw agreement overall, per
// annotator pair, per repository and per week. Every two annotators who labelled the same instance
// form one pair-item (an instance with three labels gives three); within a pair the annotators are
// ordered by login so "alice × bob" is one row whatever the submission order. "Overall" pools all
// pair-items into one 2-rater table (a pooled Cohen's kappa), documented here because it is a choice.
//
// Each row also carries what a lead needs to act on the figure: the confusion matrix (first
// annotator of the pair by login down the rows, second across), the instances the two disagree on
// (for drill-down), and whether the sample is too small for κ to be read on its own.
import { LABEL_VALUES } from "@/lib/db/enums";
import { cohenKappa, type AgreementStats } from "./cohen-kappa";

/**
 * Below this many pairs κ is shown with a warning: its 95% interval is then typically wider than
 * ±0.3 (one changed label moves κ of 10 pairs by about 0.2), so it cannot separate "fair" from
 * "substantial".
 */
export const MIN_PAIRS_FOR_KAPPA = 30;

export interface LabelForAgreement {
  instanceId: string;
  repository: string;
  annotator: string;
  value: string;
  createdAt: Date;
}

export interface Disagreement {
  instanceId: string;
  /** the two labels, in the order of the row's annotators (by login) */
  values: [string, string];
}

export interface AgreementRow extends AgreementStats {
  key: string;
  /** the label values, in the order of the matrix's rows and columns */
  categories: string[];
  /** confusion[i][j]: pairs where the first annotator chose categories[i] and the second categories[j] */
  confusion: number[][];
  disagreements: Disagreement[];
  /** fewer than MIN_PAIRS_FOR_KAPPA pairs: κ is shown with a warning */
  smallSample: boolean;
}

export interface AgreementReport {
  overall: AgreementRow;
  byPair: AgreementRow[];
  byRepository: AgreementRow[];
  /** key: ISO date (Monday, UTC) of the week the pair was completed */
  byWeek: AgreementRow[];
  instancesWithPairs: number;
}

interface PairItem {
  instanceId: string;
  pair: string;
  repository: string;
  week: string;
  values: [string, string];
}

export function weekStart(date: Date): string {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const sinceMonday = (d.getUTCDay() + 6) % 7;
  d.setUTCDate(d.getUTCDate() - sinceMonday);
  return d.toISOString().slice(0, 10);
}

function pairItems(labels: readonly LabelForAgreement[]): PairItem[] {
  const byInstance = new Map<string, LabelForAgreement[]>();
  for (const l of labels) byInstance.set(l.instanceId, [...(byInstance.get(l.instanceId) ?? []), l]);
  const items: PairItem[] = [];
  for (const group of byInstance.values()) {
    const sorted = [...group].sort((a, b) => a.annotator.localeCompare(b.annotator));
    for (let i = 0; i < sorted.length; i++) {
      for (let j = i + 1; j < sorted.length; j++) {
        const [a, b] = [sorted[i], sorted[j]];
        const completed = a.createdAt > b.createdAt ? a.createdAt : b.createdAt;
        items.push({
          instanceId: a.instanceId,
          pair: `${a.annotator} × ${b.annotator}`,
          repository: a.repository,
          week: weekStart(completed),
          values: [a.value, b.value],
        });
      }
    }
  }
  return items;
}

function grouped(items: PairItem[], keyOf: (i: PairItem) => string): AgreementRow[] {
  const groups = new Map<string, PairItem[]>();
  for (const i of items) groups.set(keyOf(i), [...(groups.get(keyOf(i)) ?? []), i]);
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([key, group]) => agreementRow(key, group));
}

function agreementRow(key: string, items: readonly PairItem[]): AgreementRow {
  const seen = new Set(items.flatMap((item) => item.values));
  // the label values in their usual order, then any other value found (kept, never hidden)
  const categories = [
    ...LABEL_VALUES.filter((value) => seen.has(value)),
    ...[...seen].filter((value) => !LABEL_VALUES.some((v) => v === value)).sort(),
  ];
  const confusion = categories.map(() => categories.map(() => 0));
  for (const { values } of items) confusion[categories.indexOf(values[0])][categories.indexOf(values[1])]++;
  const stats = cohenKappa(items.map((item) => item.values));
  return {
    key,
    ...stats,
    categories,
    confusion,
    disagreements: items
      .filter((item) => item.values[0] !== item.values[1])
      .map((item) => ({ instanceId: item.instanceId, values: item.values })),
    smallSample: stats.n < MIN_PAIRS_FOR_KAPPA,
  };
}

export function agreementReport(labels: readonly LabelForAgreement[]): AgreementReport {
  const items = pairItems(labels);
  return {
    overall: agreementRow("overall", items),
    byPair: grouped(items, (i) => i.pair),
    byRepository: grouped(items, (i) => i.repository),
    byWeek: grouped(items, (i) => i.week),
    instancesWithPairs: countInstancesWithPairs(labels),
  };
}

function countInstancesWithPairs(labels: readonly LabelForAgreement[]): number {
  const counts = new Map<string, number>();
  for (const l of labels) counts.set(l.instanceId, (counts.get(l.instanceId) ?? 0) + 1);
  return [...counts.values()].filter((c) => c >= 2).length;
}

export interface KappaPoint {
  /** ISO date (Monday, UTC) of the week */
  week: string;
  /** pair-items completed up to the end of this week */
  n: number;
  /** κ of those pair-items (null when it is undefined: one category only, or no items) */
  kappa: number | null;
  /** fewer than MIN_PAIRS_FOR_KAPPA pair-items: read with care */
  smallSample: boolean;
}

export interface PairTrend {
  pair: string;
  points: KappaPoint[];
}

/**
 * κ of each annotator pair over time: for every week in which the pair completed an instance, κ of all
 * its pair-items up to the end of that week (cumulative, since one week alone holds too few items for
 * κ to mean much).
 */
export function kappaTrends(labels: readonly LabelForAgreement[]): PairTrend[] {
  const byPair = new Map<string, PairItem[]>();
  for (const item of pairItems(labels)) byPair.set(item.pair, [...(byPair.get(item.pair) ?? []), item]);
  return [...byPair.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([pair, items]) => {
      const weeks = [...new Set(items.map((i) => i.week))].sort();
      return {
        pair,
        points: weeks.map((week) => {
          const upTo = items.filter((i) => i.week <= week);
          const stats = cohenKappa(upTo.map((i) => i.values));
          return { week, n: stats.n, kappa: stats.kappa, smallSample: stats.n < MIN_PAIRS_FOR_KAPPA };
        }),
      };
    });
}
