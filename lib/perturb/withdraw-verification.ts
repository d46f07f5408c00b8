// A verifier takes back their vote on a pending perturbation (issue #15 item 7): allowed until the
// rule decides (once accepted or rejected, the decision is final and lineage depends on it).
// The vote goes from the current tally; the audit trail keeps it and its withdrawal.
import type { PrismaClient } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { lockInstance } from "./lock-instance";
import { loadRequiredVerifiers } from "./required-verifiers";
import { recordAudit } from "@/lib/audit/record-audit";

export async function withdrawVerification(
  prisma: PrismaClient,
  input: { instanceId: string; verifierId: string; now?: Date },
): Promise<{ instanceId: string; withdrawn: "accepted" | "rejected" | "pending"; accepted: number; required: number }> {
  return prisma.$transaction(async (tx) => {
    await lockInstance(tx, input.instanceId);
    const instance = await tx.instance.findUnique({
      where: { id: input.instanceId },
      select: { source: true, verification: true, verifications: { select: { id: true, verifierId: true, decision: true } } },
    });
    if (instance?.source !== "perturbation") throw new AppError("not_found", `No perturbed instance ${input.instanceId}.`);
    if (instance.verification !== "pending")
      throw new AppError("already_decided", `This perturbation is already ${instance.verification}: votes can no longer be withdrawn.`);
    const own = instance.verifications.find((v) => v.verifierId === input.verifierId);
    if (!own) throw new AppError("not_found", "You have no vote on this perturbation's current text to withdraw.");
    await tx.perturbationVerification.delete({ where: { id: own.id } });
    const accepted = instance.verifications.filter((v) => v.id !== own.id && v.decision === "accepted").length;
    const required = await loadRequiredVerifiers(tx);
    await recordAudit(tx, {
      at: input.now ?? new Date(),
      actorId: input.verifierId,
      action: "perturb.withdraw",
      subjectId: input.instanceId,
      details: { decision: own.decision, accepted, required },
    });
    return { instanceId: input.instanceId, withdrawn: own.decision, accepted, required };
  });
}
