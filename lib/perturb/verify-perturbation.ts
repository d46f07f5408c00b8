import { z } from "zod";
import type { Prisma, PrismaClient } from "@/lib/db/generated/client";
import type { VerificationStatus } from "@/lib/db/generated/enums";
import { resultingComment } from "./load-perturbation-parent";
import { creatorIdsOf } from "./blind-verification";
import { lockInstance } from "./lock-instance";
import { AppError } from "@/lib/errors";
import { perturbationKey } from "./proposed-candidate";
import { loadRequiredVerifiers } from "./required-verifiers";
import { explainSelfCheck } from "./self-check";
import { decideVerification, verificationFields } from "./verification-status";
import { recordAudit } from "@/lib/audit/record-audit";

export const VerifyPerturbationRequestSchema = z
  .object({
    decision: z.enum(["accept", "reject"]),
    note: z.string().trim().max(4_000).default(""),
    /** Replaces the perturbed text; the editor's decision then applies to the new text. */
    editedBody: z.string().max(65_536).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.decision === "reject" && v.note === "") {
      ctx.addIssue({
        code: "custom",
        path: ["note"],
        message: "Say why the perturbation is not a valid negative (e.g. it is still correct).",
      });
    }
    if (v.editedBody !== undefined && v.decision !== "accept") {
      ctx.addIssue({
        code: "custom",
        path: ["editedBody"],
        message: "Reject the perturbation as it is, or edit it and accept the edited text.",
      });
    }
    if (v.editedBody !== undefined && v.note === "") {
      ctx.addIssue({ code: "custom", path: ["note"], message: "Say what the edit fixes: the other verifiers will review the new text." });
    }
  });
export type VerifyPerturbationRequest = z.input<typeof VerifyPerturbationRequestSchema>;

export type VerificationOutcome = {
  instanceId: string;
  verification: VerificationStatus;
  accepted: number;
  required: number;
  edited: boolean;
  /** Verifications discarded because an edit changed the text they had verified. */
  discarded: number;
};

const instanceInclude = {
  targetEntry: { select: { body: true, path: true, diffHunk: true } },
  parent: { select: { perturbations: { select: { id: true, perturbedBody: true, perturbedPath: true, perturbedDiffHunk: true } } } },
  verifications: { select: { verifierId: true, decision: true } },
} satisfies Prisma.InstanceInclude;

/**
 * One expert's verdict on a perturbed instance (paper §2: experts verify it is technically
 * incorrect in its context). Accept: the edit makes the comment wrong. Reject: it does not (or it
 * is unfair); one rejection ends it. Edit: the text changes, earlier verifications are discarded
 * since they judged other words, and the editor's acceptance is the first on the new text.
 * The expert who created the perturbation does not verify it (issue #15: verification is a second
 * pair of eyes); each verifier decides once per text, and may withdraw an acceptance while the
 * rule has not decided (withdrawVerification).
 */
export async function verifyPerturbation(
  prisma: PrismaClient,
  input: VerifyPerturbationRequest & { instanceId: string; verifierId: string },
): Promise<VerificationOutcome> {
  const request = VerifyPerturbationRequestSchema.parse(input);
  const { instanceId, verifierId } = input;
  return prisma.$transaction(async (tx) => {
    await lockInstance(tx, instanceId);
    const instance = await tx.instance.findUnique({ where: { id: instanceId }, include: instanceInclude });
    if (instance?.source !== "perturbation" || !instance.perturbationKind) {
      throw new AppError("not_found", `No perturbed instance ${instanceId}.`);
    }
    if (instance.verification !== "pending") {
      throw new AppError("already_decided", `This perturbation is already ${instance.verification}; decisions are final.`);
    }
    const creatorId = (await creatorIdsOf(tx, [instanceId])).get(instanceId);
    if (creatorId === verifierId) throw new AppError("own_instance", "You created this perturbation: another expert has to verify it.");
    const kind = instance.perturbationKind;
    const original = { body: instance.targetEntry.body, path: instance.targetEntry.path, diffHunk: instance.targetEntry.diffHunk };
    let decisions = instance.verifications;
    let discarded = 0;
    const edited = request.editedBody !== undefined;
    if (request.editedBody !== undefined) {
      if (kind === "location") {
        throw new AppError(
          "invalid_edit",
          "A location perturbation keeps the comment text; reject it and create another location instead.",
        );
      }
      const current = resultingComment(instance, original);
      const next = { ...current, body: request.editedBody };
      if (next.body === current.body) throw new AppError("invalid_edit", "The edited text is the same as the current one.");
      const verdict = explainSelfCheck(original, next, kind);
      if (!verdict.ok) throw new AppError("invalid_edit", `The edit is not a valid ${kind} perturbation: ${verdict.reason}`);
      const key = perturbationKey(next);
      const twin = instance.parent?.perturbations.find(
        (p) => p.id !== instanceId && perturbationKey(resultingComment(p, original)) === key,
      );
      if (twin)
        throw new AppError("duplicate", "Another perturbation of this comment already has exactly this text.", { instanceId: twin.id });
      discarded = decisions.length;
      await tx.perturbationVerification.deleteMany({ where: { instanceId } });
      await tx.instance.update({ where: { id: instanceId }, data: { perturbedBody: next.body } });
      await recordAudit(tx, {
        actorId: verifierId,
        action: "perturb.edit",
        subjectId: instanceId,
        details: {
          previousBody: current.body,
          body: next.body,
          note: request.note,
          discarded: decisions.map((d) => ({ verifierId: d.verifierId, decision: d.decision })),
        },
      });
      decisions = [];
    } else if (decisions.some((d) => d.verifierId === verifierId)) {
      throw new AppError("already_verified", "You have already verified this perturbation; each verifier decides once.");
    }
    const decision: VerificationStatus = request.decision === "accept" ? "accepted" : "rejected";
    await tx.perturbationVerification.create({ data: { instanceId, verifierId, decision, note: request.note } });
    const all = [...decisions.map((d) => d.decision), decision];
    const required = await loadRequiredVerifiers(tx);
    const status = decideVerification(all, required);
    if (status !== "pending") await tx.instance.update({ where: { id: instanceId }, data: verificationFields(status) });
    const accepted = all.filter((d) => d === "accepted").length;
    await recordAudit(tx, {
      actorId: verifierId,
      action: "perturb.verify",
      subjectId: instanceId,
      details: { decision, note: request.note, edited, accepted, required, verification: status },
    });
    return { instanceId, verification: status, accepted, required, edited, discarded };
  });
}
