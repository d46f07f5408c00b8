// What the ingest pages show: runs (status, requests, PRs, budget left, errors) and, per repository,
// the selection decision with its reason, PRs harvested so far and the checkpoint.
import type { CrawlStatus, PrismaClient } from "@/lib/db/generated/client";

export interface CrawlRunView {
  id: string;
  trigger: string;
  status: CrawlStatus;
  startedAt: Date;
  finishedAt: Date | null;
  heartbeatAt: Date | null;
  requests: number;
  prsHarvested: number;
  reposSelected: number;
  reposHarvested: number;
  rateLimitRemaining: number | null;
  rateLimitResetAt: Date | null;
  errorsCount: number;
  error: string | null;
}

export async function listCrawlRuns(prisma: PrismaClient, options: { limit?: number } = {}): Promise<CrawlRunView[]> {
  return prisma.crawlRun.findMany({
    orderBy: { startedAt: "desc" },
    take: options.limit ?? 50,
    select: {
      id: true,
      trigger: true,
      status: true,
      startedAt: true,
      finishedAt: true,
      heartbeatAt: true,
      requests: true,
      prsHarvested: true,
      reposSelected: true,
      reposHarvested: true,
      rateLimitRemaining: true,
      rateLimitResetAt: true,
      errorsCount: true,
      error: true,
    },
  });
}

export interface CrawlErrorView {
  id: string;
  runId: string;
  at: Date;
  repository: string | null;
  item: string;
  message: string;
}

export async function listCrawlErrors(
  prisma: PrismaClient,
  options: { runId?: string; repository?: string; limit?: number } = {},
): Promise<CrawlErrorView[]> {
  return prisma.crawlError.findMany({
    where: { runId: options.runId, repository: options.repository },
    orderBy: { at: "desc" },
    take: options.limit ?? 200,
    select: { id: true, runId: true, at: true, repository: true, item: true, message: true },
  });
}

export interface RepositoryProgressView {
  fullName: string;
  language: string | null;
  stars: number;
  starRank: number | null;
  prCount: number;
  commitsInWindow: number | null;
  prsInWindow: number | null;
  selectionStatus: "candidate" | "selected" | "rejected";
  selectionReason: string | null;
  selectionCheckedAt: Date | null;
  harvestedPrs: number;
  prWatermark: Date | null;
  lastHarvestedAt: Date | null;
  lastError: string | null;
  checkpoint: { phase: string; cursor: string | null; done: boolean; prsDone: number; updatedAt: Date } | null;
  /** pull requests not harvested yet: retried by later runs, and given up ones */
  holes: { retrying: number; givenUp: number };
}

export async function repositoryProgress(
  prisma: PrismaClient,
  options: { status?: RepositoryProgressView["selectionStatus"] } = {},
): Promise<RepositoryProgressView[]> {
  const repos = await prisma.repository.findMany({
    where: { selectionStatus: options.status },
    orderBy: [{ starRank: { sort: "asc", nulls: "last" } }, { fullName: "asc" }],
    include: {
      _count: { select: { pullRequests: true } },
      checkpoints: { where: { phase: "pull_requests" } },
      crawlHoles: { where: { resolvedAt: null }, select: { permanent: true } },
    },
  });
  return repos.map((r) => {
    const cp = r.checkpoints[0];
    return {
      fullName: r.fullName,
      language: r.language,
      stars: r.stars,
      starRank: r.starRank,
      prCount: r.prCount,
      commitsInWindow: r.commitsInWindow,
      prsInWindow: r.prsInWindow,
      selectionStatus: r.selectionStatus,
      selectionReason: r.selectionReason,
      selectionCheckedAt: r.selectionCheckedAt,
      harvestedPrs: r._count.pullRequests,
      prWatermark: r.prWatermark,
      lastHarvestedAt: r.lastHarvestedAt,
      lastError: r.lastError,
      holes: {
        retrying: r.crawlHoles.filter((h) => !h.permanent).length,
        givenUp: r.crawlHoles.filter((h) => h.permanent).length,
      },
      checkpoint: cp ? { phase: cp.phase, cursor: cp.cursor, done: cp.done, prsDone: cp.prsDone, updatedAt: cp.updatedAt } : null,
    };
  });
}
