// What EvalRun.report holds: the scored run, its bootstrap intervals and what was imported.
// Parsed on the way in and on the way out, so a page never renders a report of another shape.
import { z } from "zod";
import type { BootstrapIntervals } from "./bootstrap";
import { InvalidPredictionSchema } from "./prediction-records";
import { SampleSourceSchema, type RunReport } from "./score-run";

const count = z.number().int().min(0);
const share = z.number().min(0).max(1).nullable();

const ClassMetricsSchema = z.object({ precision: share, recall: share, f1: share, support: count, predicted: count });

const ConfusionSchema = z.object({
  tp: count,
  fp: count,
  tn: count,
  fn: count,
  unansweredPositive: count,
  unansweredNegative: count,
});

const BreakdownSchema = z.object({
  key: z.string(),
  n: count,
  correct: count,
  wrong: count,
  invalid: count,
  missing: count,
  accuracy: share,
  accuracyOverValid: share,
});

const ScoredItemSchema = z.object({
  evalId: z.string().min(1),
  repo: z.string().min(1),
  source: SampleSourceSchema,
  gold: z.boolean(),
  predicted: z.boolean().nullable(),
  outcome: z.enum(["correct", "wrong", "invalid", "missing"]),
});

const IdListSchema = z.object({ count, evalIds: z.array(z.string()) });

const RunReportSchema = z.object({
  n: count,
  accuracy: share,
  accuracyOverValid: share,
  positive: ClassMetricsSchema,
  negative: ClassMetricsSchema,
  macroF1: share,
  trueRate: share,
  goldTrueRate: share,
  confusion: ConfusionSchema,
  answered: count,
  byRepository: z.array(BreakdownSchema),
  bySource: z.array(BreakdownSchema),
  invalid: z.object({ records: count, duplicates: count, unattributed: count, goldItems: count }),
  missing: IdListSchema,
  unknown: IdListSchema,
  items: z.array(ScoredItemSchema),
});

const ConfidenceIntervalSchema = z.object({
  estimate: z.number(),
  lower: z.number(),
  upper: z.number(),
  definedResamples: count,
});

const BootstrapIntervalsSchema = z.object({
  seed: z.number().int(),
  resamples: z.number().int().positive(),
  level: z.number().gt(0).lt(1),
  accuracy: ConfidenceIntervalSchema.nullable(),
  positiveF1: ConfidenceIntervalSchema.nullable(),
  negativeF1: ConfidenceIntervalSchema.nullable(),
  macroF1: ConfidenceIntervalSchema.nullable(),
});

/** The invalid records listed in a stored report; beyond this many only the count is kept. */
export const MAX_LISTED_INVALID = 500;

const PredictionInputSchema = z.object({
  files: z.array(z.object({ name: z.string(), bytes: count })),
  /** every record read: valid predictions plus invalid ones */
  records: count,
  invalid: z.array(InvalidPredictionSchema).max(MAX_LISTED_INVALID),
  /** invalid records not listed above */
  invalidNotListed: count,
});

export const EvalReportSchema = z.object({
  version: z.literal(1),
  metrics: RunReportSchema,
  intervals: BootstrapIntervalsSchema,
  input: PredictionInputSchema,
});
export type EvalReport = z.infer<typeof EvalReportSchema>;
export type PredictionInput = z.infer<typeof PredictionInputSchema>;

// Compile-time guard: the schemas describe exactly the shapes scoreRun and bootstrapIntervals return.
type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
true satisfies SameShape<RunReport, z.infer<typeof RunReportSchema>>;
true satisfies SameShape<BootstrapIntervals, z.infer<typeof BootstrapIntervalsSchema>>;
