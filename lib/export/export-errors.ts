// Failures of the split and export stages a user can act on, as AppErrors with their messages.
import { AppError } from "@/lib/errors";

export const notFound = (what: string) => new AppError("not_found", `${what} was not found.`);

export const staleSplit = (instanceIds: string[]) =>
  new AppError(
    "stale_split",
    `This split is out of date: ${instanceIds.length} of its instances no longer have a final label ` +
      "(relabelled, judged unsuitable or un-verified since the split was made). Create a new split.",
    { instanceIds },
  );

export const exportFolderProblem = (message: string) => new AppError("conflict", message);

export const unreadableSplit = (splitRunId: string) =>
  new AppError(
    "conflict",
    `Split ${splitRunId} was not made by the split stage (for example the evaluation sample's), so it cannot be exported; create a new split.`,
    { splitRunId },
  );
