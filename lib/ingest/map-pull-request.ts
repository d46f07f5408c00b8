// A fully paginated PR from GraphQL → the rows we store: the PR, its review timeline (commit, pr_comment,
// inline, inline_reply, review; dataset-format.md) and its closing issues. Pure; malformed items become
// problems and are left out alone.
import type { z } from "zod";
import {
  ClosingIssueSchema,
  describeIssues,
  IssueCommentSchema,
  PullRequestCommitSchema,
  ReviewCommentSchema,
  ReviewSchema,
  type ActorSchema,
  type PullRequestNode,
} from "./harvest-payloads";

export interface CollectedThread {
  id: string;
  path: string;
  comments: unknown[];
}

export interface CollectedPullRequest {
  node: PullRequestNode;
  comments: unknown[];
  reviews: unknown[];
  threads: CollectedThread[];
  commits: unknown[];
  issues: unknown[];
  /**
   * GitHub's partial-error messages for nested items it could not give, by the item's place in the lists
   * above ("comments.3", "issues.0", "thread:<id>.2"): a nulled item is named with GitHub's reason (#30)
   */
  githubSaid?: Map<string, string>;
}

export type TimelineKind = "commit" | "pr_comment" | "inline" | "inline_reply" | "review";

export interface TimelineRow {
  kind: TimelineKind;
  githubId: bigint | null;
  sha: string | null;
  authorLogin: string | null;
  authorType: string | null;
  authorName: string | null;
  createdAt: Date;
  body: string;
  path: string | null;
  diffHunk: string | null;
  inReplyToId: bigint | null;
  reviewState: string | null;
  commitId: string | null;
  originalCommitId: string | null;
  reviewId: bigint | null;
  line: number | null;
  originalLine: number | null;
}

export interface MappedPullRequest {
  pullRequest: {
    number: number;
    githubId: bigint | null;
    title: string;
    body: string;
    authorLogin: string | null;
    authorType: string | null;
    createdAt: Date;
    updatedAt: Date;
    state: string;
    mergedAt: Date | null;
    baseSha: string;
    headSha: string;
    commitsCount: number;
  };
  timeline: TimelineRow[];
  linkedIssues: { number: number; title: string; body: string }[];
  /** one line per skipped item */
  problems: string[];
  /** why the PR itself cannot be stored (its own text holds what PostgreSQL cannot store); null when it can */
  rejected: string | null;
}

// PostgreSQL's text and jsonb cannot hold U+0000 (22P05): one such character made it refuse a whole
// page of 25 PRs. The item that carries it is left out alone, named, instead (#13 case 3).
const NUL = "\u0000";
const hasNul = (...texts: (string | null | undefined)[]) => texts.some((t) => t?.includes(NUL));

type Actor = z.infer<typeof ActorSchema>;

/** GraphQL drops the `[bot]` suffix REST and the released dataset use for bot logins. */
export function loginOf(actor: Actor): string | null {
  if (!actor) return null;
  return actor.__typename === "Bot" && !actor.login.endsWith("[bot]") ? `${actor.login}[bot]` : actor.login;
}

const EMPTY: Omit<TimelineRow, "kind" | "createdAt" | "body"> = {
  githubId: null,
  sha: null,
  authorLogin: null,
  authorType: null,
  authorName: null,
  path: null,
  diffHunk: null,
  inReplyToId: null,
  reviewState: null,
  commitId: null,
  originalCommitId: null,
  reviewId: null,
  line: null,
  originalLine: null,
};

function each<S extends z.ZodType>(
  schema: S,
  items: unknown[],
  label: string,
  problems: string[],
  use: (v: z.infer<S>) => void,
  said?: (index: number) => string | undefined,
) {
  items.forEach((raw, i) => {
    const parsed = schema.safeParse(raw);
    if (parsed.success) use(parsed.data);
    else {
      const github = said?.(i);
      problems.push(`${label} #${i + 1}: ${describeIssues(parsed.error, raw)}${github ? `; GitHub said: ${github}` : ""}`);
    }
  });
}

export function mapPullRequest(repoFullName: string, c: CollectedPullRequest): MappedPullRequest {
  const problems: string[] = [];
  const timeline: TimelineRow[] = [];
  const seen = new Set<string>();
  const push = (row: TimelineRow) => {
    const key = row.kind === "commit" ? `commit:${row.sha}` : `${row.kind}:${row.githubId}`;
    if (seen.has(key)) return;
    seen.add(key);
    timeline.push(row);
  };
  const who = (a: Actor) => ({ authorLogin: loginOf(a), authorType: a?.__typename ?? null });
  const saidIn = (list: string) => (i: number) => c.githubSaid?.get(`${list}.${i}`);

  each(
    PullRequestCommitSchema,
    c.commits,
    "commit",
    problems,
    ({ commit }) =>
      push({
        ...EMPTY,
        kind: "commit",
        sha: commit.oid,
        authorLogin: commit.author?.user?.login ?? null,
        authorType: commit.author?.user ? commit.author.user.__typename : null,
        authorName: commit.author?.name ?? null,
        createdAt: new Date(commit.committedDate),
        body: commit.message,
      }),
    saidIn("commits"),
  );
  each(
    IssueCommentSchema,
    c.comments,
    "comment",
    problems,
    (v) => push({ ...EMPTY, kind: "pr_comment", githubId: v.id, ...who(v.author), createdAt: new Date(v.createdAt), body: v.body }),
    saidIn("comments"),
  );
  each(
    ReviewSchema,
    c.reviews,
    "review",
    problems,
    (v) => {
      // pending reviews are visible to their author only and not part of the conversation
      if (v.state === "PENDING") return;
      push({
        ...EMPTY,
        kind: "review",
        githubId: v.id,
        ...who(v.author),
        createdAt: new Date(v.submittedAt ?? v.createdAt),
        body: v.body,
        reviewState: v.state,
        commitId: v.commit?.oid ?? null,
      });
    },
    saidIn("reviews"),
  );
  for (const thread of c.threads)
    each(
      ReviewCommentSchema,
      thread.comments,
      `review comment in thread ${thread.id}`,
      problems,
      (v) => {
        if (!v.path && !thread.path) {
          problems.push(`review comment ${v.id} in thread ${thread.id}: neither the comment nor its thread names a file; skipped`);
          return;
        }
        push({
          ...EMPTY,
          kind: v.replyToId === null ? "inline" : "inline_reply",
          githubId: v.id,
          ...who(v.author),
          createdAt: new Date(v.createdAt),
          body: v.body,
          path: v.path || thread.path,
          diffHunk: v.diffHunk,
          inReplyToId: v.replyToId,
          commitId: v.commit?.oid ?? null,
          originalCommitId: v.originalCommit?.oid ?? null,
          reviewId: v.reviewId,
          line: v.line,
          originalLine: v.originalLine,
        });
      },
      saidIn(`thread:${thread.id}`),
    );
  timeline.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const storable = timeline.filter((t) => {
    if (!hasNul(t.body, t.path, t.diffHunk, t.authorName, t.authorLogin)) return true;
    problems.push(`${t.kind} ${t.githubId ?? t.sha ?? "(no id)"}: holds a NUL character, which PostgreSQL cannot store; skipped`);
    return false;
  });

  const linkedIssues: MappedPullRequest["linkedIssues"] = [];
  each(
    ClosingIssueSchema,
    c.issues,
    "closing issue",
    problems,
    (v) => {
      // the released format lists the PR's own repository's issues ({number, title, body})
      if (v.repository.nameWithOwner.toLowerCase() !== repoFullName.toLowerCase()) return;
      if (hasNul(v.title, v.body))
        problems.push(`closing issue #${v.number}: holds a NUL character, which PostgreSQL cannot store; skipped`);
      else if (!linkedIssues.some((i) => i.number === v.number)) linkedIssues.push({ number: v.number, title: v.title, body: v.body });
    },
    saidIn("issues"),
  );

  const n = c.node;
  // stored all the same (the number identifies it), but said: exports and re-crawls key on GitHub's id (#13 case 10)
  if (n.githubId === null) problems.push(`pull request #${n.number}: GitHub gave no database id; stored without one`);
  return {
    pullRequest: {
      number: n.number,
      githubId: n.githubId,
      title: n.title,
      body: n.body,
      ...who(n.author),
      createdAt: new Date(n.createdAt),
      updatedAt: new Date(n.updatedAt),
      state: n.state,
      mergedAt: n.mergedAt ? new Date(n.mergedAt) : null,
      baseSha: n.baseRefOid,
      headSha: n.headRefOid,
      commitsCount: n.commits.totalCount ?? c.commits.length,
    },
    timeline: storable,
    linkedIssues,
    problems,
    rejected: hasNul(n.title, n.body, n.author?.login)
      ? "its title or description holds a NUL character, which PostgreSQL cannot store"
      : null,
  };
}
