import type { Prisma, PrismaClient } from "@/lib/db/generated/client";
import { SCREENING_FILTERS, type ScreeningFilter } from "./screening-filters";
import { inDroppedPullRequest } from "./update-screening-stages";
import { DECIDED_STAGES } from "./withdraw-from-annotation";

// The paper's funnel (§2: 106,241 PRs → 7,086; 76,190 instances → 67,458 → 48,027), counted from
// the stored decisions. Each drop is attributed to the first step (in the paper's order) that
// dropped the item, so the steps add up; "awaiting" counts items a step has not decided yet.

export type ScreeningFunnelStep = {
  /** "pr:harvested", "pr:llm:pr", "instance:pr_screening", "instance:bot_author", … */
  id: string;
  subject: "pull_request" | "instance";
  label: string;
  description: string;
  filterKey: string | null;
  kind: "total" | "cascade" | "rule" | "llm";
  /** items entering the step (not dropped by an earlier one) */
  reached: number;
  /** dropped here and by no earlier step */
  dropped: number;
  /** entering items this step has not decided yet */
  awaiting: number;
  /** not dropped so far: what the next step receives */
  remaining: number;
  lastRun: { id: string; startedAt: Date; finishedAt: Date | null; version: string; kept: number; dropped: number } | null;
};

export type ScreeningFunnel = { pullRequests: ScreeningFunnelStep[]; instances: ScreeningFunnelStep[] };

const filtersOf = (subject: ScreeningFilter["subject"]) => SCREENING_FILTERS.filter((f) => f.subject === subject);

const PR_HARVESTED_STEP = "pr:harvested";
const INSTANCE_CREATED_STEP = "instance:created";
export const PR_CASCADE_STEP = "instance:pr_screening";
export const stepIdFor = (filter: ScreeningFilter) => `${filter.subject === "pull_request" ? "pr" : "instance"}:${filter.key}`;

type StepWhere =
  | { subject: "pull_request"; where: Prisma.PullRequestWhereInput }
  | { subject: "instance"; where: Prisma.InstanceWhereInput };

function notDroppedByAny(keys: string[]) {
  return { NOT: { filterDecisions: { some: { filterKey: { in: keys }, verdict: "drop" as const } } } };
}

/** The items that reach a filter: not dropped by the filters before it (and, for instances, not in a dropped PR). */
export function reachingFilter(filter: ScreeningFilter): StepWhere {
  const earlier = filtersOf(filter.subject);
  const before = earlier
    .slice(
      0,
      earlier.findIndex((f) => f.key === filter.key),
    )
    .map((f) => f.key);
  if (filter.subject === "pull_request") return { subject: "pull_request", where: notDroppedByAny(before) };
  return {
    subject: "instance",
    where: { source: "human", AND: [{ NOT: inDroppedPullRequest }, notDroppedByAny(before)] },
  };
}

async function countWhere(
  prisma: PrismaClient,
  step: StepWhere,
  extra: { filterDecisions?: Prisma.FilterDecisionListRelationFilter },
): Promise<number> {
  return step.subject === "pull_request"
    ? prisma.pullRequest.count({ where: { AND: [step.where, extra] } })
    : prisma.instance.count({ where: { AND: [step.where, extra] } });
}

async function lastRuns(prisma: PrismaClient): Promise<Map<string, ScreeningFunnelStep["lastRun"]>> {
  const runs = await prisma.filterRun.findMany({
    orderBy: { startedAt: "desc" },
    distinct: ["filterKey"],
    select: { id: true, filterKey: true, startedAt: true, finishedAt: true, version: true, kept: true, dropped: true },
  });
  return new Map(runs.map(({ filterKey, ...run }) => [filterKey, run]));
}

async function filterStep(
  prisma: PrismaClient,
  filter: ScreeningFilter,
  runs: Map<string, ScreeningFunnelStep["lastRun"]>,
): Promise<ScreeningFunnelStep> {
  const reaching = reachingFilter(filter);
  const [reached, dropped, awaiting] = await Promise.all([
    countWhere(prisma, reaching, {}),
    countWhere(prisma, reaching, { filterDecisions: { some: { filterKey: filter.key, verdict: "drop" } } }),
    // awaiting: what screening still owns; a comment whose annotation is complete is not waiting for it
    countWhere(prisma, reaching, {
      filterDecisions: { none: { filterKey: filter.key } },
      ...(filter.subject === "instance" ? { stage: { notIn: [...DECIDED_STAGES] } } : {}),
    }),
  ]);
  return {
    id: stepIdFor(filter),
    subject: filter.subject,
    label: filter.label,
    description: filter.description,
    filterKey: filter.key,
    kind: filter.kind,
    reached,
    dropped,
    awaiting,
    remaining: reached - dropped,
    lastRun: runs.get(filter.key) ?? null,
  };
}

export async function screeningFunnel(prisma: PrismaClient): Promise<ScreeningFunnel> {
  const runs = await lastRuns(prisma);
  const [harvested, instances, inDropped, prAwaiting] = await Promise.all([
    prisma.pullRequest.count(),
    prisma.instance.count({ where: { source: "human" } }),
    prisma.instance.count({ where: { source: "human", ...inDroppedPullRequest } }),
    // in a PR that some PR-level filter has not decided yet (e.g. the LLM audit has not run)
    prisma.instance.count({
      where: {
        source: "human",
        NOT: inDroppedPullRequest,
        pullRequest: { OR: filtersOf("pull_request").map((f) => ({ filterDecisions: { none: { filterKey: f.key } } })) },
      },
    }),
  ]);
  const pullRequests: ScreeningFunnelStep[] = [
    {
      id: PR_HARVESTED_STEP,
      subject: "pull_request",
      label: "Pull requests harvested",
      description: "Every stored PR.",
      filterKey: null,
      kind: "total",
      reached: harvested,
      dropped: 0,
      awaiting: 0,
      remaining: harvested,
      lastRun: null,
    },
  ];
  for (const filter of filtersOf("pull_request")) pullRequests.push(await filterStep(prisma, filter, runs));

  const instanceSteps: ScreeningFunnelStep[] = [
    {
      id: INSTANCE_CREATED_STEP,
      subject: "instance",
      label: "Review-comment instances",
      description: "One per review comment (inline or PR-level) by someone other than the PR author.",
      filterKey: null,
      kind: "total",
      reached: instances,
      dropped: 0,
      awaiting: 0,
      remaining: instances,
      lastRun: null,
    },
    {
      id: PR_CASCADE_STEP,
      subject: "instance",
      label: "In PRs kept by PR screening",
      description: "Instances whose PR a PR-level filter dropped go with it, with the PR's reason.",
      filterKey: null,
      kind: "cascade",
      reached: instances,
      dropped: inDropped,
      awaiting: prAwaiting,
      remaining: instances - inDropped,
      lastRun: null,
    },
  ];
  for (const filter of filtersOf("instance")) instanceSteps.push(await filterStep(prisma, filter, runs));
  return { pullRequests, instances: instanceSteps };
}
