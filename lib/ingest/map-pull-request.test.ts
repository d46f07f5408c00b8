import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { PullRequestNodeSchema } from "./harvest-payloads";
import { loginOf, mapPullRequest, type CollectedPullRequest } from "./map-pull-request";

// A merged pandas PR: a deleted reviewer (author null), a codecov bot comment, a reply on an inline
// comment whose id passed 2^31, a pending review, a comment without id, duplicate and cross-repo issues.
const fixture = JSON.parse(readFileSync(new URL("./fixtures/pr-with-deleted-reviewer-and-bot.json", import.meta.url), "utf8"));
const collected: CollectedPullRequest = { ...fixture, node: PullRequestNodeSchema.parse(fixture.node) };
const mapped = mapPullRequest("pandas-dev/pandas", collected);

describe("mapPullRequest", () => {
  test("the PR row carries GitHub's fields, its author and its BigInt id", () => {
    expect(mapped.pullRequest).toEqual({
      number: 58123,
      githubId: 2_301_457_113n,
      title: "BUG: nanmedian on all-NaN input",
      body: "Guard the empty case before the reduction.\n\nCloses #58100",
      authorLogin: "contributor-1",
      authorType: "User",
      createdAt: new Date("2025-01-02T03:04:05Z"),
      updatedAt: new Date("2025-01-05T10:00:00Z"),
      state: "MERGED",
      mergedAt: new Date("2025-01-05T09:59:00Z"),
      baseSha: "7a3e1dc0a1b2c3d4e5f60718293a4b5c6d7e8f90",
      headSha: "0f9e8d7c6b5a49382716051a2b3c4d5e6f708192",
      commitsCount: 2,
    });
  });

  test("the timeline is ordered oldest first with one entry per commit, comment, review and inline comment", () => {
    expect(mapped.timeline.map((t) => [t.kind, t.githubId ?? t.sha, t.authorLogin])).toEqual([
      ["commit", "1111111111111111111111111111111111111111", "contributor-1"],
      ["pr_comment", 2_568_000_001n, "codecov[bot]"],
      ["review", 2_500_000_010n, null],
      ["inline", 2_147_490_000n, null],
      ["pr_comment", 1_700_000_002n, null],
      ["commit", "0f9e8d7c6b5a49382716051a2b3c4d5e6f708192", null],
      ["inline_reply", 2_147_490_001n, "contributor-1"],
      ["review", 2_500_000_011n, "maintainer"],
    ]);
  });

  test("inline comments keep path, hunk, commits and review; replies point at the comment they answer", () => {
    const [inline, reply] = mapped.timeline.filter((t) => t.kind.startsWith("inline"));
    expect(inline).toMatchObject({
      path: "pandas/core/nanops.py",
      diffHunk: expect.stringMatching(/^@@ -770,6 \+770,8 @@/),
      commitId: "0f9e8d7c6b5a49382716051a2b3c4d5e6f708192",
      originalCommitId: "1111111111111111111111111111111111111111",
      reviewId: 2_500_000_010n,
      inReplyToId: null,
      line: 772,
      authorType: null,
    });
    expect(reply).toMatchObject({ kind: "inline_reply", inReplyToId: 2_147_490_000n, commitId: null, line: null, originalLine: 772 });
  });

  test("commits keep the git author name; an unlinked email has no login", () => {
    const commits = mapped.timeline.filter((t) => t.kind === "commit");
    expect(commits.map((c) => [c.authorName, c.authorLogin, c.authorType, c.body])).toEqual([
      ["Jane Contributor", "contributor-1", "User", "BUG: guard empty nanmedian"],
      ["jane@laptop", null, null, "Address review"],
    ]);
  });

  test("review states are kept and pending reviews left out", () => {
    expect(mapped.timeline.filter((t) => t.kind === "review").map((r) => r.reviewState)).toEqual(["COMMENTED", "APPROVED"]);
  });

  test("closing issues: the PR's own repository, once each", () => {
    expect(mapped.linkedIssues).toEqual([
      { number: 58100, title: "nanmedian raises on all-NaN input", body: "`pd.Series([np.nan]).median()` raises IndexError." },
    ]);
  });

  test("an item without an id is reported and dropped alone", () => {
    expect(mapped.problems).toEqual(["comment #3: fullDatabaseId: has no database id (got null)"]);
    expect(mapped.timeline.filter((t) => t.kind === "pr_comment")).toHaveLength(2);
  });

  test("bot logins get REST's [bot] suffix once", () => {
    expect(loginOf({ __typename: "Bot", login: "dependabot" })).toBe("dependabot[bot]");
    expect(loginOf({ __typename: "Bot", login: "dependabot[bot]" })).toBe("dependabot[bot]");
    expect(loginOf({ __typename: "Mannequin", login: "trac-user" })).toBe("trac-user");
    expect(loginOf(null)).toBeNull();
  });
});

describe("a review comment without its own path (#13 case 10)", () => {
  const withPaths = (commentPath: string, threadPath: string): CollectedPullRequest => {
    const copy = structuredClone(fixture);
    copy.threads[0].path = threadPath;
    copy.threads[0].comments[0].path = commentPath;
    return { ...copy, node: PullRequestNodeSchema.parse(copy.node) };
  };

  test("takes its thread's path instead of being dropped", () => {
    const m = mapPullRequest("pandas-dev/pandas", withPaths("", "pandas/core/nanops.py"));
    expect(m.timeline.find((t) => t.githubId === 2_147_490_000n)?.path).toBe("pandas/core/nanops.py");
    expect(m.problems).toEqual(mapped.problems);
  });

  test("is skipped with its id named when its thread has no path either", () => {
    const m = mapPullRequest("pandas-dev/pandas", withPaths("", ""));
    expect(m.timeline.find((t) => t.githubId === 2_147_490_000n)).toBeUndefined();
    expect(m.problems).toContain(
      "review comment 2147490000 in thread PRRT_kwDOAA0YD85lA: neither the comment nor its thread names a file; skipped",
    );
  });
});
