// The CrawlRun row of one run: created at start, heart-beaten while running, closed with its figures.
// A run whose worker died (killed, crashed) is closed as interrupted by the next run, its checkpoints kept.
import type { Prisma, PrismaClient } from "@/lib/db/generated/client";
import type { ApiUsage } from "./github-client";
import { holderIsDeadLocalProcess } from "@/lib/db/process-holder";

export function budgetFigures(usage: ApiUsage) {
  // the harvest spends GraphQL points; before the first GraphQL answer, REST's budget is what we know
  const b = usage.budgets.graphql ?? usage.budgets.core ?? usage.budgets.search;
  return { rateLimitRemaining: b?.remaining ?? null, rateLimitResetAt: b ? new Date(b.resetAt) : null };
}

export async function closeAbandonedRuns(prisma: PrismaClient, staleAfterMs: number): Promise<number> {
  const running = await prisma.crawlRun.findMany({
    where: { status: "running" },
    select: { id: true, holder: true, heartbeatAt: true, startedAt: true },
  });
  const cutoff = Date.now() - staleAfterMs;
  const abandoned = running.filter(
    (r) => (r.holder && holderIsDeadLocalProcess(r.holder)) || (r.heartbeatAt ?? r.startedAt).getTime() < cutoff,
  );
  if (!abandoned.length) return 0;
  const { count } = await prisma.crawlRun.updateMany({
    where: { id: { in: abandoned.map((r) => r.id) }, status: "running" },
    data: {
      status: "interrupted",
      finishedAt: new Date(),
      error: "the worker stopped without finishing (killed or crashed); the next run resumed from its checkpoints",
    },
  });
  return count;
}

export async function heartbeatRun(prisma: PrismaClient, runId: string, usage: ApiUsage, prsHarvested: number): Promise<void> {
  await prisma.crawlRun.update({
    where: { id: runId },
    data: { heartbeatAt: new Date(), requests: usage.requests, prsHarvested, ...budgetFigures(usage) },
  });
}

export async function recordCrawlError(
  prisma: PrismaClient,
  runId: string,
  repository: string | null,
  item: string,
  message: string,
): Promise<void> {
  await prisma.$transaction([
    prisma.crawlError.create({ data: { runId, repository, item, message } }),
    prisma.crawlRun.update({ where: { id: runId }, data: { errorsCount: { increment: 1 } } }),
  ]);
}

export async function finishRun(
  prisma: PrismaClient,
  runId: string,
  outcome: {
    status: "succeeded" | "partial" | "failed" | "interrupted";
    error: string | null;
    usage: ApiUsage;
    prsHarvested: number;
    reposHarvested: number;
    reposSelected: number;
    stats: Prisma.InputJsonValue;
  },
): Promise<void> {
  await prisma.crawlRun.update({
    where: { id: runId },
    data: {
      status: outcome.status,
      error: outcome.error,
      finishedAt: new Date(),
      heartbeatAt: new Date(),
      requests: outcome.usage.requests,
      prsHarvested: outcome.prsHarvested,
      reposHarvested: outcome.reposHarvested,
      reposSelected: outcome.reposSelected,
      stats: outcome.stats,
      ...budgetFigures(outcome.usage),
    },
  });
}

/**
 * Items that runs interrupted since the last finished run skipped (their errors) in these repositories and
 * that this run did not name again: a crawl killed and resumed reports, in the run that completes it,
 * what the killed runs left out, as an uninterrupted crawl would (#44).
 */
export async function skippedByInterruptedRuns(
  prisma: PrismaClient,
  run: { id: string; startedAt: Date },
  repositories: string[],
): Promise<number> {
  const lastFinished = await prisma.crawlRun.findFirst({
    where: { id: { not: run.id }, startedAt: { lt: run.startedAt }, status: { in: ["succeeded", "partial", "failed"] } },
    orderBy: { startedAt: "desc" },
    select: { startedAt: true },
  });
  const since = lastFinished ? { gt: lastFinished.startedAt } : {};
  const key = (e: { repository: string | null; item: string; message: string }) => `${e.repository}\u0000${e.item}\u0000${e.message}`;
  const [earlier, own] = await Promise.all([
    prisma.crawlError.findMany({
      where: {
        // errors of no repository are the selection's, which a resumed run reuses instead of searching again
        OR: [{ repository: { in: repositories } }, { repository: null }],
        run: { status: "interrupted", startedAt: { lt: run.startedAt, ...since } },
      },
      select: { repository: true, item: true, message: true },
    }),
    prisma.crawlError.findMany({ where: { runId: run.id }, select: { repository: true, item: true, message: true } }),
  ]);
  const named = new Set(own.map(key));
  return new Set(earlier.map(key).filter((k) => !named.has(k))).size;
}
