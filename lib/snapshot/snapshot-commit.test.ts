import { describe, expect, test } from "vitest";
import { snapshotCommitOf, type SnapshotTimelineEntry } from "./snapshot-commit";

const at = (iso: string) => new Date(iso);
const blank = { githubId: null, sha: null, inReplyToId: null, commitId: null, originalCommitId: null, reviewId: null };
const timeline: SnapshotTimelineEntry[] = [
  { ...blank, kind: "commit", sha: "p1", createdAt: at("2022-06-14T09:00:00Z") },
  {
    ...blank,
    kind: "inline",
    githubId: 10n,
    createdAt: at("2022-06-14T10:00:00Z"),
    commitId: "p3",
    originalCommitId: "p1",
    reviewId: 100n,
  },
  { ...blank, kind: "review", githubId: 100n, createdAt: at("2022-06-14T10:00:00Z"), commitId: null },
  { ...blank, kind: "review", githubId: 101n, createdAt: at("2022-06-15T10:00:00Z"), commitId: "p2" },
  { ...blank, kind: "commit", sha: "p3", createdAt: at("2022-06-16T09:00:00Z") },
  {
    ...blank,
    kind: "inline_reply",
    githubId: 11n,
    inReplyToId: 10n,
    createdAt: at("2022-06-16T10:00:00Z"),
    commitId: "p3",
    originalCommitId: "p3",
  },
  { ...blank, kind: "pr_comment", githubId: 20n, createdAt: at("2022-06-15T12:00:00Z") },
  { ...blank, kind: "pr_comment", githubId: 21n, createdAt: at("2022-06-13T12:00:00Z") },
];
const byId = (id: bigint) => {
  const e = timeline.find((t) => t.githubId === id);
  if (!e) throw new Error(`no entry ${id}`);
  return e;
};

describe("snapshotCommitOf", () => {
  test("an inline comment is judged on its original commit, not the commit it now sits on", () => {
    expect(snapshotCommitOf(byId(10n), timeline)).toMatchObject({ sha: "p1" });
  });
  test("a reply uses its thread root's original commit", () => {
    expect(snapshotCommitOf(byId(11n), timeline)).toMatchObject({ sha: "p1", how: "its thread root's original commit" });
  });
  test("a review uses its commit, else its comments' original commit", () => {
    expect(snapshotCommitOf(byId(101n), timeline)).toMatchObject({ sha: "p2" });
    expect(snapshotCommitOf(byId(100n), timeline)).toMatchObject({ sha: "p1", how: "the original commit of the review's comments" });
  });
  test("a PR comment uses the last commit before it; none before it is stated", () => {
    expect(snapshotCommitOf(byId(20n), timeline)).toMatchObject({ sha: "p1" });
    expect(snapshotCommitOf(byId(21n), timeline)).toEqual({ sha: null, reason: "no commit of the PR precedes this comment" });
  });
});
