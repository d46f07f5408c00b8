import { z } from "zod";
import { AppError } from "@/lib/errors";
import type { PrismaClient } from "@/lib/db/generated/client";
import { recordAudit } from "@/lib/audit/record-audit";

// Paper §2: two experts independently check each sampled LLM decision and its rationale; a third
// settles what they disagree on. Independence is enforced here, not just in the UI: a reviewer
// cannot see the other review before submitting their own, and the third expert is neither of them.

export const AuditReviewRequestSchema = z.object({
  itemId: z.string().min(1, "itemId is missing"),
  llmCorrect: z.enum(["yes", "no"], { error: "say whether the LLM applied the criteria correctly" }).transform((v) => v === "yes"),
  note: z.string().trim().max(2_000, "keep the note under 2,000 characters").default(""),
});
export type AuditReviewRequest = z.input<typeof AuditReviewRequestSchema>;

const REVIEWS_PER_ITEM = 2;
const AGREEMENT = "agreement";

export type AuditItemStatus = "awaiting_reviews" | "agreed" | "needs_adjudication" | "adjudicated";

export function auditItemStatus(item: {
  llmCorrect: boolean | null;
  resolvedBy: string | null;
  reviews: { llmCorrect: boolean }[];
}): AuditItemStatus {
  if (item.reviews.length < REVIEWS_PER_ITEM) return "awaiting_reviews";
  if (item.resolvedBy === AGREEMENT) return "agreed";
  if (item.llmCorrect !== null) return "adjudicated";
  return "needs_adjudication";
}

/** One of the two independent reviews. The second one settles the item when both agree. */
export async function submitAuditReview(prisma: PrismaClient, input: AuditReviewRequest, reviewerId: string): Promise<AuditItemStatus> {
  const request = AuditReviewRequestSchema.parse(input);
  return prisma.$transaction(async (tx) => {
    const item = await tx.auditItem.findUnique({ where: { id: request.itemId }, include: { reviews: true } });
    if (!item) throw new AppError("not_found", "This audit item does not exist.");
    if (item.reviews.some((r) => r.reviewerId === reviewerId)) {
      throw new AppError("conflict", "You have already reviewed this decision; each expert reviews it once.");
    }
    if (item.reviews.length >= REVIEWS_PER_ITEM) {
      throw new AppError(
        "conflict",
        "This decision already has its two independent reviews; a third expert can only adjudicate a disagreement.",
      );
    }
    await tx.auditReview.create({ data: { itemId: item.id, reviewerId, llmCorrect: request.llmCorrect, note: request.note } });
    const reviews = [...item.reviews, { llmCorrect: request.llmCorrect }];
    if (reviews.length === REVIEWS_PER_ITEM && reviews[0].llmCorrect === reviews[1].llmCorrect) {
      await tx.auditItem.update({ where: { id: item.id }, data: { llmCorrect: request.llmCorrect, resolvedBy: AGREEMENT } });
      return "agreed";
    }
    return reviews.length === REVIEWS_PER_ITEM ? "needs_adjudication" : "awaiting_reviews";
  });
}

/** The third expert's final call on a decision the two reviewers disagreed on. */
export async function adjudicateAuditItem(
  prisma: PrismaClient,
  input: AuditReviewRequest,
  adjudicatorId: string,
): Promise<AuditItemStatus> {
  const request = AuditReviewRequestSchema.parse(input);
  await prisma.$transaction(async (tx) => {
    const item = await tx.auditItem.findUnique({ where: { id: request.itemId }, include: { reviews: true } });
    if (!item) throw new AppError("not_found", "This audit item does not exist.");
    const status = auditItemStatus(item);
    if (status !== "needs_adjudication") {
      throw new AppError(
        "conflict",
        status === "awaiting_reviews"
          ? "Both independent reviews are needed before a disagreement can be adjudicated."
          : "This decision is already settled.",
      );
    }
    if (item.reviews.some((r) => r.reviewerId === adjudicatorId)) {
      throw new AppError("conflict", "You reviewed this decision; a third expert who did not review it must adjudicate.");
    }
    await tx.auditItem.update({ where: { id: item.id }, data: { llmCorrect: request.llmCorrect, resolvedBy: adjudicatorId } });
    await recordAudit(tx, {
      actorId: adjudicatorId,
      action: "screen.audit.adjudicate",
      subjectId: item.id,
      details: { llmCorrect: request.llmCorrect, note: request.note },
    });
  });
  return "adjudicated";
}
