import type { InstanceStage, VerificationStatus } from "@/lib/db/generated/enums";

// Where a perturbed instance sits in the instance stages. It never passes through screening,
// assignment or adjudication (those select source "human", and it has no assignments), so while
// experts verify it, it is "annotating": under expert judgement, but not adjudicable (adjudication
// acts on "adjudicating" and does not look at the source). Accepted, it is a labelled negative
// (finalLabel untrustworthy); rejected, it stays as lineage as "unsuitable", never exported.
export const STAGE_FOR_VERIFICATION: Record<VerificationStatus, InstanceStage> = {
  pending: "annotating",
  accepted: "labelled",
  rejected: "unsuitable",
};
