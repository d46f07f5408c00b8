// Works through the repositories to harvest with bounded concurrency. Each repository is claimed with a
// database lock first, so workers sharing a PostgreSQL database split the list instead of repeating it;
// one finished by another worker since this run started is not touched again.
import type { PrismaClient } from "@/lib/db/generated/client";
import { harvestRepository, newRepositoryHarvest, type HarvestContext, type RepositoryHarvest } from "./harvest-repository";
import { isGitHubAccessError, isRateLimitStop, runStopped, isRunStopped } from "./ingest-errors";
import type { IngestProgress } from "./ingest-request";
import { tryNamedLock } from "@/lib/db/named-lock";
import { describeUpstreamFailure } from "./upstream-failure";

export interface RepositoryOutcome extends Partial<Omit<RepositoryHarvest, "outcome">> {
  fullName: string;
  outcome: RepositoryHarvest["outcome"] | "busy" | "done-elsewhere" | "failed";
  error?: string;
}

export interface HarvestPlan {
  fullNames: string[];
  runStartedAt: Date;
  concurrency: number;
  onProgress?: (p: IngestProgress) => void;
}

const isFatal = (e: unknown) => isRateLimitStop(e) || isRunStopped(e) || isGitHubAccessError(e);

export async function harvestSelectedRepositories(
  ctx: HarvestContext,
  plan: HarvestPlan,
): Promise<{ outcomes: RepositoryOutcome[]; fatal: unknown }> {
  const prisma: PrismaClient = ctx.prisma;
  const outcomes: RepositoryOutcome[] = [];
  let next = 0;
  let fatal: unknown = null;
  const progress = (
    fullName: string,
    status: Extract<IngestProgress, { type: "repository" }>["status"],
    prsDone = 0,
    prsTotal: number | null = null,
  ) =>
    plan.onProgress?.({
      type: "repository",
      fullName,
      status,
      prsDone,
      prsTotal,
      reposDone: outcomes.length,
      reposTotal: plan.fullNames.length,
    });

  const worker = async () => {
    while (!fatal && next < plan.fullNames.length) {
      const fullName = plan.fullNames[next++];
      const stop = ctx.stopReason();
      if (stop) {
        fatal = runStopped(stop);
        return;
      }
      const release = await tryNamedLock(prisma, `ingest:repo:${fullName}`);
      if (!release) {
        outcomes.push({ fullName, outcome: "busy" });
        progress(fullName, "busy");
        continue;
      }
      // filled in as the harvest stores pages, so a failure part-way still counts what was stored
      const harvested = newRepositoryHarvest(fullName);
      try {
        const repo = await prisma.repository.findUniqueOrThrow({ where: { fullName } });
        const checkpoint = await prisma.crawlCheckpoint.findFirst({ where: { repositoryId: repo.id, phase: "pull_requests" } });
        if (repo.lastHarvestedAt && repo.lastHarvestedAt >= plan.runStartedAt && checkpoint?.done) {
          outcomes.push({ fullName, outcome: "done-elsewhere" });
          continue;
        }
        progress(fullName, "started");
        const result = await harvestRepository(
          { ...ctx, onPage: (p) => progress(fullName, "page", p.prsDone, p.prsTotal) },
          repo,
          harvested,
        );
        outcomes.push(result);
        progress(fullName, result.outcome, result.prsStored);
      } catch (e) {
        // what it stored before failing is stored: the summary counts it
        if (isFatal(e) || ctx.signal?.aborted) {
          fatal = ctx.signal?.aborted && !isFatal(e) ? runStopped("aborted") : e;
          outcomes.push({ ...harvested, outcome: "failed", error: (e as Error).message });
          return;
        }
        // named for what happened: GitHub's status code, a cut-off body, a timeout (#44)
        const message = describeUpstreamFailure(e);
        outcomes.push({ ...harvested, outcome: "failed", error: message });
        await prisma.repository.update({ where: { fullName }, data: { lastError: message } });
        await ctx.reportError(fullName, "repository", `harvest failed, continuing with the others: ${message}`);
        progress(fullName, "failed");
      } finally {
        await release();
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(plan.concurrency, plan.fullNames.length) }, worker));
  return { outcomes, fatal };
}
