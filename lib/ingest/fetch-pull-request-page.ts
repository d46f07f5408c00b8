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
  /** PRs whose own fields are malformed: number (when readable) and why */
  malformed: { number: number | null; message: string }[];
  /** the page size that worked */
  pageSize: number;
  requests: number;
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
    for (const raw of conn.nodes) {
      const node = PullRequestNodeSchema.safeParse(raw);
      if (node.success) nodes.push(node.data);
      else {
        const number = (raw as { number?: unknown } | null)?.number;
        malformed.push({ number: typeof number === "number" ? number : null, message: describeIssues(node.error, raw) });
      }
    }
    return {
      totalCount: conn.totalCount,
      hasNextPage: conn.pageInfo.hasNextPage,
      endCursor: conn.pageInfo.endCursor,
      nodes,
      malformed,
      pageSize: size,
      requests,
    };
  }
}
