import { z } from "zod";
import { must } from "@/lib/must";
import { AppError } from "@/lib/errors";
import type { PrismaClient } from "@/lib/db/generated/client";
import { PR_CASCADE_STEP, reachingFilter, stepIdFor } from "./funnel";
import { SCREENING_FILTERS } from "./screening-filters";
import { inDroppedPullRequest } from "./update-screening-stages";

// The items one funnel step dropped, with the stored reason, so a reviewer can check any drop.

export const DroppedItemsQuerySchema = z.object({
  step: z.string().min(1),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type DroppedItemsQuery = z.input<typeof DroppedItemsQuerySchema>;

export type DroppedItem = {
  /** the PR id or the instance id */
  id: string;
  subject: "pull_request" | "instance";
  repository: string;
  pullRequestNumber: number;
  pullRequestTitle: string;
  /** the comment (instances) or the PR description (PRs) */
  text: string;
  author: string | null;
  location: string | null;
  filterKey: string;
  rationale: string;
  model: string | null;
  promptVersion: string | null;
  decidedAt: Date;
};

export type DroppedItemsPage = { step: string; label: string; total: number; page: number; pageSize: number; items: DroppedItem[] };

const instanceSelect = {
  id: true,
  targetEntry: { select: { body: true, authorLogin: true, kind: true, path: true } },
  pullRequest: { select: { number: true, title: true, repository: { select: { fullName: true } } } },
} as const;

type InstanceRow = {
  id: string;
  targetEntry: { body: string; authorLogin: string | null; kind: string; path: string | null };
  pullRequest: { number: number; title: string; repository: { fullName: string } };
};

function instanceItem(
  row: InstanceRow,
  decision: { filterKey: string; rationale: string; model: string | null; promptVersion: string | null; createdAt: Date },
): DroppedItem {
  const entry = row.targetEntry;
  return {
    id: row.id,
    subject: "instance",
    repository: row.pullRequest.repository.fullName,
    pullRequestNumber: row.pullRequest.number,
    pullRequestTitle: row.pullRequest.title,
    text: entry.body,
    author: entry.authorLogin,
    location: entry.path ? `${entry.kind} on ${entry.path}` : `${entry.kind} (PR-level)`,
    filterKey: decision.filterKey,
    rationale: decision.rationale,
    model: decision.model,
    promptVersion: decision.promptVersion,
    decidedAt: decision.createdAt,
  };
}

export async function droppedItems(prisma: PrismaClient, query: DroppedItemsQuery): Promise<DroppedItemsPage> {
  const { step, page, pageSize } = DroppedItemsQuerySchema.parse(query);
  const skip = (page - 1) * pageSize;

  if (step === PR_CASCADE_STEP) {
    const where = { source: "human" as const, ...inDroppedPullRequest };
    const [total, rows] = await Promise.all([
      prisma.instance.count({ where }),
      prisma.instance.findMany({
        where,
        orderBy: [{ pullRequest: { number: "asc" } }, { id: "asc" }],
        skip,
        take: pageSize,
        select: {
          ...instanceSelect,
          pullRequest: {
            select: {
              ...instanceSelect.pullRequest.select,
              filterDecisions: { where: { verdict: "drop" }, orderBy: { createdAt: "asc" }, take: 1 },
            },
          },
        },
      }),
    ]);
    const items = rows.map((row) => {
      const prDecision = row.pullRequest.filterDecisions[0];
      return instanceItem(row, { ...prDecision, rationale: `PR dropped: ${prDecision.rationale}` });
    });
    return { step, label: "In PRs dropped by PR screening", total, page, pageSize, items };
  }

  const filter = SCREENING_FILTERS.find((f) => stepIdFor(f) === step);
  if (!filter)
    throw new AppError("not_found", `There is no funnel step "${step}". Open the dropped items from the funnel on the screening page.`, {
      step,
    });
  const reaching = reachingFilter(filter);
  if (reaching.subject === "pull_request") {
    const where = { filterKey: filter.key, verdict: "drop" as const, pullRequest: reaching.where };
    const [total, rows] = await Promise.all([
      prisma.filterDecision.count({ where }),
      prisma.filterDecision.findMany({
        where,
        orderBy: [{ pullRequest: { number: "asc" } }, { id: "asc" }],
        skip,
        take: pageSize,
        include: {
          pullRequest: {
            select: { id: true, number: true, title: true, body: true, authorLogin: true, repository: { select: { fullName: true } } },
          },
        },
      }),
    ]);
    const items = rows.map((d): DroppedItem => {
      // the where clause selects decisions on pull requests, so the relation is always there
      const pr = must(d.pullRequest, `the pull request of filter decision ${d.id}`);
      return {
        id: pr.id,
        subject: "pull_request",
        repository: pr.repository.fullName,
        pullRequestNumber: pr.number,
        pullRequestTitle: pr.title,
        text: pr.body,
        author: pr.authorLogin,
        location: null,
        filterKey: d.filterKey,
        rationale: d.rationale,
        model: d.model,
        promptVersion: d.promptVersion,
        decidedAt: d.createdAt,
      };
    });
    return { step, label: filter.label, total, page, pageSize, items };
  }
  const where = { filterKey: filter.key, verdict: "drop" as const, instance: reaching.where };
  const [total, rows] = await Promise.all([
    prisma.filterDecision.count({ where }),
    prisma.filterDecision.findMany({
      where,
      orderBy: [{ instance: { pullRequest: { number: "asc" } } }, { id: "asc" }],
      skip,
      take: pageSize,
      include: { instance: { select: instanceSelect } },
    }),
  ]);
  return {
    step,
    label: filter.label,
    total,
    page,
    pageSize,
    items: rows.map((d) => instanceItem(must(d.instance, `the instance of filter decision ${d.id}`), d)),
  };
}
