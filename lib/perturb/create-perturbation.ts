import { z } from "zod";
import type { PrismaClient } from "@/lib/db/generated/client";
import { perturbationKindSchema } from "./candidate-schema";
import { lockInstance } from "./lock-instance";
import { loadPerturbationParent, type PerturbationParent } from "./load-perturbation-parent";
import { AppError } from "@/lib/errors";
import { STAGE_FOR_VERIFICATION } from "./perturbation-stages";
import { candidateOriginSchema, perturbationKey, perturbedCommentSchema, type PerturbedComment } from "./proposed-candidate";
import { explainSelfCheck } from "./self-check";
import { recordAudit } from "@/lib/audit/record-audit";

export const CreatePerturbationRequestSchema = z.object({
  parentId: z.string().min(1),
  kind: perturbationKindSchema,
  candidate: z.object({
    perturbed: perturbedCommentSchema,
    origin: candidateOriginSchema.default("rule"),
    rule: z.string().max(200).default(""),
    rationale: z.string().max(2_000).default(""),
  }),
});
export type CreatePerturbationRequest = z.input<typeof CreatePerturbationRequestSchema>;

export type CreatedPerturbation = { id: string; parentId: string; kind: z.infer<typeof perturbationKindSchema>; key: string };

/** The paper's location perturbation borrows the file and hunk of another comment in the same PR. */
function assertBorrowedAnchor(parent: PerturbationParent, perturbed: PerturbedComment): void {
  if (!parent.siblings.some((s) => s.path === perturbed.path && s.diffHunk === perturbed.diffHunk)) {
    throw new AppError(
      "invalid_perturbation",
      "A location perturbation must move the comment to the file and hunk of another review comment in the same pull request.",
    );
  }
}

/**
 * Stores a chosen candidate as a new perturbed instance: a copy of its parent (same PR, same
 * target entry) whose comment differs only by the edit, pending expert verification. The edit must
 * pass the self-check for its kind, and the same resulting comment is never stored twice.
 */
export async function createPerturbation(
  prisma: PrismaClient,
  input: CreatePerturbationRequest & { by: string },
): Promise<CreatedPerturbation> {
  const { parentId, kind, candidate } = CreatePerturbationRequestSchema.parse(input);
  return prisma.$transaction(async (tx) => {
    await lockInstance(tx, parentId);
    const parent = await loadPerturbationParent(tx, parentId);
    const perturbed = candidate.perturbed;
    const verdict = explainSelfCheck(parent.comment, perturbed, kind);
    if (!verdict.ok) throw new AppError("invalid_perturbation", `Not a valid ${kind} perturbation: ${verdict.reason}`);
    if (kind === "location") assertBorrowedAnchor(parent, perturbed);
    const key = perturbationKey(perturbed);
    const duplicate = parent.existing.find((e) => e.key === key);
    if (duplicate) {
      throw new AppError("duplicate", `This edit already exists as a ${duplicate.kind} perturbation of the same comment.`, {
        instanceId: duplicate.id,
      });
    }
    const textKind = kind !== "location";
    const created = await tx.instance.create({
      data: {
        pullRequestId: parent.pullRequest.id,
        targetEntryId: parent.targetEntryId,
        source: "perturbation",
        perturbationKind: kind,
        parentId,
        // perturbed copies are judged on their parent's snapshot
        snapshotId: parent.snapshotId,
        perturbedBody: textKind ? perturbed.body : null,
        perturbedPath: textKind ? null : perturbed.path,
        perturbedDiffHunk: textKind ? null : perturbed.diffHunk,
        verification: "pending",
        stage: STAGE_FOR_VERIFICATION.pending,
      },
      select: { id: true },
    });
    await recordAudit(tx, {
      actorId: input.by,
      action: "perturb.create",
      subjectId: created.id,
      details: { parentId, kind, origin: candidate.origin, rule: candidate.rule, rationale: candidate.rationale, key },
    });
    return { id: created.id, parentId, kind, key };
  });
}
