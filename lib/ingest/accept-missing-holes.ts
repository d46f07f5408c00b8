// A person accepts pull requests the crawl gave up on as missing (#44): until then every run of their
// repository says partial and names them. Accepted holes are resolved, with who and when, and the
// decision is audited; a PR accepted as missing that GitHub later lists and the crawl stores is stored as
// any other, and one that fails again opens a new hole.
import type { PrismaClient } from "@/lib/db/generated/client";
import { recordAudit } from "@/lib/audit/record-audit";
import { AppError } from "@/lib/errors";

export async function acceptMissingHoles(
  prisma: PrismaClient,
  input: { repository: string; keys?: string[]; actorId: string },
): Promise<number> {
  return prisma.$transaction(async (tx) => {
    const repo = await tx.repository.findUnique({ where: { fullName: input.repository }, select: { id: true } });
    if (!repo) throw new AppError("not_found", `${input.repository} is not a crawled repository.`);
    // only PRs given up on: one still being retried may yet be stored
    const holes = await tx.crawlHole.findMany({
      where: { repositoryId: repo.id, resolvedAt: null, permanent: true, ...(input.keys ? { key: { in: input.keys } } : {}) },
      orderBy: { key: "asc" },
    });
    if (!holes.length) return 0;
    const now = new Date();
    await tx.crawlHole.updateMany({
      where: { id: { in: holes.map((h) => h.id) } },
      data: { resolvedAt: now, acceptedAt: now, acceptedById: input.actorId },
    });
    await recordAudit(tx, {
      action: "crawl.hole.accept",
      subjectId: input.repository,
      actorId: input.actorId,
      details: { holes: holes.map((h) => ({ key: h.key, prNumber: h.prNumber, reason: h.reason, attempts: h.attempts })) },
    });
    return holes.length;
  });
}
