// An annotator's queue (their assignments, in PR and timeline order) and the leads' view of all
// human instances; plus the neighbours of one instance for j/k navigation.
import type { VisibleStage } from "./viewer-access";
import { Prisma, type PrismaClient } from "@/lib/db/generated/client";
import { hasRole, type SessionUser } from "@/lib/auth/roles";
import { InstanceStageSchema } from "@/lib/db/enums";
import { blindStage } from "./viewer-access";

export interface QueueItem {
  id: string;
  repo: string;
  prNumber: number;
  kind: string;
  path: string | null;
  excerpt: string;
  stage: VisibleStage;
  /** the viewer's own label, if any */
  ownLabel: string | null;
  /** the viewer set it aside with a reason (a lead may reassign it) */
  skipped: boolean;
  /** leads only: labels given / annotators assigned */
  labels: number | null;
  assigned: number | null;
}

/** rows shown per page of a queue; the order and the counts cover the whole queue */
export const QUEUE_PAGE_SIZE = 100;

export type QueueScope = "mine" | "all" | "adjudication";

/** One entry of a queue's order: enough for counts, the filters' choices and j/k navigation. */
export interface QueueEntry {
  id: string;
  ownLabel: string | null;
  skipped: boolean;
  repo: string;
}

// what annotation owns: a comment screening dropped (its open assignments withdrawn) leaves an
// annotator's queue, even for an annotator whose label stays in its history
const ANNOTATION_STAGES = ["annotating", "adjudicating", "labelled", "unsuitable"] as const;

/**
 * The whole queue in PR and timeline order, ids and the viewer's own label only: one query, so
 * an annotator with 14,000 assignments or a lead over 70,000 instances gets it in tens of ms.
 */
export async function loadQueueOrder(prisma: PrismaClient, viewer: SessionUser, scope: QueueScope): Promise<QueueEntry[]> {
  return prisma.$queryRaw<QueueEntry[]>`
    SELECT id, "ownLabel", repo, skipped FROM (${queueRows(viewer, scope)}) q
    ORDER BY pr_at, entry_at, id`;
}

/** The rows of a queue, unordered, with the sort keys: the one definition every query below reads. */
function queueRows(viewer: SessionUser, scope: QueueScope): Prisma.Sql {
  const lead = scope === "all" && hasRole(viewer, "admin", "adjudicator");
  const scopeSql =
    scope === "adjudication"
      ? Prisma.sql`i.source = 'human' AND i.stage = 'adjudicating'`
      : lead
        ? Prisma.sql`i.source = 'human'`
        : Prisma.sql`EXISTS (SELECT 1 FROM "Assignment" a WHERE a."instanceId" = i.id AND a."annotatorId" = ${viewer.id})
            AND i.stage::text IN (${Prisma.join([...ANNOTATION_STAGES])})`;
  return Prisma.sql`
    SELECT i.id, l.value::text AS "ownLabel", r."fullName" AS repo, p."createdAt" AS pr_at, t."createdAt" AS entry_at,
      s."skippedAt" IS NOT NULL AS skipped
    FROM "Instance" i
    JOIN "PullRequest" p ON p.id = i."pullRequestId"
    JOIN "Repository" r ON r.id = p."repositoryId"
    JOIN "TimelineEntry" t ON t.id = i."targetEntryId"
    LEFT JOIN "Label" l ON l."instanceId" = i.id AND l."annotatorId" = ${viewer.id}
    -- one assignment per (instance, annotator): a join, not a probe per row (245 → 132 ms over 70,000)
    LEFT JOIN "Assignment" s ON s."instanceId" = i.id AND s."annotatorId" = ${viewer.id}
    WHERE ${scopeSql}`;
}

export interface QueueSummary {
  /** per status, as statusOf counts them (a label wins over a skip) */
  counts: { all: number; to_do: number; done: number; skipped: number };
  repositories: string[];
  /** the first instance in queue order the viewer has neither labelled nor skipped */
  firstToDoId: string | null;
}

/**
 * Counts, repository choices and the first one to label, computed by the database: a lead's view of
 * 70,000 instances no longer ships every row to the page to count them (bench-scale, #14).
 */
export async function loadQueueSummary(prisma: PrismaClient, viewer: SessionUser, scope: QueueScope): Promise<QueueSummary> {
  const [row] = await prisma.$queryRaw<
    { all: bigint; done: bigint; skipped: bigint; repositories: string[] | null; first_to_do: string | null }[]
  >`
    WITH q AS MATERIALIZED (${queueRows(viewer, scope)})
    SELECT count(*) AS "all",
      count(*) FILTER (WHERE "ownLabel" IS NOT NULL) AS done,
      count(*) FILTER (WHERE "ownLabel" IS NULL AND skipped) AS skipped,
      array_agg(DISTINCT repo ORDER BY repo) FILTER (WHERE repo IS NOT NULL) AS repositories,
      (SELECT id FROM q WHERE "ownLabel" IS NULL AND NOT skipped ORDER BY pr_at, entry_at, id LIMIT 1) AS first_to_do
    FROM q`;
  const all = Number(row?.all ?? 0);
  const done = Number(row?.done ?? 0);
  const skipped = Number(row?.skipped ?? 0);
  return {
    counts: { all, done, skipped, to_do: all - done - skipped },
    repositories: row?.repositories ?? [],
    firstToDoId: row?.first_to_do ?? null,
  };
}

/** The ids of one page of a queue, in queue order. */
export async function loadQueuePageIds(prisma: PrismaClient, viewer: SessionUser, scope: QueueScope, page: number): Promise<string[]> {
  const rows = await prisma.$queryRaw<{ id: string }[]>`
    SELECT id FROM (${queueRows(viewer, scope)}) q
    ORDER BY pr_at, entry_at, id
    LIMIT ${QUEUE_PAGE_SIZE} OFFSET ${(Math.max(1, page) - 1) * QUEUE_PAGE_SIZE}`;
  return rows.map((r) => r.id);
}

/** neighboursIn(loadQueueOrder(…), instanceId), computed by the database for the instance page's j/k. */
export async function loadQueueNeighbours(
  prisma: PrismaClient,
  viewer: SessionUser,
  scope: QueueScope,
  instanceId: string,
): Promise<QueueNeighbours> {
  const [row] = await prisma.$queryRaw<
    { position: bigint | null; total: bigint; previous_id: string | null; next_id: string | null; next_to_do_id: string | null }[]
  >`
    WITH o AS MATERIALIZED (
      SELECT id, "ownLabel", skipped, row_number() OVER (ORDER BY pr_at, entry_at, id) AS n FROM (${queueRows(viewer, scope)}) q
    ), cur AS (SELECT n FROM o WHERE id = ${instanceId})
    SELECT (SELECT n FROM cur) AS position,
      (SELECT count(*) FROM o) AS total,
      (SELECT id FROM o WHERE n = (SELECT n FROM cur) - 1) AS previous_id,
      (SELECT id FROM o WHERE n = (SELECT n FROM cur) + 1) AS next_id,
      -- after this one first, then from the start (wrapping), as neighboursIn rotates the queue
      (SELECT id FROM o WHERE "ownLabel" IS NULL AND NOT skipped AND id <> ${instanceId}
        ORDER BY n <= COALESCE((SELECT n FROM cur), 0), n LIMIT 1) AS next_to_do_id`;
  return {
    position: row?.position == null ? null : Number(row.position),
    total: Number(row?.total ?? 0),
    previousId: row?.previous_id ?? null,
    nextId: row?.next_id ?? null,
    nextToDoId: row?.next_to_do_id ?? null,
  };
}

/** The rows of one page of a queue whose order was loaded by loadQueueOrder. */
export async function loadQueuePage(
  prisma: PrismaClient,
  viewer: SessionUser,
  scope: QueueScope,
  order: readonly QueueEntry[],
  page: number,
): Promise<QueueItem[]> {
  return loadQueueItems(
    prisma,
    viewer,
    scope,
    order.slice((page - 1) * QUEUE_PAGE_SIZE, page * QUEUE_PAGE_SIZE).map((e) => e.id),
  );
}

interface QueueItemRow {
  id: string;
  stage: string;
  repo: string;
  prNumber: number;
  kind: string;
  path: string | null;
  body: string;
  ownLabel: string | null;
  labels: bigint;
  assigned: bigint;
  assignedToViewer: boolean;
  skipped: boolean;
}

/** The rows shown for these instances, in the order given. */
export async function loadQueueItems(
  prisma: PrismaClient,
  viewer: SessionUser,
  scope: QueueScope,
  ids: readonly string[],
): Promise<QueueItem[]> {
  const lead = scope !== "mine" && hasRole(viewer, "admin", "adjudicator");
  if (ids.length === 0) return [];
  // one query for the page's rows (Prisma's nested reads took five round trips, ~90 ms for 100 rows at scale)
  const rows = await prisma.$queryRaw<QueueItemRow[]>`
    SELECT i.id, i.stage::text AS stage, r."fullName" AS repo, p.number AS "prNumber", t.kind::text AS kind,
      COALESCE(i."perturbedPath", t.path) AS path,
      left(COALESCE(i."perturbedBody", t.body), 4000) AS body,
      (SELECT l.value::text FROM "Label" l WHERE l."instanceId" = i.id AND l."annotatorId" = ${viewer.id}) AS "ownLabel",
      (SELECT count(*) FROM "Label" l WHERE l."instanceId" = i.id) AS labels,
      (SELECT count(*) FROM "Assignment" a WHERE a."instanceId" = i.id) AS assigned,
      EXISTS (SELECT 1 FROM "Assignment" a WHERE a."instanceId" = i.id AND a."annotatorId" = ${viewer.id}) AS "assignedToViewer",
      EXISTS (SELECT 1 FROM "Assignment" a WHERE a."instanceId" = i.id AND a."annotatorId" = ${viewer.id} AND a."skippedAt" IS NOT NULL) AS skipped
    FROM "Instance" i
    JOIN "PullRequest" p ON p.id = i."pullRequestId"
    JOIN "Repository" r ON r.id = p."repositoryId"
    JOIN "TimelineEntry" t ON t.id = i."targetEntryId"
    WHERE i.id IN (${Prisma.join([...ids])})`;
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        id: r.id,
        repo: r.repo,
        prNumber: r.prNumber,
        kind: r.kind,
        path: r.path,
        excerpt: r.body.replace(/\s+/g, " ").slice(0, 160),
        // a lead who also annotates is blind on their own instances, even in the full list
        stage: blindStage(InstanceStageSchema.parse(r.stage), lead && !r.assignedToViewer ? "lead" : "annotator"),
        ownLabel: r.ownLabel,
        skipped: r.skipped,
        labels: lead ? Number(r.labels) : null,
        assigned: lead ? Number(r.assigned) : null,
      },
    ];
  });
}

/**
 * Every row of a queue, in order: for a filtered or searched view, which must look at every row.
 * Pages without filters read one page through loadQueuePage instead.
 */
export async function loadQueue(prisma: PrismaClient, viewer: SessionUser, scope: QueueScope): Promise<QueueItem[]> {
  const order = await loadQueueOrder(prisma, viewer, scope);
  const pages = Math.ceil(order.length / QUEUE_PAGE_SIZE);
  const items: QueueItem[] = [];
  for (let page = 1; page <= pages; page++) items.push(...(await loadQueuePage(prisma, viewer, scope, order, page)));
  return items;
}

export interface QueueNeighbours {
  position: number | null;
  total: number;
  previousId: string | null;
  nextId: string | null;
  /** the next instance (after this one, wrapping) the viewer still has to label */
  nextToDoId: string | null;
}

export function neighboursIn(
  queue: readonly (Pick<QueueItem, "id" | "ownLabel"> & { skipped?: boolean })[],
  instanceId: string,
): QueueNeighbours {
  const index = queue.findIndex((q) => q.id === instanceId);
  const rotated = index < 0 ? queue : [...queue.slice(index + 1), ...queue.slice(0, index)];
  return {
    position: index < 0 ? null : index + 1,
    total: queue.length,
    previousId: index > 0 ? queue[index - 1].id : null,
    nextId: index >= 0 && index < queue.length - 1 ? queue[index + 1].id : null,
    nextToDoId: rotated.find((q) => q.ownLabel === null && !q.skipped && q.id !== instanceId)?.id ?? null,
  };
}
