// Failures of evaluation a user can act on, as AppErrors with their messages.
import { AppError } from "@/lib/errors";
import type { ParsedPredictions } from "./prediction-records";
import { counted, plural } from "@/lib/text/plural";

export const exportNotFound = (exportId: string) =>
  new AppError("not_found", `No export with id ${JSON.stringify(exportId)}. Pick one from the list of exports.`, { exportId });

export const evalRunNotFound = (runId: string) =>
  new AppError("not_found", `No evaluation run with id ${JSON.stringify(runId)}.`, { runId });

export const emptySplit = (exportId: string, split: string) =>
  new AppError("invalid_input", `The export has no ${split} items to score against; choose another split or export.`, {
    exportId,
    split,
    reason: "empty_split",
  });

export const duplicateRunName = (runName: string, split: string) =>
  new AppError(
    "duplicate",
    `A run named ${JSON.stringify(runName)} already exists on this export's ${split} split; choose another name or delete that run first.`,
    { runName, split },
  );

export const noPredictionRecords = () =>
  new AppError(
    "invalid_input",
    "The uploaded files hold no prediction records (every line is blank). Upload a JSONL of {eval_id, prediction} rows or mini-swe-agent trajectories.",
    { reason: "no_predictions" },
  );

/**
 * Records were read but none is a valid prediction for an item of the split: the reason says which
 * case it is, with the first rows' problems, so the user can fix the file instead of reading 0.00.
 */
export const noValidPrediction = (
  files: readonly { name: string }[],
  parsed: ParsedPredictions,
  unknown: { count: number; evalIds: string[] },
) => {
  const records = parsed.predictions.length + parsed.invalid.length;
  const examples = parsed.invalid
    .slice(0, 3)
    .map((row) => `${row.line === null ? (row.file ?? "file") : `line ${row.line}`}: ${row.reason}`)
    .join("; ");
  const looksLikeCsv = files.some((file) => /\.(csv|tsv)$/i.test(file.name));
  const message =
    parsed.predictions.length > 0
      ? `None of the ${counted(unknown.count, "eval_id")} in the upload (e.g. ${unknown.evalIds
          .slice(0, 3)
          .map((id) => JSON.stringify(id))
          .join(", ")}) is an item of this export's split: check that you chose the export and split the judge answered.`
      : `None of the ${counted(records, "record")} is a valid prediction${looksLikeCsv ? " (a CSV file? the upload is JSONL)" : ""}: ${examples}. Upload a JSONL of {"eval_id", "prediction": true|false} rows or mini-swe-agent trajectories.`;
  return new AppError("invalid_input", message, { reason: "no_valid_prediction", records, unknown: unknown.count });
};

export interface UnlabelledItem {
  instanceId: string;
  evalId: string;
  reason: string;
}

/** An exported item whose gold label cannot be read: scoring against a partial gold set would mislead. */
export const unlabelledGold = (items: UnlabelledItem[]) => {
  const shown = items
    .slice(0, 3)
    .map((item) => `${item.evalId} (${item.reason})`)
    .join("; ");
  const more = items.length > 3 ? ` and ${items.length - 3} more` : "";
  return new AppError(
    "invalid_input",
    `${counted(items.length, "exported item")} ${plural(items.length, "has", "have")} no usable gold label: ${shown}${more}. Re-export after labelling them.`,
    {
      reason: "unlabelled_gold",
      items,
    },
  );
};
