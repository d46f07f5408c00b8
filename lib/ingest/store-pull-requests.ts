// Idempotent writes keyed by GitHub's ids: a PR by (repository, number), timeline entries by
// (PR, kind, GitHub id) or (PR, sha) for commits, linked issues by (PR, number). A page of new PRs goes in
// as three bulk inserts in one transaction; a PR seen before is updated in place, entry by entry. Entries
// GitHub no longer returns are kept: annotated instances point at them.
import type { Prisma, PrismaClient, TimelineEntry } from "@/lib/db/generated/client";
import type { MappedPullRequest, TimelineRow } from "./map-pull-request";

export interface PatchFacts {
  patch: string;
  /** the same diff with every change, as git writes it (lib/patch/git-patch.ts) */
  gitPatch: string;
  filesEdited: number;
  linesEdited: number;
}

export interface PullRequestToStore {
  mapped: MappedPullRequest;
  patch: PatchFacts;
}

type Tx = Prisma.TransactionClient;

const keyOf = (r: { kind: string; githubId: bigint | null; sha: string | null }) =>
  r.kind === "commit" ? `commit:${r.sha}` : `${r.kind}:${r.githubId}`;

/** The fields of an entry a later harvest may change (an edited comment, a moved line): compared, then updated. */
const FIELDS = [
  "authorLogin",
  "authorType",
  "authorName",
  "body",
  "path",
  "diffHunk",
  "inReplyToId",
  "reviewState",
  "commitId",
  "originalCommitId",
  "reviewId",
  "line",
  "originalLine",
] as const;

function differs(stored: Pick<TimelineEntry, "createdAt" | (typeof FIELDS)[number]>, row: TimelineRow): boolean {
  if (stored.createdAt.getTime() !== row.createdAt.getTime()) return true;
  return FIELDS.some((f) => (stored[f] ?? null) !== (row[f] ?? null));
}

async function updateExisting(tx: Tx, pullRequestId: string, item: PullRequestToStore, harvestedAt: Date) {
  await tx.pullRequest.update({ where: { id: pullRequestId }, data: { ...item.mapped.pullRequest, ...item.patch, harvestedAt } });
  const existing = await tx.timelineEntry.findMany({ where: { pullRequestId } });
  const byKey = new Map(existing.map((e) => [keyOf(e), e]));
  const fresh: TimelineRow[] = [];
  for (const entry of item.mapped.timeline) {
    const stored = byKey.get(keyOf(entry));
    if (!stored) fresh.push(entry);
    else if (differs(stored, entry)) await tx.timelineEntry.update({ where: { id: stored.id }, data: entry });
  }
  if (fresh.length) await tx.timelineEntry.createMany({ data: fresh.map((e) => ({ ...e, pullRequestId })), skipDuplicates: true });
  const issues = await tx.linkedIssue.findMany({ where: { pullRequestId } });
  const byNumber = new Map(issues.map((i) => [i.number, i]));
  const newIssues = item.mapped.linkedIssues.filter((i) => !byNumber.has(i.number));
  if (newIssues.length) await tx.linkedIssue.createMany({ data: newIssues.map((i) => ({ ...i, pullRequestId })), skipDuplicates: true });
  for (const issue of item.mapped.linkedIssues) {
    const stored = byNumber.get(issue.number);
    if (stored && (stored.title !== issue.title || stored.body !== issue.body))
      await tx.linkedIssue.update({ where: { id: stored.id }, data: { title: issue.title, body: issue.body } });
  }
}

/** Every column a harvested entry writes: its identity, its time and the fields a later harvest may change. */
const TIMELINE_COLUMNS = ["pullRequestId", "kind", "githubId", "sha", "createdAt", ...FIELDS] as const;

// A page brings hundreds of entries: one JSON parameter expanded by PostgreSQL is several times faster
// than a multi-row INSERT with thousands of bound parameters (notably on the embedded database).
async function insertTimelineRows(tx: Tx, rows: (TimelineRow & { pullRequestId: string })[]) {
  const cols = TIMELINE_COLUMNS.map((c) => `"${c}"`).join(", ");
  const json = JSON.stringify(rows, (_, v) => (typeof v === "bigint" ? v.toString() : v));
  await tx.$executeRawUnsafe(
    `INSERT INTO "TimelineEntry" ("id", ${cols}) SELECT gen_random_uuid()::text, ${TIMELINE_COLUMNS.map((c) => `r."${c}"`).join(", ")} FROM json_populate_recordset(NULL::"TimelineEntry", $1::json) r`,
    json,
  );
}

/** Stores a page of harvested PRs atomically: all of them or none. */
export async function storePullRequests(prisma: PrismaClient, repositoryId: string, items: PullRequestToStore[]): Promise<void> {
  if (!items.length) return;
  const harvestedAt = new Date();
  await prisma.$transaction(
    async (tx) => {
      const numbers = items.map((i) => i.mapped.pullRequest.number);
      const existing = await tx.pullRequest.findMany({
        where: { repositoryId, number: { in: numbers } },
        select: { id: true, number: true },
      });
      const idOf = new Map(existing.map((e) => [e.number, e.id]));
      const fresh = items.filter((i) => !idOf.has(i.mapped.pullRequest.number));
      if (fresh.length) {
        const created = await tx.pullRequest.createManyAndReturn({
          data: fresh.map((i) => ({ repositoryId, ...i.mapped.pullRequest, ...i.patch, harvestedAt })),
          select: { id: true, number: true },
        });
        const createdId = new Map(created.map((c) => [c.number, c.id]));
        // createManyAndReturn answers one row per PR it inserted, so every fresh PR has its id
        const withId = fresh.map((i) => {
          const pullRequestId = createdId.get(i.mapped.pullRequest.number);
          if (pullRequestId === undefined) throw new Error(`PR #${i.mapped.pullRequest.number} was not created; the page is rolled back`);
          return { item: i, pullRequestId };
        });
        const timeline = withId.flatMap(({ item: i, pullRequestId }) => i.mapped.timeline.map((e) => ({ ...e, pullRequestId })));
        if (timeline.length) await insertTimelineRows(tx, timeline);
        const issues = withId.flatMap(({ item: i, pullRequestId }) => i.mapped.linkedIssues.map((e) => ({ ...e, pullRequestId })));
        if (issues.length) await tx.linkedIssue.createMany({ data: issues });
      }
      for (const item of items) {
        const id = idOf.get(item.mapped.pullRequest.number);
        if (id) await updateExisting(tx, id, item, harvestedAt);
      }
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
}
