// The world seen through GitHub's GraphQL types. graphql-js's default resolver calls function-valued
// properties with (args, context, info), so connections are plain functions over the world's arrays.
import type { GraphQLResolveInfo } from "graphql";
import { GitHubGraphQLError, keysetConnection, offsetConnection, type ConnectionArgs } from "./graphql-connection";
import {
  fullNameOf,
  type FakeAccount,
  type FakePullRequest,
  type FakeRepository,
  type FakeReviewThread,
  type FakeWorld,
} from "./world-types";

type Args = ConnectionArgs & Record<string, unknown>;
const INT_MAX = 2_147_483_647;
// GraphQL Int is 32-bit: larger ids come back only through `fullDatabaseId`
const int32 = (n: number) => (n <= INT_MAX ? n : null);

function actor(a: FakeAccount | null) {
  return a && { __typename: a.type, login: a.login, databaseId: a.databaseId };
}

function commitView(pr: FakePullRequest, i: number) {
  const c = pr.commits[i];
  return {
    __typename: "Commit",
    oid: pr.malformedCommitOid && i === 0 ? "not-a-sha" : c.oid,
    message: c.message,
    committedDate: c.committedDate,
    authoredDate: c.committedDate,
    author: { name: c.authorName, email: c.authorEmail, date: c.committedDate, user: actor(c.authorUser) },
  };
}

/** GitHub's review `commit`: the PR head when the review was submitted (the last commit dated before it). */
function reviewCommit(pr: FakePullRequest, submittedAt: string): { oid: string } | null {
  const before = pr.commits.filter((c) => Date.parse(c.committedDate) <= Date.parse(submittedAt));
  const commit = before.at(-1) ?? pr.commits[0];
  return commit ? { oid: commit.oid } : null;
}

function threadView(pr: FakePullRequest, t: FakeReviewThread) {
  return {
    __typename: "PullRequestReviewThread",
    id: t.id,
    path: t.path,
    isResolved: false,
    isOutdated: false,
    comments: (args: Args, _: unknown, info: GraphQLResolveInfo) =>
      offsetConnection(
        t.comments.map((c) => ({
          __typename: "PullRequestReviewComment",
          id: `PRRC_${c.databaseId}`,
          databaseId: int32(c.databaseId),
          fullDatabaseId: String(c.databaseId),
          author: actor(c.author),
          body: c.body,
          createdAt: c.createdAt,
          path: t.path,
          diffHunk: c.diffHunk,
          line: c.line,
          originalLine: c.originalLine,
          commit: { oid: pr.headRefOid },
          originalCommit: { oid: pr.commits[c.commitIndex].oid },
          replyTo: c.replyTo === null ? null : { databaseId: int32(c.replyTo), fullDatabaseId: String(c.replyTo) },
          pullRequestReview: { databaseId: int32(c.reviewId), fullDatabaseId: String(c.reviewId) },
        })),
        args,
        info,
      ),
  };
}

function pullRequestView(repo: FakeRepository, pr: FakePullRequest) {
  return {
    __typename: "PullRequest",
    id: pr.id,
    databaseId: int32(pr.databaseId),
    fullDatabaseId: String(pr.databaseId),
    number: pr.number,
    title: pr.title,
    body: pr.body,
    author: actor(pr.author),
    createdAt: pr.createdAt,
    updatedAt: pr.updatedAt,
    state: pr.state,
    merged: pr.state === "MERGED",
    mergedAt: pr.mergedAt,
    baseRefOid: pr.baseRefOid,
    headRefOid: pr.headRefOid,
    baseRefName: "main",
    comments: (args: Args, _: unknown, info: GraphQLResolveInfo) =>
      offsetConnection(
        pr.comments.map((c, i) => ({
          __typename: "IssueComment",
          id: `IC_${pr.number}_${i}`,
          databaseId: c.databaseId === null ? null : int32(c.databaseId),
          fullDatabaseId: c.databaseId === null ? null : String(c.databaseId),
          author: actor(c.author),
          body: c.body,
          createdAt: c.createdAt,
        })),
        args,
        info,
      ),
    reviews: (args: Args, _: unknown, info: GraphQLResolveInfo) =>
      offsetConnection(
        pr.reviews
          .filter((r) => r.state !== "PENDING")
          .map((r) => ({
            __typename: "PullRequestReview",
            id: `PRR_${r.databaseId}`,
            databaseId: int32(r.databaseId),
            fullDatabaseId: String(r.databaseId),
            author: actor(r.author),
            body: r.body,
            state: r.state,
            submittedAt: r.submittedAt,
            createdAt: r.submittedAt,
            commit: reviewCommit(pr, r.submittedAt),
          })),
        args,
        info,
      ),
    reviewThreads: (args: Args, _: unknown, info: GraphQLResolveInfo) =>
      offsetConnection(
        pr.threads.map((t) => threadView(pr, t)),
        args,
        info,
      ),
    commits: (args: Args, _: unknown, info: GraphQLResolveInfo) =>
      offsetConnection(
        pr.commits.map((_c, i) => ({ __typename: "PullRequestCommit", id: `PRC_${pr.number}_${i}`, commit: commitView(pr, i) })),
        args,
        info,
      ),
    closingIssuesReferences: (args: Args, _: unknown, info: GraphQLResolveInfo) =>
      offsetConnection(
        pr.closingIssues.map((n) => {
          const issue = repo.issues.find((i) => i.number === n)!;
          return {
            __typename: "Issue",
            number: issue.number,
            title: issue.title,
            body: issue.body,
            createdAt: issue.createdAt,
            repository: repositoryView(repo),
          };
        }),
        args,
        info,
      ),
  };
}

const ORDER_FIELDS: Record<string, (pr: FakePullRequest) => string> = {
  CREATED_AT: (pr) => pr.createdAt,
  UPDATED_AT: (pr) => pr.updatedAt,
};

function pullRequestsConnection(repo: FakeRepository, args: Args, info: GraphQLResolveInfo) {
  if (!repo.pullRequests.length) {
    const empty = offsetConnection([], args, info);
    return { ...empty, totalCount: repo.declaredPrCount };
  }
  const order = (args.orderBy as { field: string; direction: "ASC" | "DESC" } | undefined) ?? { field: "CREATED_AT", direction: "ASC" };
  const field = ORDER_FIELDS[order.field] ?? ORDER_FIELDS.CREATED_AT;
  const sign = order.direction === "DESC" ? -1 : 1;
  const key = (pr: FakePullRequest): [string, number] => [field(pr), pr.databaseId];
  const cmp = (a: (string | number)[], b: (string | number)[]) =>
    (a[0] === b[0] ? (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) : a[0] < b[0] ? -1 : 1) * sign;
  const states = args.states as string[] | undefined;
  const sorted = repo.pullRequests.filter((p) => !states || states.includes(p.state)).sort((a, b) => cmp(key(a), key(b)));
  return keysetConnection(
    sorted,
    args,
    info,
    key,
    (a, b) => cmp(a, b) > 0,
    (pr) => pullRequestView(repo, pr),
  );
}

function within(date: string, since?: unknown, until?: unknown) {
  return (!since || date >= String(since)) && (!until || date <= String(until));
}

function repositoryView(repo: FakeRepository) {
  return {
    __typename: "Repository",
    id: repo.nodeId,
    databaseId: repo.databaseId,
    name: repo.name,
    nameWithOwner: fullNameOf(repo),
    stargazerCount: repo.stars,
    isArchived: false,
    isPrivate: false,
    createdAt: repo.createdAt,
    pushedAt: repo.pushedAt,
    primaryLanguage: { name: repo.language, color: "#3572A5", id: `L_${repo.language}` },
    pullRequests: (args: Args, _: unknown, info: GraphQLResolveInfo) => pullRequestsConnection(repo, args, info),
    // GitHub answers an unknown number with null and a NOT_FOUND error
    pullRequest: ({ number }: { number: number }) => {
      const pr = repo.pullRequests.find((p) => p.number === number);
      if (!pr) throw new GitHubGraphQLError(`Could not resolve to a PullRequest with the number of ${number}.`, "NOT_FOUND");
      return pullRequestView(repo, pr);
    },
    defaultBranchRef: {
      name: "main",
      prefix: "refs/heads/",
      target: {
        __typename: "Commit",
        oid: repo.mainCommitOids.at(-1) ?? "0".repeat(40),
        history: (args: Args, _: unknown, info: GraphQLResolveInfo) =>
          offsetConnection(
            repo.mainCommitDates
              .filter((d) => within(d, args.since, args.until))
              .reverse()
              .map((d) => ({ committedDate: d })),
            args,
            info,
          ),
      },
    },
  };
}

/** Root fields used by crawlers: repository, node, search (issue counts) and rateLimit. */
export function graphqlRoot(world: FakeWorld, rateLimit: () => Record<string, unknown>) {
  const live = (owner: string, name: string) =>
    world.repositories.find(
      (r) => r.owner.toLowerCase() === owner.toLowerCase() && r.name.toLowerCase() === name.toLowerCase() && !r.deleted,
    );
  return {
    rateLimit,
    repository: ({ owner, name }: { owner: string; name: string }) => {
      const repo = live(owner, name);
      if (!repo) throw new GitHubGraphQLError(`Could not resolve to a Repository with the name '${owner}/${name}'.`, "NOT_FOUND");
      return repositoryView(repo);
    },
    node: ({ id }: { id: string }) => {
      for (const repo of world.repositories) {
        if (repo.deleted) continue;
        for (const pr of repo.pullRequests) {
          if (pr.id === id) return pullRequestView(repo, pr);
          const t = pr.threads.find((x) => x.id === id);
          if (t) return threadView(pr, t);
        }
      }
      throw new GitHubGraphQLError(`Could not resolve to a node with the global id of '${id}'`, "NOT_FOUND");
    },
    search: ({ query, type }: { query: string; type: string }) => {
      const repoName = /repo:(\S+)\/(\S+)/.exec(query);
      const created = /created:(\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})/.exec(query);
      const repo = repoName && live(repoName[1], repoName[2]);
      let issueCount = 0;
      if (type === "ISSUE" && repo && /is:pr/.test(query)) {
        issueCount = repo.pullRequests.length
          ? repo.pullRequests.filter((p) => !created || within(p.createdAt, `${created[1]}T00:00:00Z`, `${created[2]}T23:59:59Z`)).length
          : created
            ? repo.declaredPrsInWindow
            : repo.declaredPrCount;
      }
      return {
        issueCount,
        repositoryCount: 0,
        userCount: 0,
        codeCount: 0,
        discussionCount: 0,
        wikiCount: 0,
        nodes: [],
        edges: [],
        pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
      };
    },
  };
}
