import { z } from "zod";
import { AppError } from "@/lib/errors";
import { PERTURBATION_KINDS } from "@/lib/db/enums";
import { metricsFromConfusion, ratio, tallyConfusion, type Confusion, type ConfusionMetrics } from "./confusion-metrics";
import type { ParsedPredictions } from "./prediction-records";

// a judged row comes from a human comment or from one kind of perturbation
export const SampleSourceSchema = z.enum(["human", ...PERTURBATION_KINDS]);
export type SampleSource = z.infer<typeof SampleSourceSchema>;

/** The private side of a judge task: its label and provenance, keyed by the blinded eval_id. */
export const GoldItemSchema = z.object({
  evalId: z.string().min(1),
  trustworthy: z.boolean(),
  repo: z.string().min(1),
  source: SampleSourceSchema,
});
export type GoldItem = z.infer<typeof GoldItemSchema>;

export type ItemOutcome = "correct" | "wrong" | "invalid" | "missing";

export interface ScoredItem {
  evalId: string;
  repo: string;
  source: SampleSource;
  gold: boolean;
  predicted: boolean | null;
  outcome: ItemOutcome;
}

export interface Breakdown {
  key: string;
  n: number;
  correct: number;
  wrong: number;
  invalid: number;
  missing: number;
  /** correct / n (invalid and missing count as wrong) */
  accuracy: number | null;
  accuracyOverValid: number | null;
}

export interface RunReport extends ConfusionMetrics {
  confusion: Confusion;
  /** gold items with a valid prediction */
  answered: number;
  byRepository: Breakdown[];
  bySource: Breakdown[];
  invalid: {
    /** every invalid record in the input: malformed, duplicate, or naming an unknown eval_id */
    records: number;
    duplicates: number;
    /** invalid records without a readable eval_id */
    unattributed: number;
    /** gold items whose (first) row was invalid; scored as wrong */
    goldItems: number;
  };
  /** gold eval_ids no record named at all; scored as wrong */
  missing: { count: number; evalIds: string[] };
  /** eval_ids of valid predictions that are not in the gold set; not scored */
  unknown: { count: number; evalIds: string[] };
  items: ScoredItem[];
}

/**
 * Scores one judge run against the gold labels. Every gold item ends up exactly one of
 * correct / wrong / invalid / missing, and every input record is scored, unknown or invalid.
 * Accuracy is over all gold items (a judge that fails to answer is wrong, as in the paper's
 * 275/359); `accuracyOverValid` is reported beside it.
 */
export function scoreRun(gold: readonly GoldItem[], predictions: ParsedPredictions): RunReport {
  const goldItems = z.array(GoldItemSchema).parse(gold);
  const goldIds = new Set<string>();
  for (const item of goldItems) {
    if (goldIds.has(item.evalId))
      throw new AppError("duplicate", `gold set lists eval_id ${JSON.stringify(item.evalId)} twice; each judge task needs one label`, {
        evalId: item.evalId,
      });
    goldIds.add(item.evalId);
  }

  // Parsed predictions are already one per eval_id; a Map keeps the first if a caller merged badly.
  const predicted = new Map<string, boolean>();
  for (const p of predictions.predictions) if (!predicted.has(p.evalId)) predicted.set(p.evalId, p.prediction);
  const invalidIds = new Set(predictions.invalid.flatMap((r) => (r.evalId !== null && !r.duplicate ? [r.evalId] : [])));

  const items: ScoredItem[] = goldItems.map((item) => {
    const prediction = predicted.get(item.evalId);
    const outcome: ItemOutcome =
      prediction !== undefined
        ? prediction === item.trustworthy
          ? "correct"
          : "wrong"
        : invalidIds.has(item.evalId)
          ? "invalid"
          : "missing";
    return {
      evalId: item.evalId,
      repo: item.repo,
      source: item.source,
      gold: item.trustworthy,
      predicted: prediction ?? null,
      outcome,
    };
  });

  const confusion = tallyConfusion(items);
  const unknownIds = [...new Set(predictions.predictions.map((p) => p.evalId).filter((id) => !goldIds.has(id)))];
  const missingIds = items.filter((item) => item.outcome === "missing").map((item) => item.evalId);

  return {
    ...metricsFromConfusion(confusion),
    confusion,
    answered: items.filter((item) => item.predicted !== null).length,
    byRepository: breakdown(items, (item) => item.repo),
    bySource: breakdown(items, (item) => item.source),
    invalid: {
      records: predictions.invalid.length,
      duplicates: predictions.invalid.filter((r) => r.duplicate).length,
      unattributed: predictions.invalid.filter((r) => r.evalId === null).length,
      goldItems: items.filter((item) => item.outcome === "invalid").length,
    },
    missing: { count: missingIds.length, evalIds: missingIds },
    unknown: { count: unknownIds.length, evalIds: unknownIds },
    items,
  };
}

function breakdown(items: readonly ScoredItem[], keyOf: (item: ScoredItem) => string): Breakdown[] {
  const groups = new Map<string, Breakdown>();
  for (const item of items) {
    const key = keyOf(item);
    let group = groups.get(key);
    if (!group) {
      group = { key, n: 0, correct: 0, wrong: 0, invalid: 0, missing: 0, accuracy: null, accuracyOverValid: null };
      groups.set(key, group);
    }
    group.n++;
    group[item.outcome]++;
  }
  return [...groups.values()]
    .map((group) => ({
      ...group,
      accuracy: ratio(group.correct, group.n),
      accuracyOverValid: ratio(group.correct, group.correct + group.wrong),
    }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
