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
  /** leads only, on instances not assigned to them: labels given / annotators assigned */
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
    SELECT q.id, q."ownLabel", r."fullName" AS repo, q.skipped FROM (${queueRows(viewer, scope)}) q
    JOIN "PullRequest" p ON p.id = q."pullRequestId"
    JOIN "Repository" r ON r.id = p."repositoryId"
    ORDER BY q.pr_at, q.entry_at, q.id`;
}

const stageList = (stages: readonly string[]) => Prisma.raw(stages.map((st) => `'${st}'`).join(", "));

/**
 * The rows of a queue, unordered, with the sort keys: the one definition every query below reads.
 * The sort keys are the instance's own copies of its PR's and entry's creation times (kept by a
 * trigger), so ordering, paging and neighbours read the (source, prCreatedAt, entryCreatedAt, id)
 * index or an annotator's assignments, never a join over every PR and timeline entry.
 */
const isLeadList = (viewer: SessionUser, scope: QueueScope) => scope === "all" && hasRole(viewer, "admin", "adjudicator");

function queueRows(viewer: SessionUser, scope: QueueScope): Prisma.Sql {
  const lead = isLeadList(viewer, scope);
  const columns = Prisma.sql`i.id, i."pullRequestId", l.value::text AS "ownLabel", i."prCreatedAt" AS pr_at,
      i."entryCreatedAt" AS entry_at, s."skippedAt" IS NOT NULL AS skipped`;
  const own = Prisma.sql`LEFT JOIN "Label" l ON l."instanceId" = i.id AND l."annotatorId" = ${viewer.id}`;
  if (scope !== "adjudication" && !lead)
    // an annotator's queue starts from their assignments (literal stages, so the planner sees the enum)
    return Prisma.sql`
      SELECT ${columns}
      FROM "Assignment" s
      JOIN "Instance" i ON i.id = s."instanceId"
      ${own}
      WHERE s."annotatorId" = ${viewer.id} AND i.stage IN (${stageList(ANNOTATION_STAGES)})`;
  const where = scope === "adjudication" ? Prisma.sql`i.source = 'human' AND i.stage = 'adjudicating'` : Prisma.sql`i.source = 'human'`;
  return Prisma.sql`
    SELECT ${columns}
    FROM "Instance" i
    ${own}
    -- one assignment per (instance, annotator): a join, not a probe per row
    LEFT JOIN "Assignment" s ON s."instanceId" = i.id AND s."annotatorId" = ${viewer.id}
    WHERE ${where}`;
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
      (SELECT array_agg(r."fullName" ORDER BY r."fullName") FROM "Repository" r
        WHERE r.id IN (SELECT p."repositoryId" FROM "PullRequest" p WHERE p.id IN (SELECT "pullRequestId" FROM q))) AS repositories,
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

/**
 * neighboursIn(loadQueueOrder(…), instanceId), computed by the database for the instance page's j/k:
 * keyset reads either side of the instance's sort key (an index range each), not a numbering of the
 * whole queue.
 */
export async function loadQueueNeighbours(
  prisma: PrismaClient,
  viewer: SessionUser,
  scope: QueueScope,
  instanceId: string,
): Promise<QueueNeighbours> {
  // a lead's list is read straight from the index; an annotator's (their assignments) is gathered once
  const indexed = isLeadList(viewer, scope);
  const rows = queueRows(viewer, scope);
  const q = indexed ? Prisma.sql`(${rows}) q` : Prisma.sql`q`;
  const [row] = await prisma.$queryRaw<
    { position: bigint | null; total: bigint; previous_id: string | null; next_id: string | null; next_to_do_id: string | null }[]
  >`
    WITH ${indexed ? Prisma.empty : Prisma.sql`q AS MATERIALIZED (${rows}),`}
    cur AS (SELECT pr_at, entry_at, id FROM ${q} WHERE q.id = ${instanceId})
    SELECT
      (SELECT count(*) + 1 FROM ${q}, cur WHERE (q.pr_at, q.entry_at, q.id) < (cur.pr_at, cur.entry_at, cur.id))
        * (SELECT count(*) FROM cur) AS position,
      (SELECT count(*) FROM ${q}) AS total,
      (SELECT q.id FROM ${q}, cur WHERE (q.pr_at, q.entry_at, q.id) < (cur.pr_at, cur.entry_at, cur.id)
        ORDER BY q.pr_at DESC, q.entry_at DESC, q.id DESC LIMIT 1) AS previous_id,
      (SELECT q.id FROM ${q}, cur WHERE (q.pr_at, q.entry_at, q.id) > (cur.pr_at, cur.entry_at, cur.id)
        ORDER BY q.pr_at, q.entry_at, q.id LIMIT 1) AS next_id,
      -- after this one first, then from the start (wrapping), as neighboursIn rotates the queue
      COALESCE(
        (SELECT q.id FROM ${q}, cur WHERE q."ownLabel" IS NULL AND NOT q.skipped
          AND (q.pr_at, q.entry_at, q.id) > (cur.pr_at, cur.entry_at, cur.id) ORDER BY q.pr_at, q.entry_at, q.id LIMIT 1),
        (SELECT q.id FROM ${q} WHERE q."ownLabel" IS NULL AND NOT q.skipped AND q.id <> ${instanceId}
          ORDER BY q.pr_at, q.entry_at, q.id LIMIT 1)) AS next_to_do_id`;
  return {
    // 0 when the instance is not in the queue (no cur row)
    position: row?.position == null || Number(row.position) === 0 ? null : Number(row.position),
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
        // and so are the counts: how many labels are in on one's own item tells a co-annotator's progress
        labels: lead && !r.assignedToViewer ? Number(r.labels) : null,
        assigned: lead && !r.assignedToViewer ? Number(r.assigned) : null,
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
