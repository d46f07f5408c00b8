import { z } from "zod";

// Rows of an imported predictions file. Both shapes are strict: a stray field is more often a
// typo or a leaked column (`gold`, `label`) than something safe to ignore.
export const PredictionRowSchema = z.strictObject({
  eval_id: z.string().min(1),
  prediction: z.boolean(),
});
export type PredictionRow = z.infer<typeof PredictionRowSchema>;

/** A judge's raw final output (mini-swe-agent style), still holding the marker line. */
export const OutputRowSchema = z.strictObject({
  eval_id: z.string().min(1),
  output: z.string(),
});
export type OutputRow = z.infer<typeof OutputRowSchema>;

const PredictionSchema = z.object({
  evalId: z.string().min(1),
  prediction: z.boolean(),
  /** 1-based line in a JSONL file; null for a whole-file trajectory. */
  line: z.number().int().positive().nullable(),
  file: z.string().nullable(),
});
export type Prediction = z.infer<typeof PredictionSchema>;

export const InvalidPredictionSchema = z.object({
  /** Set when the row named an eval_id, so the gold item can be reported as answered-invalid. */
  evalId: z.string().min(1).nullable(),
  line: z.number().int().positive().nullable(),
  file: z.string().nullable(),
  reason: z.string(),
  duplicate: z.boolean(),
});
export type InvalidPrediction = z.infer<typeof InvalidPredictionSchema>;

export const ParsedPredictionsSchema = z.object({
  predictions: z.array(PredictionSchema),
  invalid: z.array(InvalidPredictionSchema),
});
export type ParsedPredictions = z.infer<typeof ParsedPredictionsSchema>;

export type PredictionCandidate = ({ valid: true } & Prediction) | ({ valid: false } & Omit<InvalidPrediction, "duplicate">);

/**
 * The first row naming an eval_id claims it, valid or not; later rows for the same id are
 * reported as duplicates. Keeping the first (not the first valid) stops a retry from
 * overwriting a malformed answer.
 */
export function keepFirstPerEvalId(candidates: readonly PredictionCandidate[]): ParsedPredictions {
  const firstSeen = new Map<string, PredictionCandidate>();
  const out: ParsedPredictions = { predictions: [], invalid: [] };
  for (const candidate of candidates) {
    const { evalId } = candidate;
    const first = evalId === null ? undefined : firstSeen.get(evalId);
    if (evalId !== null && first !== undefined) {
      out.invalid.push({
        evalId,
        line: candidate.line,
        file: candidate.file,
        reason: `duplicate eval_id ${JSON.stringify(evalId)} (first at ${locate(first)}); the first row is kept`,
        duplicate: true,
      });
      continue;
    }
    if (evalId !== null) firstSeen.set(evalId, candidate);
    if (candidate.valid) {
      const { valid: _valid, ...prediction } = candidate;
      out.predictions.push(prediction);
    } else {
      const { valid: _valid, ...invalid } = candidate;
      out.invalid.push({ ...invalid, duplicate: false });
    }
  }
  return out;
}

function locate(candidate: PredictionCandidate): string {
  const where = candidate.line === null ? "" : `line ${candidate.line}`;
  if (candidate.file === null) return where || "an earlier record";
  return where ? `${candidate.file} ${where}` : candidate.file;
}
