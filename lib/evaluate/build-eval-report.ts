import { bootstrapIntervals, type BootstrapOptions } from "./bootstrap";
import { EvalReportSchema, MAX_LISTED_INVALID, type EvalReport } from "./eval-report-schema";
import { noPredictionRecords, noValidPrediction } from "./evaluation-errors";
import { parsePredictionFiles, type PredictionFile } from "./parse-predictions";
import { scoreRun, type GoldItem } from "./score-run";

const utf8 = new TextEncoder();

/**
 * Parses the uploaded files together (a duplicate eval_id across files is caught), scores them
 * against the gold items and adds seeded bootstrap intervals. Input with no record at all, or
 * with no record that names an item of the split (a CSV, another split's ids, rows without an
 * eval_id), is refused with the reason: stored, it would score 0.00 on the leaderboard. Rows that
 * name items but whose answers are invalid (a judge's format errors) are a result: they are scored.
 */
export function buildEvalReport(
  gold: readonly GoldItem[],
  files: readonly PredictionFile[],
  options: { bootstrap?: BootstrapOptions } = {},
): EvalReport {
  const parsed = parsePredictionFiles(files);
  const records = parsed.predictions.length + parsed.invalid.length;
  if (records === 0) throw noPredictionRecords();
  const metrics = scoreRun(gold, parsed);
  if (metrics.answered === 0 && metrics.invalid.goldItems === 0) throw noValidPrediction(files, parsed, metrics.unknown);
  return EvalReportSchema.parse({
    version: 1,
    metrics,
    intervals: bootstrapIntervals(metrics.items, options.bootstrap),
    input: {
      files: files.map((file) => ({ name: file.name, bytes: utf8.encode(file.text).length })),
      records,
      invalid: parsed.invalid.slice(0, MAX_LISTED_INVALID),
      invalidNotListed: Math.max(0, parsed.invalid.length - MAX_LISTED_INVALID),
    },
  });
}
