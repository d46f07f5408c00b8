// The two places a PR's final diff stands in for a snapshot, both marked as such (issue #12):
// - single-revision PRs (the demo world, which has no git history): their final diff is the code every
//   comment saw, recorded as an exact snapshot at the head commit;
// - unavailable snapshots the user chooses to keep: status final_fallback, the final diff, and a reason
//   that still says why the snapshot is missing. The other choice is to leave them out of the dataset.
import type { PrismaClient } from "@/lib/db/generated/client";

export const FINAL_DIFF_FALLBACK_NOTE = "the PR's final diff is shown instead; it may differ from the code the comment refers to";

/** Records the final diff as the snapshot of every instance of the given single-revision PRs that has none. */
export async function recordSingleRevisionSnapshots(prisma: PrismaClient, pullRequestIds: string[], reason: string): Promise<number> {
  let linked = 0;
  for (const pr of await prisma.pullRequest.findMany({
    where: { id: { in: pullRequestIds } },
    select: { id: true, headSha: true, patch: true },
  })) {
    const snapshot = await prisma.patchSnapshot.upsert({
      where: { pullRequestId_key: { pullRequestId: pr.id, key: pr.headSha } },
      create: { pullRequestId: pr.id, key: pr.headSha, commitSha: pr.headSha, status: "exact", reason, patch: pr.patch },
      update: {},
    });
    linked += (await prisma.instance.updateMany({ where: { pullRequestId: pr.id, snapshotId: null }, data: { snapshotId: snapshot.id } }))
      .count;
  }
  return linked;
}

/** Shows the final diff, marked, for unavailable snapshots (all of them when no ids are given). */
export async function applyFinalDiffToUnavailable(prisma: PrismaClient, snapshotIds?: string[]): Promise<number> {
  const rows = await prisma.patchSnapshot.findMany({
    where: { status: "unavailable", ...(snapshotIds ? { id: { in: snapshotIds } } : {}) },
    select: { id: true, reason: true, pullRequest: { select: { patch: true } } },
  });
  for (const row of rows) {
    await prisma.patchSnapshot.update({
      where: { id: row.id },
      data: { status: "final_fallback", patch: row.pullRequest.patch, reason: `${row.reason}; ${FINAL_DIFF_FALLBACK_NOTE}` },
    });
  }
  return rows.length;
}
