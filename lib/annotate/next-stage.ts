// The annotation state machine (paper §2): each instance is labelled independently by its
// assigned annotators; unanimous labels are final, any disagreement goes to an adjudicator,
// whose decision is final. "unsuitable" (cannot be assessed from the available context) ends
// the instance outside the benchmark.
import type { LabelValue } from "./label-schemas";

export type StageOutcome =
  | { stage: "annotating"; finalLabel: null }
  | { stage: "adjudicating"; finalLabel: null }
  | { stage: "labelled"; finalLabel: "trustworthy" | "untrustworthy" }
  | { stage: "unsuitable"; finalLabel: "unsuitable" };

export type DecidedOutcome = Extract<StageOutcome, { stage: "labelled" | "unsuitable" }>;

function outcomeOfDecision(value: LabelValue): DecidedOutcome {
  return value === "unsuitable" ? { stage: "unsuitable", finalLabel: "unsuitable" } : { stage: "labelled", finalLabel: value };
}

/** required: how many labels the instance waits for (its number of assigned annotators). */
export function nextStageAfterLabel(labels: readonly LabelValue[], required: number): StageOutcome {
  if (labels.length === 0 || labels.length < Math.max(required, 1)) return { stage: "annotating", finalLabel: null };
  const [first] = labels;
  if (labels.every((l) => l === first)) return outcomeOfDecision(first);
  return { stage: "adjudicating", finalLabel: null };
}

/** The adjudicator's decision is final, whatever the annotators said. */
export function stageAfterAdjudication(value: LabelValue): DecidedOutcome {
  return outcomeOfDecision(value);
}
