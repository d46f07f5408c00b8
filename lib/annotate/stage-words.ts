// One set of words for an instance's stage wherever a person reads it (the overview, the queues, the
// instance page), with what each means; the stored names (filtered_out, annotating, …) stay for code.
import type { VisibleStage } from "./viewer-access";

export const STAGE_WORDS: Record<VisibleStage, { name: string; meaning: string }> = {
  candidate: { name: "Not screened yet", meaning: "waits for the rule filters" },
  filtered_out: { name: "Dropped by screening", meaning: "a rule filter or the content screen dropped it; it is not annotated" },
  screened: { name: "Ready to assign", meaning: "passed the rule filters; no annotator has it yet" },
  annotating: { name: "Being labelled", meaning: "assigned; waits for its annotators' labels" },
  adjudicating: { name: "Awaiting adjudication", meaning: "its annotators disagree; an adjudicator decides" },
  labelled: { name: "Labelled", meaning: "has its final label" },
  unsuitable: { name: "Unsuitable", meaning: "judged unsuitable for the benchmark" },
  closed: { name: "Labelling closed", meaning: "every assigned annotator has labelled it; the outcome stays hidden from annotators" },
};

export function stageName(stage: string): string {
  return stage in STAGE_WORDS ? STAGE_WORDS[stage as VisibleStage].name : stage;
}
