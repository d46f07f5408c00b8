// The seeded world the fake GitHub serves: accounts, repositories with real bare git repositories,
// pull requests with their whole review timeline. Field names follow GitHub's GraphQL objects.

export type AccountType = "User" | "Bot" | "Organization" | "Mannequin";

export interface FakeAccount {
  /** GraphQL login; REST adds `[bot]` for bots */
  login: string;
  type: AccountType;
  databaseId: number;
}

export interface FakeCommit {
  /** filled by the git builder; a malformed world may overwrite it */
  oid: string;
  message: string;
  authorName: string;
  authorEmail: string;
  /** the GitHub account linked to the commit email, if any */
  authorUser: FakeAccount | null;
  committedDate: string;
}

export interface FakeIssueComment {
  databaseId: number | null;
  author: FakeAccount | null;
  body: string;
  createdAt: string;
}

export interface FakeReview {
  databaseId: number;
  author: FakeAccount | null;
  body: string;
  state: "APPROVED" | "CHANGES_REQUESTED" | "COMMENTED" | "DISMISSED" | "PENDING";
  submittedAt: string;
}

export interface FakeReviewComment {
  databaseId: number;
  author: FakeAccount | null;
  body: string;
  createdAt: string;
  diffHunk: string;
  line: number | null;
  originalLine: number | null;
  /** index into the PR's commits: the commit the comment was written on */
  commitIndex: number;
  replyTo: number | null;
  reviewId: number;
}

export interface FakeReviewThread {
  id: string;
  path: string;
  comments: FakeReviewComment[];
}

export interface FakeFileChange {
  path: string;
  kind: "edit" | "add" | "delete" | "append-no-newline";
  /** line (1-based) the edit touches */
  line: number;
}

export interface FakePullRequest {
  id: string;
  databaseId: number;
  number: number;
  title: string;
  body: string;
  author: FakeAccount | null;
  createdAt: string;
  updatedAt: string;
  state: "OPEN" | "CLOSED" | "MERGED";
  mergedAt: string | null;
  /** index into the repository's main history */
  baseIndex: number;
  baseRefOid: string;
  headRefOid: string;
  /** one entry per PR commit, applied in order on top of the base */
  changes: FakeFileChange[][];
  commits: FakeCommit[];
  comments: FakeIssueComment[];
  reviews: FakeReview[];
  threads: FakeReviewThread[];
  closingIssues: number[];
  /** GraphQL reports the first commit with an oid that is not a SHA */
  malformedCommitOid?: boolean;
}

export interface FakeIssue {
  number: number;
  title: string;
  body: string;
  createdAt: string;
}

export interface FakeRepository {
  databaseId: number;
  nodeId: string;
  owner: string;
  name: string;
  language: string;
  stars: number;
  createdAt: string;
  pushedAt: string;
  description: string;
  /** in search results but gone everywhere else */
  deleted: boolean;
  /** for repositories whose PRs are not materialised (selection-only) */
  declaredPrCount: number;
  declaredPrsInWindow: number;
  /** dates of commits on the default branch, oldest first */
  mainCommitDates: string[];
  /** filled by the git builder, parallel to mainCommitDates */
  mainCommitOids: string[];
  pullRequests: FakePullRequest[];
  issues: FakeIssue[];
  /** a search item deliberately missing required fields */
  malformedSearchItem: boolean;
  /** absolute path of the bare repository once built */
  gitDir: string | null;
}

export interface FakeWorld {
  seed: number;
  now: string;
  accounts: FakeAccount[];
  repositories: FakeRepository[];
  /** monotonically increasing ids for objects added after generation */
  nextDatabaseId: number;
}

export const fullNameOf = (r: Pick<FakeRepository, "owner" | "name">) => `${r.owner}/${r.name}`;
