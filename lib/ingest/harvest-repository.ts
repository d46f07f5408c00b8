// Harvests one repository's PRs from its checkpoint. A pass pages PRs newest-updated first and ends at
// the repository's watermark (the newest updatedAt of the previous complete pass), so a re-crawl reads
// only what changed. After each page the cursor is saved; a process killed mid-page redoes that page,
// and PRs already stored with the same updatedAt are skipped without follow-ups or diffs.
import { AppError } from "@/lib/errors";
import type { Prisma, PrismaClient, Repository } from "@/lib/db/generated/client";
import { collectPullRequests } from "./collect-pull-requests";
import { computePatches, type MirrorState } from "./compute-patches";
import { fetchPullRequestPage } from "./fetch-pull-request-page";
import { recoverNulledPullRequests } from "./recover-nulled-pull-requests";
import { openMirrorForFetch } from "@/lib/repo/fetch-mirror";
import type { GitHubClient } from "./github-client";
import { isRepositoryGone, runStopped } from "./ingest-errors";
import { mapPullRequest } from "./map-pull-request";
import { pullRequestsChangedSince } from "./pull-requests-changed-since";
import { storePullRequests, type PullRequestToStore } from "./store-pull-requests";
import { computeSnapshots } from "@/lib/snapshot/compute-snapshots";
import {
  hasRetryableHoles,
  nulledNodeFloor,
  recordHoles,
  resolveHoles,
  settleHolesAfterPass,
  watermarkAfterPass,
  type HoleSeen,
} from "./crawl-holes";

const PULL_REQUESTS_PHASE = "pull_requests";

export interface HarvestContext {
  prisma: PrismaClient;
  client: GitHubClient;
  mirrorsDir: string;
  gitUrlFor: (fullName: string) => string;
  pageSize: number;
  diffConcurrency: number;
  signal?: AbortSignal;
  /** a reason to stop between pages (deadline, abort), or null to go on */
  stopReason: () => string | null;
  reportError: (repository: string | null, item: string, message: string) => Promise<void>;
  onPage?: (p: { fullName: string; prsDone: number; prsTotal: number | null; stored: number }) => void;
  onStored?: () => void;
  /** the CrawlRun this harvest belongs to, named on the holes it records */
  runId?: string;
  /** the run's figures so far, written with each page's checkpoint so a killed run's row is right (#44) */
  runFigures?: () => Prisma.CrawlRunUpdateInput;
}

export interface RepositoryHarvest {
  fullName: string;
  outcome: "harvested" | "unchanged" | "gone";
  prsStored: number;
  prsUnchanged: number;
  prsSkipped: number;
  pages: number;
  followUpRequests: number;
}

/** far more pages of pull requests than any repository has (GitHub caps a connection page at 100) */
const MAX_PAGES_PER_PASS = 10_000;

function paginationStuck(fullName: string, endCursor: string | null, pages: number): AppError {
  return new AppError(
    "upstream_error",
    endCursor === null
      ? `GitHub said ${fullName} has more pull requests but gave no cursor to fetch them (page ${pages}); stopped paging this repository.`
      : pages > MAX_PAGES_PER_PASS
        ? `${fullName}: more than ${MAX_PAGES_PER_PASS.toLocaleString("en-US")} pages of pull requests; stopped paging this repository.`
        : `GitHub gave ${fullName}'s pull request list a cursor it had already given (page ${pages}); stopped paging this repository instead of looping.`,
    { fullName, endCursor, pages },
  );
}

/** A harvest's figures before its first page. */
export const newRepositoryHarvest = (fullName: string): RepositoryHarvest => ({
  fullName,
  outcome: "harvested",
  prsStored: 0,
  prsUnchanged: 0,
  prsSkipped: 0,
  pages: 0,
  followUpRequests: 0,
});

/**
 * `result` is filled in as pages are stored; the caller may pass its own, so that when the harvest fails
 * part-way what it stored is still counted (#30).
 */
export async function harvestRepository(
  ctx: HarvestContext,
  repo: Repository,
  result: RepositoryHarvest = newRepositoryHarvest(repo.fullName),
): Promise<RepositoryHarvest> {
  const { prisma } = ctx;
  const where = { repositoryId_phase: { repositoryId: repo.id, phase: PULL_REQUESTS_PHASE } };
  const checkpoint = await prisma.crawlCheckpoint.findUnique({ where });
  const resuming = checkpoint !== null && !checkpoint.done;
  let cursor = resuming ? checkpoint.cursor : null;
  let passWatermark = resuming ? checkpoint.passWatermark : null;
  let prsDone = resuming ? checkpoint.prsDone : 0;
  const previous = repo.prWatermark;
  // a hole counts one attempt per pass, and one this pass did not meet again was not listed by GitHub
  // (settleHolesAfterPass): both need the pass's start, kept in the checkpoint across the runs it takes
  const passStartedAt = (resuming ? checkpoint.passStartedAt : null) ?? new Date();
  // a pass resumed from a checkpoint written before passStartedAt was kept cannot say what it met
  const passComplete = !resuming || checkpoint.passStartedAt !== null;

  try {
    if (
      !resuming &&
      previous &&
      !(await hasRetryableHoles(prisma, repo.id)) &&
      !(await pullRequestsChangedSince(ctx.client, prisma, repo.fullName, previous))
    ) {
      await prisma.repository.update({ where: { id: repo.id }, data: { lastHarvestedAt: new Date(), lastError: null } });
      return { ...result, outcome: "unchanged" };
    }
    const mirror: MirrorState = {
      mirror: await openMirrorForFetch(ctx.mirrorsDir, repo.fullName, ctx.gitUrlFor(repo.fullName), ctx.signal),
      fetched: false,
    };
    let pageSize = ctx.pageSize;
    // a cursor GitHub gave back before, or hasNextPage without one, would page forever (#13 case 4)
    const seenCursors = new Set<string>(cursor ? [cursor] : []);
    for (;;) {
      const stop = ctx.stopReason();
      if (stop) throw runStopped(stop);
      const page = await fetchPullRequestPage(ctx.client, repo.fullName, cursor, pageSize);
      pageSize = page.pageSize;
      // PRs GitHub nulled are asked for again (numbers, then alone) before they become holes (#44)
      const recovered = await recoverNulledPullRequests(ctx.client, repo.fullName, { after: cursor, first: page.pageSize }, page);
      result.followUpRequests += recovered.requests;
      for (const r of recovered.nodes) {
        page.nodes.push(r.node);
        if (r.nestedErrors.length) page.nestedErrors.set(r.node.number, r.nestedErrors);
      }
      result.pages++;
      if (page.hasNextPage && (!page.endCursor || seenCursors.has(page.endCursor) || result.pages > MAX_PAGES_PER_PASS))
        throw paginationStuck(repo.fullName, page.endCursor, result.pages);
      if (page.endCursor) seenCursors.add(page.endCursor);
      const holes: HoleSeen[] = [];
      const hole = (prNumber: number | null, reason: string, floor: Date | null, permanent = false, index = 0) => {
        // a node older than the watermark lies outside this pass: reported, but no hole of the pass
        if (!(previous && floor && floor < previous))
          holes.push({ prNumber, reason, floor, permanent, position: { after: cursor, index } });
      };
      for (const bad of recovered.malformed) {
        result.prsSkipped++;
        // a payload GitHub gets wrong is given up at once (it is listed again when the PR changes); one it
        // failed to give is retried
        hole(
          bad.number,
          bad.nulledByGitHub ? `GitHub did not give it: ${bad.message}` : `malformed payload: ${bad.message}`,
          bad.updatedAt ?? nulledNodeFloor(page.updatedAts, bad.index),
          !bad.nulledByGitHub,
          bad.index,
        );
        await ctx.reportError(
          repo.fullName,
          `pull request ${bad.number === null ? "(unknown number)" : `#${bad.number}`}`,
          `malformed payload, skipped: ${bad.message}`,
        );
      }
      if (passWatermark === null && page.nodes.length)
        passWatermark = new Date(Math.max(...page.nodes.map((n) => Date.parse(n.updatedAt))));

      const inPass = page.nodes.filter((n) => !previous || Date.parse(n.updatedAt) >= previous.getTime());
      const reachedWatermark = inPass.length < page.nodes.length;
      const stored = await prisma.pullRequest.findMany({
        where: { repositoryId: repo.id, number: { in: inPass.map((n) => n.number) } },
        select: { number: true, updatedAt: true },
      });
      const storedAt = new Map(stored.map((s) => [s.number, s.updatedAt.getTime()]));
      const changed = inPass.filter((n) => storedAt.get(n.number) !== Date.parse(n.updatedAt));
      result.prsUnchanged += inPass.length - changed.length;

      const collected = await collectPullRequests(ctx.client, changed, page.nestedErrors);
      result.followUpRequests += collected.requests;
      const updatedAtOf = new Map(changed.map((n) => [n.number, new Date(n.updatedAt)]));
      /** A listed PR left out: counted, kept as a hole (why), and reported (message). */
      const skip = async (number: number, why: string, message: string, permanent = false) => {
        result.prsSkipped++;
        hole(number, why, updatedAtOf.get(number) ?? null, permanent);
        await ctx.reportError(repo.fullName, `pull request #${number}`, message);
      };
      for (const [number, reason] of collected.failed) await skip(number, reason, `skipped: ${reason}`);
      const mapped = collected.collected.map((c) => mapPullRequest(repo.fullName, c));
      const patches = mapped.length
        ? await computePatches(
            mirror,
            mapped.map((m) => ({ number: m.pullRequest.number, base: m.pullRequest.baseSha, head: m.pullRequest.headSha })),
            ctx.diffConcurrency,
          )
        : new Map();
      const toStore: PullRequestToStore[] = [];
      for (const m of mapped) {
        const number = m.pullRequest.number;
        for (const problem of [...(collected.problems.get(number) ?? []), ...m.problems])
          await ctx.reportError(repo.fullName, `pull request #${number}`, `malformed item skipped: ${problem}`);
        if (m.rejected) {
          await skip(number, m.rejected, `skipped: ${m.rejected}`, true);
          continue;
        }
        const patch = patches.get(number);
        if (!patch || "error" in patch) {
          const why = patch?.error ?? "not computed";
          await skip(number, `no patch: ${why}`, `skipped, no patch: ${why}`);
          continue;
        }
        const { omitted, ...facts } = patch;
        for (const o of omitted) await ctx.reportError(repo.fullName, `pull request #${number}`, `file ${o.path} ${o.reason}`);
        toStore.push({ mapped: m, patch: facts });
      }
      try {
        await storePullRequests(prisma, repo.id, toStore);
      } catch (batchError) {
        // one PR the database refuses must not cost the page: store one by one and name the one that fails
        const stored: PullRequestToStore[] = [];
        const refused: { number: number; error: unknown }[] = [];
        for (const one of toStore)
          try {
            await storePullRequests(prisma, repo.id, [one]);
            stored.push(one);
          } catch (e) {
            refused.push({ number: one.mapped.pullRequest.number, error: e });
          }
        // every one refused: the database, not a PR, is the problem; the repository's error says so once
        if (stored.length === 0 && toStore.length > 1) throw batchError;
        for (const { number, error } of refused)
          await skip(
            number,
            "the database refused it",
            `skipped, the database refused it: ${error instanceof Error ? error.message.split("\n").filter(Boolean).at(-1) : String(error)}`,
          );
        toStore.splice(0, toStore.length, ...stored);
      }
      if (toStore.length) {
        // each comment's own revision: commits force-pushed away are fetched by SHA (git, no API requests)
        const storedIds = await prisma.pullRequest.findMany({
          where: { repositoryId: repo.id, number: { in: toStore.map((t) => t.mapped.pullRequest.number) } },
          select: { id: true },
        });
        await computeSnapshots(prisma, {
          pullRequestIds: storedIds.map((s) => s.id),
          mirrorFor: async () => mirror.mirror,
          fetchMissing: true,
        });
      }
      await resolveHoles(
        prisma,
        repo.id,
        toStore.map((t) => t.mapped.pullRequest.number),
      );
      await recordHoles(prisma, repo.id, ctx.runId, holes, passStartedAt);
      result.prsStored += toStore.length;
      for (let i = 0; i < toStore.length; i++) ctx.onStored?.();
      prsDone += inPass.length;
      const passDone = reachedWatermark || !page.hasNextPage;
      // a pass never moves the watermark past an open hole: the next pass lists it again (#13 case 2)
      const watermark = passDone
        ? watermarkAfterPass(
            passWatermark,
            previous,
            await settleHolesAfterPass(prisma, repo.id, { complete: passComplete, startedAt: passStartedAt }),
          )
        : null;
      const state = passDone
        ? { cursor: null, done: true, passWatermark: null, prsDone, passStartedAt: null }
        : { cursor: page.endCursor, done: false, passWatermark, prsDone, passStartedAt };
      const runFigures = ctx.runId && ctx.runFigures ? { id: ctx.runId, data: ctx.runFigures() } : null;
      await prisma.$transaction([
        // the run's row moves with the checkpoint: a run killed after this page has this page counted
        ...(runFigures ? [prisma.crawlRun.update({ where: { id: runFigures.id }, data: runFigures.data })] : []),
        prisma.crawlCheckpoint.upsert({ where, create: { repositoryId: repo.id, phase: PULL_REQUESTS_PHASE, ...state }, update: state }),
        ...(passDone
          ? [
              prisma.repository.update({
                where: { id: repo.id },
                data: { prWatermark: watermark, lastHarvestedAt: new Date(), lastError: null },
              }),
            ]
          : []),
      ]);
      ctx.onPage?.({ fullName: repo.fullName, prsDone, prsTotal: previous ? null : page.totalCount, stored: result.prsStored });
      if (passDone) return result;
      cursor = page.endCursor;
    }
  } catch (e) {
    if (isRepositoryGone(e)) {
      await prisma.repository.update({
        where: { id: repo.id },
        data: {
          selectionStatus: "rejected",
          selectionReason: "not found on GitHub (deleted, renamed or made private)",
          lastError: e.message,
        },
      });
      await ctx.reportError(repo.fullName, "repository", e.message);
      return { ...result, outcome: "gone" };
    }
    throw e;
  }
}
