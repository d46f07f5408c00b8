// One page of a repository's PRs, newest updated first, with everything nested the page query carries.
// A page that keeps timing out (GitHub answers 502/504 for queries over ~10 s) is asked again at half size.
import { statusOf } from "@/lib/unknown-value";
import type { GitHubClient } from "./github-client";
import { PULL_REQUEST_PAGE_QUERY } from "./harvest-queries";
import { describeIssues, PullRequestNodeSchema, PullRequestPageSchema, type PullRequestNode } from "./harvest-payloads";
import { repositoryGone } from "./ingest-errors";

export interface PullRequestPage {
  totalCount: number;
  hasNextPage: boolean;
  endCursor: string | null;
  nodes: PullRequestNode[];
  /** PRs whose own fields are malformed or nulled: number and updatedAt when readable, place on the page, and why */
  malformed: { number: number | null; updatedAt: Date | null; index: number; message: string; nulledByGitHub: boolean }[];
  /** updatedAt of every node of the page in order, null where unreadable: bounds a nulled node's */
  updatedAts: (Date | null)[];
  /** the number of every node of the page in order, null where unreadable */
  numbers: (number | null)[];
  /** GitHub's partial errors inside a PR it did give (a nulled comment, thread, review…): path relative to the PR node, by PR number */
  nestedErrors: Map<number, GitHubNestedError[]>;
  /** the page size that worked */
  pageSize: number;
  requests: number;
}

export interface GitHubNestedError {
  path: (string | number)[];
  message: string;
}

export async function fetchPullRequestPage(
  client: GitHubClient,
  fullName: string,
  cursor: string | null,
  pageSize: number,
): Promise<PullRequestPage> {
  const [owner, name] = fullName.split("/");
  let size = pageSize;
  let requests = 0;
  for (;;) {
    requests++;
    let result: Awaited<ReturnType<typeof client.graphql<unknown>>>;
    try {
      result = await client.graphql<unknown>(PULL_REQUEST_PAGE_QUERY, { owner, name, first: size, after: cursor });
    } catch (e) {
      const status = statusOf(e);
      if ((status === 502 || status === 504) && size > 1) {
        size = Math.max(1, Math.floor(size / 2));
        continue;
      }
      throw e;
    }
    if (result.errors.some((e) => e.type === "NOT_FOUND")) throw repositoryGone(fullName);
    const parsed = PullRequestPageSchema.safeParse(result.data);
    if (!parsed.success || !parsed.data.repository)
      throw new Error(
        `unexpected pull request page for ${fullName}: ${result.errors.map((e) => e.message).join("; ") || (parsed.success ? "no repository" : describeIssues(parsed.error, result.data))}`,
      );
    const conn = parsed.data.repository.pullRequests;
    const nodes: PullRequestNode[] = [];
    const malformed: PullRequestPage["malformed"] = [];
    const nestedErrors = new Map<number, GitHubNestedError[]>();
    const updatedAts = conn.nodes.map(readableUpdatedAt);
    const numbers = conn.nodes.map((raw) => {
      const number = (raw as { number?: unknown } | null)?.number;
      return typeof number === "number" ? number : null;
    });
    conn.nodes.forEach((raw, i) => {
      const node = PullRequestNodeSchema.safeParse(raw);
      if (node.success) {
        nodes.push(node.data);
        const inside = result.errors.flatMap((e) =>
          e.path?.[2] === "nodes" && e.path?.[3] === i && e.path.length > 4 ? [{ path: e.path.slice(4), message: e.message }] : [],
        );
        if (inside.length) nestedErrors.set(node.data.number, inside);
        return;
      }
      // a node GitHub nulled comes with a partial error whose path points at it: keep its message (#13 case 10)
      const told = result.errors.filter((e) => e.path?.[2] === "nodes" && e.path?.[3] === i).map((e) => `GitHub said: ${e.message}`);
      malformed.push({
        number: numbers[i],
        updatedAt: updatedAts[i],
        index: i,
        // GitHub failed to give it (null, or an error at its path): worth asking again, unlike a payload that is wrong
        nulledByGitHub: raw === null || told.length > 0,
        // a null with GitHub's reason needs no schema complaint on top
        message: raw === null && told.length ? told.join("; ") : [...told, describeIssues(node.error, raw)].join("; "),
      });
    });
    return {
      totalCount: conn.totalCount,
      hasNextPage: conn.pageInfo.hasNextPage,
      endCursor: conn.pageInfo.endCursor,
      nodes,
      malformed,
      nestedErrors,
      updatedAts,
      numbers,
      pageSize: size,
      requests,
    };
  }
}

/** A node's updatedAt when it has a readable one (a malformed node may still; a nulled one has none). */
function readableUpdatedAt(raw: unknown): Date | null {
  const at = (raw as { updatedAt?: unknown } | null)?.updatedAt;
  return typeof at === "string" && !Number.isNaN(Date.parse(at)) ? new Date(at) : null;
}
