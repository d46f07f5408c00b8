// Failures of evaluation a user can act on, as AppErrors with their messages.
import { AppError } from "@/lib/errors";

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
    `${items.length} exported item(s) have no usable gold label: ${shown}${more}. Re-export after labelling them.`,
    {
      reason: "unlabelled_gold",
      items,
    },
  );
};
