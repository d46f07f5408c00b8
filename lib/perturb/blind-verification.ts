// Blind verification (issue #15 item 7): a verifier judges a perturbation without knowing how the
// others voted, so the rule "all required experts accept" counts independent judgements. Votes and
// the history stay hidden until the viewer has voted on the current text, or the rule has decided;
// the creator, who cannot verify their own perturbation, sees them. Who created what comes from
// the audit log (the instance row has no creator column).
import type { Prisma, PrismaClient } from "@/lib/db/generated/client";
import type { VerificationStatus } from "@/lib/db/generated/enums";

type Db = PrismaClient | Prisma.TransactionClient;

export function votesVisible(input: {
  verification: VerificationStatus;
  viewerDecision: VerificationStatus | null;
  viewerIsCreator: boolean;
}) {
  return input.verification !== "pending" || input.viewerDecision !== null || input.viewerIsCreator;
}

/** The user id that created each perturbation. */
export async function creatorIdsOf(prisma: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const events = await prisma.auditEvent.findMany({
    where: { action: "perturb.create", subjectType: "instance", subjectId: { in: [...ids] } },
    select: { subjectId: true, actorId: true },
  });
  return new Map(events.flatMap((e) => (e.actorId ? [[e.subjectId, e.actorId] as const] : [])));
}

/**
 * The next pending perturbation this viewer can verify: not voted on by them, not created by them;
 * oldest first, so a team works through the queue in one order. `afterId` is skipped (the one just seen).
 */
export async function nextPendingPerturbation(prisma: PrismaClient, input: { viewerId: string; afterId?: string }): Promise<string | null> {
  const rows = await prisma.instance.findMany({
    where: {
      source: "perturbation",
      verification: "pending",
      verifications: { none: { verifierId: input.viewerId } },
      ...(input.afterId ? { id: { not: input.afterId } } : {}),
    },
    select: { id: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: 200,
  });
  const creators = await creatorIdsOf(
    prisma,
    rows.map((r) => r.id),
  );
  return rows.find((r) => creators.get(r.id) !== input.viewerId)?.id ?? null;
}
