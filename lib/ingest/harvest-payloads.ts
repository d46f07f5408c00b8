// zod schemas of the GraphQL payloads the harvest reads. Each item is parsed on its own, so a malformed
// one (bad timestamp, missing id, non-SHA oid) is reported and skipped without losing its siblings.
import { z } from "zod";

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
export const isoTimestamp = z.string().refine((v) => ISO.test(v) && !Number.isNaN(Date.parse(v)), { message: "not an ISO 8601 timestamp" });
const gitSha = z.string().regex(/^[0-9a-f]{40}$/, "not a 40-hex git object id");

export const ActorSchema = z
  .object({ __typename: z.enum(["User", "Bot", "Organization", "Mannequin", "EnterpriseUserAccount"]), login: z.string().min(1) })
  .nullable();

/** `fullDatabaseId` (BigInt as a string), falling back to the 32-bit `databaseId`. */
const githubIdFields = {
  fullDatabaseId: z.string().regex(/^\d+$/).nullish(),
  databaseId: z.number().int().nullish(),
};
function githubId(v: { fullDatabaseId?: string | null; databaseId?: number | null }): bigint | null {
  if (v.fullDatabaseId) return BigInt(v.fullDatabaseId);
  if (v.databaseId != null) return BigInt(v.databaseId);
  return null;
}
const withId = <T extends { fullDatabaseId?: string | null; databaseId?: number | null }>(v: T, ctx: z.RefinementCtx) => {
  const id = githubId(v);
  if (id === null) ctx.addIssue({ code: "custom", message: "has no database id", path: ["fullDatabaseId"] });
  return { ...v, id: id ?? 0n };
};

const PageInfoSchema = z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable() });
export const ConnectionSchema = z.object({
  totalCount: z.number().int().optional(),
  pageInfo: PageInfoSchema,
  nodes: z.array(z.unknown()),
});
export type RawConnection = z.infer<typeof ConnectionSchema>;

export const IssueCommentSchema = z
  .object({ ...githubIdFields, author: ActorSchema, body: z.string(), createdAt: isoTimestamp })
  .transform(withId);

export const ReviewSchema = z
  .object({
    ...githubIdFields,
    author: ActorSchema,
    body: z.string(),
    state: z.string(),
    submittedAt: isoTimestamp.nullable(),
    createdAt: isoTimestamp,
    // the commit the review was submitted on (its snapshot, issue #12); absent in payloads stored before it was asked for
    commit: z.object({ oid: gitSha }).nullable().optional(),
  })
  .transform(withId);

const IdRef = z.object(githubIdFields).nullable();
export const ReviewCommentSchema = z
  .object({
    ...githubIdFields,
    author: ActorSchema,
    body: z.string(),
    createdAt: isoTimestamp,
    // may be empty: the mapping falls back to the thread's path (#13 case 10)
    path: z.string(),
    diffHunk: z.string(),
    line: z.number().int().nullable(),
    originalLine: z.number().int().nullable(),
    commit: z.object({ oid: gitSha }).nullable(),
    originalCommit: z.object({ oid: gitSha }).nullable(),
    replyTo: IdRef,
    pullRequestReview: IdRef,
  })
  .transform((v, ctx) => ({
    ...withId(v, ctx),
    replyToId: v.replyTo ? githubId(v.replyTo) : null,
    reviewId: v.pullRequestReview ? githubId(v.pullRequestReview) : null,
  }));

export const ThreadSchema = z.object({ id: z.string(), path: z.string(), comments: ConnectionSchema });

export const PullRequestCommitSchema = z.object({
  commit: z.object({
    oid: gitSha,
    message: z.string(),
    committedDate: isoTimestamp,
    author: z.object({ name: z.string().nullable(), user: z.object({ __typename: z.string(), login: z.string() }).nullable() }).nullable(),
  }),
});

export const ClosingIssueSchema = z.object({
  number: z.number().int().positive(),
  title: z.string(),
  body: z.string(),
  repository: z.object({ nameWithOwner: z.string() }),
});

/** The PR's own fields; its connections are checked item by item later. */
export const PullRequestNodeSchema = z
  .object({
    id: z.string(),
    ...githubIdFields,
    number: z.number().int().positive(),
    title: z.string(),
    body: z.string(),
    createdAt: isoTimestamp,
    updatedAt: isoTimestamp,
    state: z.enum(["OPEN", "CLOSED", "MERGED"]),
    mergedAt: isoTimestamp.nullable(),
    baseRefOid: gitSha,
    headRefOid: gitSha,
    author: ActorSchema,
    comments: ConnectionSchema,
    reviews: ConnectionSchema,
    reviewThreads: ConnectionSchema,
    commits: ConnectionSchema,
    closingIssuesReferences: ConnectionSchema,
  })
  .transform((v) => ({ ...v, githubId: githubId(v) }));
export type PullRequestNode = z.infer<typeof PullRequestNodeSchema>;

export const PullRequestPageSchema = z.object({
  repository: z
    .object({
      pullRequests: z.object({ totalCount: z.number().int(), pageInfo: PageInfoSchema, nodes: z.array(z.unknown()) }),
    })
    .nullable(),
});

/** "createdAt: not an ISO 8601 timestamp (got \"not-a-date\")" for a log line a person can act on. */
export function describeIssues(error: z.ZodError, input: unknown): string {
  return error.issues
    .map((i) => {
      let got: unknown = input;
      for (const k of i.path) got = (got as Record<PropertyKey, unknown> | undefined)?.[k as PropertyKey];
      const shown = got === undefined ? "missing" : JSON.stringify(got)?.slice(0, 60);
      return `${i.path.join(".") || "item"}: ${i.message} (got ${shown})`;
    })
    .join("; ");
}
