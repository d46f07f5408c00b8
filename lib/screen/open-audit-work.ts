import type { PrismaClient } from "@/lib/db/generated/client";
import { auditItemStatus } from "./review-audit-item";

// Where an expert finds their part of an audit (paper §2): the samples with a decision they can still
// review (it lacks its second review and they have not given one) or, for a viewer who may adjudicate,
// a disagreement they were not part of. The audit pages are every expert's; this is how they reach them
// without a lead passing on a link.

export type OpenAuditWork = { sampleId: string; filterKey: string; toReview: number; toAdjudicate: number };

export async function openAuditWork(prisma: PrismaClient, viewer: { id: string; mayAdjudicate: boolean }): Promise<OpenAuditWork[]> {
  const items = await prisma.auditItem.findMany({
    // unsettled, and not reviewed by the viewer (a reviewer neither reviews twice nor adjudicates)
    where: { llmCorrect: null, reviews: { none: { reviewerId: viewer.id } } },
    select: {
      sampleId: true,
      decisionId: true,
      llmCorrect: true,
      resolvedBy: true,
      reviews: { select: { llmCorrect: true } },
      sample: { select: { filterKey: true, createdAt: true } },
    },
  });
  // a decision a later screening run replaced can no longer be audited
  const current = new Set(
    (await prisma.filterDecision.findMany({ where: { id: { in: items.map((i) => i.decisionId) } }, select: { id: true } })).map(
      (d) => d.id,
    ),
  );
  const bySample = new Map<string, OpenAuditWork & { createdAt: Date }>();
  for (const item of items) {
    if (!current.has(item.decisionId)) continue;
    const status = auditItemStatus(item);
    const review = status === "awaiting_reviews";
    const adjudicate = status === "needs_adjudication" && viewer.mayAdjudicate;
    if (!review && !adjudicate) continue;
    const work = bySample.get(item.sampleId) ?? {
      sampleId: item.sampleId,
      filterKey: item.sample.filterKey,
      createdAt: item.sample.createdAt,
      toReview: 0,
      toAdjudicate: 0,
    };
    if (review) work.toReview++;
    else work.toAdjudicate++;
    bySample.set(item.sampleId, work);
  }
  return (
    [...bySample.values()]
      // newest first; a cuid grows with time, so it orders samples drawn within the same millisecond
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.sampleId.localeCompare(a.sampleId))
      .map(({ createdAt: _createdAt, ...work }) => work)
  );
}
