import type { Prisma } from "@/lib/db/generated/client";
import type { VerificationStatus } from "@/lib/db/generated/enums";
import { STAGE_FOR_VERIFICATION } from "./perturbation-stages";

/**
 * Paper §2: a perturbed instance counts as a negative only when the experts all verified it is
 * technically incorrect. Any rejection ends it (it stays as lineage, never a negative); otherwise it
 * is accepted once `required` distinct verifiers have accepted the current text.
 */
export function decideVerification(decisions: readonly VerificationStatus[], required: number): VerificationStatus {
  if (decisions.includes("rejected")) return "rejected";
  return decisions.filter((d) => d === "accepted").length >= required ? "accepted" : "pending";
}

/** The instance fields that follow from a verification status. */
export function verificationFields(status: VerificationStatus): Prisma.InstanceUpdateInput {
  return {
    verification: status,
    stage: STAGE_FOR_VERIFICATION[status],
    finalLabel: status === "accepted" ? "untrustworthy" : null,
  };
}
