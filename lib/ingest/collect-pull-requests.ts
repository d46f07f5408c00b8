// Finishes the nested connections of a page of PRs that overflowed their first page: comments, reviews,
// review threads (and the comments of long threads), commits, closing issues. Follow-ups for many PRs
// share one aliased query, so a page with a few long discussions costs one or two extra requests.
import { must } from "@/lib/must";
import type { GitHubClient } from "./github-client";
import { followUpField, followUpQuery, type FollowUp } from "./harvest-queries";
import { ConnectionSchema, describeIssues, ThreadSchema, type PullRequestNode, type RawConnection } from "./harvest-payloads";
import type { CollectedPullRequest, CollectedThread } from "./map-pull-request";

const ALIASES_PER_QUERY = 20;

interface Pending {
  item: FollowUp;
  pr: CollectedPullRequest;
  thread?: CollectedThread;
}

export interface CollectResult {
  collected: CollectedPullRequest[];
  /** PRs that could not be completed, by number, with the reason */
  failed: Map<number, string>;
  /** item-level problems found while collecting (malformed threads) */
  problems: Map<number, string[]>;
  requests: number;
}

export async function collectPullRequests(client: GitHubClient, nodes: PullRequestNode[]): Promise<CollectResult> {
  const pending: Pending[] = [];
  const failed = new Map<number, string>();
  const problems = new Map<number, string[]>();
  const note = (pr: CollectedPullRequest, message: string) =>
    problems.set(pr.node.number, [...(problems.get(pr.node.number) ?? []), message]);

  const addThreads = (pr: CollectedPullRequest, raws: unknown[]) => {
    for (const raw of raws) {
      const parsed = ThreadSchema.safeParse(raw);
      if (!parsed.success) {
        note(pr, `review thread: ${describeIssues(parsed.error, raw)}`);
        continue;
      }
      const thread: CollectedThread = { id: parsed.data.id, path: parsed.data.path, comments: [...parsed.data.comments.nodes] };
      pr.threads.push(thread);
      const info = parsed.data.comments.pageInfo;
      const stuck = followUpStuck(info, null, 1);
      if (stuck) failed.set(pr.node.number, `could not page threadComments: ${stuck}`);
      else if (info.hasNextPage && info.endCursor)
        pending.push({ item: { kind: "threadComments", nodeId: thread.id, after: info.endCursor }, pr, thread });
    }
  };
  const follow = (pr: CollectedPullRequest, kind: FollowUp["kind"], conn: RawConnection) => {
    const stuck = followUpStuck(conn.pageInfo, null, 1);
    if (stuck) failed.set(pr.node.number, `could not page ${kind}: ${stuck}`);
    else if (conn.pageInfo.hasNextPage && conn.pageInfo.endCursor)
      pending.push({ item: { kind, nodeId: pr.node.id, after: conn.pageInfo.endCursor }, pr });
  };

  const collected = nodes.map((node) => {
    const pr: CollectedPullRequest = {
      node,
      comments: [...node.comments.nodes],
      reviews: [...node.reviews.nodes],
      threads: [],
      commits: [...node.commits.nodes],
      issues: [...node.closingIssuesReferences.nodes],
    };
    addThreads(pr, node.reviewThreads.nodes);
    follow(pr, "comments", node.comments);
    follow(pr, "reviews", node.reviews);
    follow(pr, "reviewThreads", node.reviewThreads);
    follow(pr, "commits", node.commits);
    follow(pr, "closingIssuesReferences", node.closingIssuesReferences);
    return pr;
  });

  let requests = 0;
  // follow-up pages per connection, to bound a connection that never ends
  const pagesOf = new Map<object, number>();
  while (pending.length) {
    const batch = pending.splice(0, ALIASES_PER_QUERY).filter((p) => !failed.has(p.pr.node.number));
    if (!batch.length) continue;
    const { query, variables } = followUpQuery(batch.map((p) => p.item));
    requests++;
    const { data, errors } = await client.graphql<Record<string, Record<string, unknown> | null>>(query, variables);
    batch.forEach((p, i) => {
      const number = p.pr.node.number;
      const conn = ConnectionSchema.safeParse(data?.[`f${i}`]?.[followUpField(p.item.kind)]);
      if (!conn.success) {
        const err = errors.find((e) => e.path?.[0] === `f${i}`) ?? errors[0];
        failed.set(number, `could not page ${p.item.kind}: ${err?.message ?? describeIssues(conn.error, data?.[`f${i}`])}`);
        return;
      }
      const nodesPage = conn.data.nodes;
      if (p.item.kind === "reviewThreads") addThreads(p.pr, nodesPage);
      else if (p.item.kind === "threadComments") must(p.thread, "the thread of a comments page").comments.push(...nodesPage);
      else if (p.item.kind === "closingIssuesReferences") p.pr.issues.push(...nodesPage);
      else p.pr[p.item.kind].push(...nodesPage);
      const info = conn.data.pageInfo;
      const pages = (pagesOf.get(p.item) ?? 1) + 1;
      const stuck = followUpStuck(info, p.item.after, pages);
      if (stuck) failed.set(number, `could not page ${p.item.kind}: ${stuck}`);
      else if (info.hasNextPage && info.endCursor) {
        const next = { ...p.item, after: info.endCursor };
        pagesOf.set(next, pages);
        pending.push({ ...p, item: next });
      }
    });
  }
  return { collected: collected.filter((c) => !failed.has(c.node.number)), failed, problems, requests };
}

/** far more follow-up pages than one PR's comments, reviews or commits need (100 a page) */
const MAX_FOLLOW_UP_PAGES = 1_000;

/** Why a follow-up connection cannot go on (#13 case 4), or null when it may. */
export function followUpStuck(
  info: { hasNextPage: boolean; endCursor: string | null },
  after: string | null | undefined,
  pages: number,
): string | null {
  if (!info.hasNextPage) return null;
  if (!info.endCursor) return "GitHub said there are more but gave no cursor";
  if (info.endCursor === after) return `GitHub gave back the cursor it was asked for (${info.endCursor}); stopped instead of looping`;
  if (pages > MAX_FOLLOW_UP_PAGES) return `more than ${MAX_FOLLOW_UP_PAGES} pages; stopped`;
  return null;
}
