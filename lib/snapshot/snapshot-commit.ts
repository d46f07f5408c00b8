// Which commit a timeline entry was written on (issue #12): the code its author saw. Pure.
// - inline comment: the review comment's original commit (the commit its diff_hunk was written against);
// - inline reply: its thread root's original commit (GitHub's in_reply_to_id names the root);
// - review: the review's commit, else the original commit of its own inline comments;
// - PR-level comment: the last of the PR's commits dated at or before the comment. GitHub's API gives
//   no push times for commits, so the commit date stands in for the push (a commit rebased onto an
//   older date can make a comment look earlier than it was).

/** The timeline fields snapshotCommitOf reads, as a Prisma select (one for every caller that loads them). */
export const SNAPSHOT_TIMELINE_SELECT = {
  id: true,
  kind: true,
  githubId: true,
  sha: true,
  createdAt: true,
  inReplyToId: true,
  commitId: true,
  originalCommitId: true,
  reviewId: true,
} as const;

export interface SnapshotTimelineEntry {
  kind: "commit" | "pr_comment" | "inline" | "inline_reply" | "review";
  githubId: bigint | null;
  sha: string | null;
  createdAt: Date;
  inReplyToId: bigint | null;
  commitId: string | null;
  originalCommitId: string | null;
  reviewId: bigint | null;
}

export type SnapshotCommit = { sha: string; how: string } | { sha: null; reason: string };

function lastCommitAtOrBefore(timeline: SnapshotTimelineEntry[], when: Date): string | null {
  let best: SnapshotTimelineEntry | null = null;
  for (const e of timeline) {
    if (e.kind !== "commit" || e.sha === null || e.createdAt.getTime() > when.getTime()) continue;
    if (best === null || e.createdAt.getTime() >= best.createdAt.getTime()) best = e;
  }
  return best?.sha ?? null;
}

export function snapshotCommitOf(entry: SnapshotTimelineEntry, timeline: SnapshotTimelineEntry[]): SnapshotCommit {
  switch (entry.kind) {
    case "commit":
      return entry.sha ? { sha: entry.sha, how: "the commit itself" } : { sha: null, reason: "the commit has no SHA" };
    case "inline": {
      const sha = entry.originalCommitId ?? entry.commitId;
      return sha
        ? { sha, how: "the review comment's original commit" }
        : { sha: null, reason: "GitHub gives no commit for this review comment" };
    }
    case "inline_reply": {
      const root = timeline.find((e) => e.kind === "inline" && e.githubId !== null && e.githubId === entry.inReplyToId);
      const sha = root?.originalCommitId ?? root?.commitId ?? entry.originalCommitId ?? entry.commitId;
      if (!sha) return { sha: null, reason: "GitHub gives no commit for this reply or its thread" };
      return { sha, how: root ? "its thread root's original commit" : "the reply's original commit (its thread root was not harvested)" };
    }
    case "review": {
      if (entry.commitId) return { sha: entry.commitId, how: "the review's commit" };
      const own = timeline.find((e) => e.kind === "inline" && e.reviewId !== null && e.reviewId === entry.githubId && e.originalCommitId);
      if (own?.originalCommitId) return { sha: own.originalCommitId, how: "the original commit of the review's comments" };
      const sha = lastCommitAtOrBefore(timeline, entry.createdAt);
      return sha ? { sha, how: "the last commit before the review" } : { sha: null, reason: "no commit of the PR precedes this review" };
    }
    case "pr_comment": {
      const sha = lastCommitAtOrBefore(timeline, entry.createdAt);
      return sha
        ? { sha, how: "the last commit pushed before the comment" }
        : { sha: null, reason: "no commit of the PR precedes this comment" };
    }
  }
}
