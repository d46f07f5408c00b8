// Agreement between annotators, for the team lead: Cohen's kappa and raw agreement overall, per
// annotator pair, per repository and per week. Every two annotators who labelled the same instance
// form one pair-item (an instance with three labels gives three); within a pair the annotators are
// ordered by login so "alice × bob" is one row whatever the submission order. "Overall" pools all
// pair-items into one 2-rater table (a pooled Cohen's kappa), documented here because it is a choice.
import { cohenKappa, type AgreementStats } from "./cohen-kappa";

export interface LabelForAgreement {
  instanceId: string;
  repository: string;
  annotator: string;
  value: string;
  createdAt: Date;
}

export interface AgreementRow extends AgreementStats {
  key: string;
}

export interface AgreementReport {
  overall: AgreementStats;
  byPair: AgreementRow[];
  byRepository: AgreementRow[];
  /** key: ISO date (Monday, UTC) of the week the pair was completed */
  byWeek: AgreementRow[];
  instancesWithPairs: number;
}

interface PairItem {
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

export function pairItems(labels: readonly LabelForAgreement[]): PairItem[] {
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
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, group]) => ({ key, ...cohenKappa(group.map((g) => g.values)) }));
}

export function agreementReport(labels: readonly LabelForAgreement[]): AgreementReport {
  const items = pairItems(labels);
  return {
    overall: cohenKappa(items.map((i) => i.values)),
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
