// Paper §2: "we create one data instance for every review comment written by a contributor
// other than the PR author; comments written by the PR author are excluded."
import { randomUUID } from "node:crypto";
import type { PrismaClient } from "@/lib/db/generated/client";
import { linkInstanceSnapshots } from "@/lib/snapshot/link-instance-snapshots";
import { isPrAuthorComment } from "./is-pr-author-comment";

export interface TimelineCommentLike {
  id: string;
  kind: "commit" | "pr_comment" | "inline" | "inline_reply" | "review";
  authorLogin: string | null;
  body: string;
}

/** Which timeline entries become instances. Review bodies count as PR-level comments; empty ones say nothing. */
export function isInstanceCandidate(entry: TimelineCommentLike, prAuthor: string | null): boolean {
  if (entry.kind === "commit") return false;
  if (entry.body.trim() === "") return false;
  return isPrAuthorComment({ commentAuthorLogin: entry.authorLogin, pullRequestAuthorLogin: prAuthor }).verdict === "keep";
}

/** Creates the missing human instances for the given PRs (all PRs when omitted). Idempotent. */
export async function createInstances(prisma: PrismaClient, pullRequestIds?: string[]): Promise<number> {
  const prs = await prisma.pullRequest.findMany({
    where: pullRequestIds ? { id: { in: pullRequestIds } } : undefined,
    select: {
      id: true,
      authorLogin: true,
      timeline: { select: { id: true, kind: true, authorLogin: true, body: true } },
      instances: { where: { source: "human" }, select: { targetEntryId: true } },
    },
  });
  const rows: { pullRequestId: string; targetEntryId: string }[] = [];
  for (const pr of prs) {
    const existing = new Set(pr.instances.map((i) => i.targetEntryId));
    for (const entry of pr.timeline) {
      if (!existing.has(entry.id) && isInstanceCandidate(entry, pr.authorLogin))
        rows.push({ pullRequestId: pr.id, targetEntryId: entry.id });
    }
  }
  // unnest() keeps each INSERT at three array parameters: createMany's one parameter per cell
  // made a 76,000-instance collection take minutes.
  for (let start = 0; start < rows.length; start += 5_000) {
    const chunk = rows.slice(start, start + 5_000);
    await prisma.$executeRawUnsafe(
      `INSERT INTO "Instance" ("id", "pullRequestId", "targetEntryId", "updatedAt")
       SELECT id, pr, entry, CURRENT_TIMESTAMP FROM unnest($1::text[], $2::text[], $3::text[]) AS t(id, pr, entry)`,
      chunk.map(() => randomUUID()),
      chunk.map((r) => r.pullRequestId),
      chunk.map((r) => r.targetEntryId),
    );
  }
  // snapshots the harvest computed for these PRs (a PR-level fact until an instance points at one)
  if (rows.length) await linkInstanceSnapshots(prisma, pullRequestIds);
  // fresh planner statistics for the queues and screening that read these rows next (PGlite has no autovacuum)
  if (rows.length) await prisma.$executeRawUnsafe(`ANALYZE "Instance", "TimelineEntry"`);
  return rows.length;
}
