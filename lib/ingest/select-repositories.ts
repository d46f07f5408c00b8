// Repository selection (paper section 2): rank a language by stars, fetch each repository's facts, record
// the decision and its reason on the Repository row. A finished selection is reused until it ages out,
// so the cron's daily runs go straight to harvesting.
import type { PrismaClient } from "@/lib/db/generated/client";
import { decideSelection } from "./decide-selection";
import { FACTS_BATCH, fetchRepositoryFacts } from "./fetch-repository-facts";
import type { GitHubClient } from "./github-client";
import { repositoryGone } from "./ingest-errors";
import { searchRepositories } from "./search-repositories";
import { selectionKey, type SelectionCriteria } from "./selection-criteria";

export interface SelectionContext {
  prisma: PrismaClient;
  client: GitHubClient;
  criteria: SelectionCriteria;
  maxAgeMs: number;
  reportError: (repository: string | null, item: string, message: string) => Promise<void>;
  onProgress?: (p: { decided: number; total: number }) => void;
}

export interface SelectionSummary {
  reused: boolean;
  selected: number;
  rejected: number;
  undecided: number;
  /** why the stars ranking may be missing repositories; such a selection is not cached (#13 case 1) */
  incomplete?: string;
}

/** True when a selection for these criteria finished within maxAgeMs. */
export async function selectionIsFresh(
  prisma: PrismaClient,
  criteria: SelectionCriteria,
  maxAgeMs: number,
): Promise<SelectionSummary | null> {
  const done = await prisma.crawlSelection.findUnique({ where: { key: selectionKey(criteria) } });
  if (!done || Date.now() - done.completedAt.getTime() > maxAgeMs) return null;
  return { reused: true, selected: done.selected, rejected: done.rejected, undecided: 0 };
}

function split(fullName: string) {
  const [owner, name] = fullName.split("/");
  return { owner, name };
}

export async function selectRepositories(ctx: SelectionContext): Promise<SelectionSummary> {
  const { prisma, client, criteria } = ctx;
  const fresh = await selectionIsFresh(prisma, criteria, ctx.maxAgeMs);
  if (fresh) return fresh;

  const listing = await searchRepositories(client, prisma, criteria.language, criteria.top);
  const incomplete = listing.incomplete.length ? `the search ranking came back incomplete (${listing.incomplete.join("; ")})` : undefined;
  if (incomplete)
    await ctx.reportError(
      null,
      `search ranking for language:${criteria.language}`,
      `${incomplete}; repositories it left out are not marked out of the top ${criteria.top}, and the selection is not cached: the next run selects again`,
    );
  for (const bad of listing.malformed)
    await ctx.reportError(
      null,
      `search result #${bad.rank} for language:${criteria.language}`,
      `malformed payload, skipped: ${bad.message}`,
    );
  for (const r of listing.ranked) {
    const data = { language: r.language, stars: r.stars, githubId: BigInt(r.githubId), defaultBranch: r.defaultBranch, starRank: r.rank };
    await prisma.repository.upsert({
      where: { fullName: r.fullName },
      create: { fullName: r.fullName, ...split(r.fullName), ...data },
      update: data,
    });
  }
  // repositories that fell out of the ranking keep their data but are no longer harvested; an incomplete
  // ranking says nothing about the ones it left out
  if (!incomplete)
    await prisma.repository.updateMany({
      where: {
        language: { equals: criteria.language, mode: "insensitive" },
        starRank: { not: null },
        fullName: { notIn: listing.ranked.map((r) => r.fullName) },
      },
      data: {
        selectionStatus: "rejected",
        selectionReason: `not in the top ${criteria.top.toLocaleString("en-US")} ${criteria.language} repositories by stars at the last selection`,
        starRank: null,
      },
    });

  const summary: SelectionSummary = { reused: false, selected: 0, rejected: 0, undecided: 0, ...(incomplete ? { incomplete } : {}) };
  const now = new Date();
  for (let i = 0; i < listing.ranked.length; i += FACTS_BATCH) {
    const batch = listing.ranked.slice(i, i + FACTS_BATCH);
    const outcomes = await fetchRepositoryFacts(
      client,
      batch.map((r) => r.fullName),
      criteria,
    );
    for (const [k, outcome] of outcomes.entries()) {
      if ("error" in outcome) {
        summary.undecided++;
        await prisma.repository.update({
          where: { fullName: outcome.fullName },
          data: {
            selectionStatus: "candidate",
            selectionReason: "facts unavailable; retried at the next selection",
            lastError: outcome.error,
          },
        });
        await ctx.reportError(outcome.fullName, "selection facts", outcome.error);
        continue;
      }
      const decision = decideSelection({ ...outcome.facts, starRank: batch[k].rank }, criteria);
      summary[decision.status]++;
      await prisma.repository.update({
        where: { fullName: outcome.fullName },
        data: {
          selectionStatus: decision.status,
          selectionReason: decision.reason,
          prCount: outcome.facts.prCount,
          commitsInWindow: outcome.facts.notFound ? null : outcome.facts.commitsInWindow,
          prsInWindow: outcome.facts.notFound ? null : outcome.facts.prsInWindow,
          selectionCheckedAt: now,
          lastError: outcome.facts.notFound ? repositoryGone(outcome.fullName).message : null,
        },
      });
    }
    ctx.onProgress?.({ decided: Math.min(i + FACTS_BATCH, listing.ranked.length), total: listing.ranked.length });
  }
  if (summary.undecided === 0 && !incomplete) {
    const key = selectionKey(criteria);
    const data = { criteria: { ...criteria }, completedAt: new Date(), selected: summary.selected, rejected: summary.rejected };
    await prisma.crawlSelection.upsert({ where: { key }, create: { key, ...data }, update: data });
  }
  return summary;
}
