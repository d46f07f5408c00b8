// GraphQL documents of the harvest. One page brings a batch of PRs (newest updated first) with their
// review threads, comments, reviews, commits and closing issues; connections that overflow their first
// page are finished by aliased `node(id:)` follow-ups, only for the PRs that need them.
// Ids come from `fullDatabaseId` (BigInt): comment ids passed GraphQL's 32-bit `databaseId`.

// GitHub charges a query by the connections it may fetch: every nested connection costs one request per
// parent it may sit under, whatever its own `first`. Per PR of a page that is one request for each of the
// five connections plus one per review thread for the threads' comments; so review threads are few on the
// first page (most PRs have fewer) while the other connections take many items at no extra cost, and
// `totalCount` sizes each follow-up to what is left (#30: 25 requests a PR before, 9 now).
export const NESTED_FIRST = { comments: 50, reviews: 50, reviewThreads: 4, threadComments: 20, commits: 50, closingIssues: 10 } as const;
/** page size of a follow-up connection; halved (down to MIN_FOLLOW_UP_FIRST) while GitHub keeps failing it */
export const FOLLOW_UP_FIRST = 100;
export const MIN_FOLLOW_UP_FIRST = 25;

const PAGE_INFO = "pageInfo { hasNextPage endCursor }";

const FRAGMENTS: Record<string, string> = {
  ActorFields: "fragment ActorFields on Actor { __typename login }",
  IssueCommentFields: "fragment IssueCommentFields on IssueComment { fullDatabaseId databaseId author { ...ActorFields } body createdAt }",
  ReviewFields:
    "fragment ReviewFields on PullRequestReview { fullDatabaseId databaseId author { ...ActorFields } body state submittedAt createdAt commit { oid } }",
  ReviewCommentFields:
    "fragment ReviewCommentFields on PullRequestReviewComment { fullDatabaseId databaseId author { ...ActorFields } body createdAt path diffHunk line originalLine " +
    "commit { oid } originalCommit { oid } replyTo { fullDatabaseId databaseId } pullRequestReview { fullDatabaseId databaseId } }",
  ThreadFields: `fragment ThreadFields on PullRequestReviewThread { id path comments(first: ${NESTED_FIRST.threadComments}) { totalCount ${PAGE_INFO} nodes { ...ReviewCommentFields } } }`,
  CommitFields:
    "fragment CommitFields on PullRequestCommit { commit { oid message committedDate author { name user { __typename login } } } }",
  IssueFields: "fragment IssueFields on Issue { number title body repository { nameWithOwner } }",
  PullRequestFields:
    "fragment PullRequestFields on PullRequest { id fullDatabaseId databaseId number title body createdAt updatedAt state mergedAt baseRefOid headRefOid author { ...ActorFields } " +
    `comments(first: ${NESTED_FIRST.comments}) { totalCount ${PAGE_INFO} nodes { ...IssueCommentFields } } ` +
    `reviews(first: ${NESTED_FIRST.reviews}) { totalCount ${PAGE_INFO} nodes { ...ReviewFields } } ` +
    `reviewThreads(first: ${NESTED_FIRST.reviewThreads}) { totalCount ${PAGE_INFO} nodes { ...ThreadFields } } ` +
    `commits(first: ${NESTED_FIRST.commits}) { totalCount ${PAGE_INFO} nodes { ...CommitFields } } ` +
    `closingIssuesReferences(first: ${NESTED_FIRST.closingIssues}) { totalCount ${PAGE_INFO} nodes { ...IssueFields } } }`,
  RepositoryFacts:
    "fragment RepositoryFacts on Repository { databaseId nameWithOwner stargazerCount primaryLanguage { name } pullRequests { totalCount } " +
    "defaultBranchRef { name target { __typename ... on Commit { history(since: $since, until: $until) { totalCount } } } } }",
};

/** Appends the fragments a document uses, transitively: GraphQL rejects unused ones. */
export function withFragments(body: string): string {
  const used = new Set<string>();
  const visit = (text: string) => {
    for (const m of text.matchAll(/\.\.\.(\w+)/g))
      if (FRAGMENTS[m[1]] && !used.has(m[1])) {
        used.add(m[1]);
        visit(FRAGMENTS[m[1]]);
      }
  };
  visit(body);
  return [body, ...[...used].sort().map((n) => FRAGMENTS[n])].join("\n");
}

export const PULL_REQUEST_PAGE_QUERY = withFragments(
  `query HarvestPullRequests($owner: String!, $name: String!, $first: Int!, $after: String) {
  repository(owner: $owner, name: $name) {
    pullRequests(first: $first, after: $after, orderBy: { field: UPDATED_AT, direction: DESC }) {
      totalCount
      ${PAGE_INFO}
      nodes { ...PullRequestFields }
    }
  }
  rateLimit { cost remaining resetAt }
}`,
);

// A page with PRs GitHub answered as null (a partial error at their path) is asked again for numbers
// only, which GitHub resolves without the nested connections that time out; each such PR is then asked
// for alone by number, so a null costs a hole only when GitHub keeps failing that one PR (#44).
export const PULL_REQUEST_NUMBERS_QUERY = `query HarvestPullRequestNumbers($owner: String!, $name: String!, $first: Int!, $after: String) {
  repository(owner: $owner, name: $name) {
    pullRequests(first: $first, after: $after, orderBy: { field: UPDATED_AT, direction: DESC }) {
      nodes { number updatedAt }
    }
  }
  rateLimit { cost remaining resetAt }
}`;

export const PULL_REQUEST_BY_NUMBER_QUERY = withFragments(
  `query HarvestPullRequest($owner: String!, $name: String!, $number: Int!) {
  repository(owner: $owner, name: $name) {
    pullRequest(number: $number) { ...PullRequestFields }
  }
  rateLimit { cost remaining resetAt }
}`,
);

export type FollowUpKind = "comments" | "reviews" | "reviewThreads" | "commits" | "closingIssuesReferences" | "threadComments";

export interface FollowUp {
  kind: FollowUpKind;
  /** PR node id, or the review thread's for threadComments */
  nodeId: string;
  after: string;
  /** page size (FOLLOW_UP_FIRST unless GitHub failed a larger one) */
  first?: number;
}

const FOLLOW_UP_SELECTION: Record<FollowUpKind, string> = {
  comments: `... on PullRequest { comments(first: $first, after: $after) { totalCount ${PAGE_INFO} nodes { ...IssueCommentFields } } }`,
  reviews: `... on PullRequest { reviews(first: $first, after: $after) { totalCount ${PAGE_INFO} nodes { ...ReviewFields } } }`,
  reviewThreads: `... on PullRequest { reviewThreads(first: $first, after: $after) { totalCount ${PAGE_INFO} nodes { ...ThreadFields } } }`,
  commits: `... on PullRequest { commits(first: $first, after: $after) { totalCount ${PAGE_INFO} nodes { ...CommitFields } } }`,
  closingIssuesReferences: `... on PullRequest { closingIssuesReferences(first: $first, after: $after) { totalCount ${PAGE_INFO} nodes { ...IssueFields } } }`,
  threadComments: `... on PullRequestReviewThread { comments(first: $first, after: $after) { totalCount ${PAGE_INFO} nodes { ...ReviewCommentFields } } }`,
};

/** The field a follow-up's alias answers with. */
export const followUpField = (kind: FollowUpKind) => (kind === "threadComments" ? "comments" : kind);

/** One query for many follow-ups: alias f<i> continues connection i after its cursor. */
export function followUpQuery(items: FollowUp[]): { query: string; variables: Record<string, unknown> } {
  const defs: string[] = [];
  const fields: string[] = [];
  const variables: Record<string, unknown> = {};
  items.forEach((item, i) => {
    defs.push(`$id${i}: ID!`, `$after${i}: String`);
    variables[`id${i}`] = item.nodeId;
    variables[`after${i}`] = item.after;
    const first = item.first ?? FOLLOW_UP_FIRST;
    fields.push(
      `f${i}: node(id: $id${i}) { ${FOLLOW_UP_SELECTION[item.kind].replace("$after", `$after${i}`).replace("$first", String(first))} }`,
    );
  });
  return {
    query: withFragments(
      `query HarvestFollowUps(${defs.join(", ")}) {\n  ${fields.join("\n  ")}\n  rateLimit { cost remaining resetAt }\n}`,
    ),
    variables,
  };
}

/** Selection facts for a batch of repositories: PR count, commits and PRs inside the activity window. */
export function repositoryFactsQuery(repos: { owner: string; name: string }[], window: { since: string; until: string }) {
  const defs = ["$since: GitTimestamp!", "$until: GitTimestamp!"];
  const fields: string[] = [];
  const variables: Record<string, unknown> = { since: window.since, until: window.until };
  const day = (ts: string) => ts.slice(0, 10);
  repos.forEach((r, i) => {
    defs.push(`$owner${i}: String!`, `$name${i}: String!`, `$prs${i}: String!`);
    Object.assign(variables, {
      [`owner${i}`]: r.owner,
      [`name${i}`]: r.name,
      [`prs${i}`]: `repo:${r.owner}/${r.name} is:pr created:${day(window.since)}..${day(window.until)}`,
    });
    fields.push(
      `r${i}: repository(owner: $owner${i}, name: $name${i}) { ...RepositoryFacts }`,
      `p${i}: search(type: ISSUE, query: $prs${i}) { issueCount }`,
    );
  });
  return {
    query: withFragments(
      `query RepositoryFacts(${defs.join(", ")}) {\n  ${fields.join("\n  ")}\n  rateLimit { cost remaining resetAt }\n}`,
    ),
    variables,
  };
}
