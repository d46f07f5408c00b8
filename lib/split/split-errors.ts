import { AppError } from "@/lib/errors";

export const nothingToSplit = () =>
  new AppError(
    "nothing_to_split",
    "Nothing to split yet: no human instance is labelled trustworthy or untrustworthy and no perturbation is verified. " +
      "Finish annotation (or import a released JSONL file) first.",
  );
