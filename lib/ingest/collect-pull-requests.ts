// Finishes the nested connections of a page of PRs that overflowed their first page: comments, reviews,
// review threads (and the comments of long threads), commits, closing issues. Follow-ups for many PRs
// share one aliased query, so a page with a few long discussions costs one or two extra requests.
// A follow-up query GitHub keeps failing (502, a timeout, a body cut off) costs one PR, never the page:
// the batch is asked again in halves, a lone follow-up with half the page size, and what still fails
// makes its PR a hole named with the connection and the error (#30).
import { must } from "@/lib/must";
import type { GitHubNestedError } from "./fetch-pull-request-page";
import type { GitHubClient } from "./github-client";
import { describeUpstreamFailure } from "./upstream-failure";
import { FOLLOW_UP_FIRST, followUpField, followUpQuery, MIN_FOLLOW_UP_FIRST, type FollowUp } from "./harvest-queries";
import { isGitHubAccessError, isRateLimitStop, isRunStopped } from "./ingest-errors";
import { ConnectionSchema, describeIssues, ThreadSchema, type PullRequestNode, type RawConnection } from "./harvest-payloads";
import type { CollectedPullRequest, CollectedThread } from "./map-pull-request";

const ALIASES_PER_QUERY = 20;

interface Pending {
  item: FollowUp;
  pr: CollectedPullRequest;
  thread?: CollectedThread;
  /** items of this connection fetched so far */
  have: number;
  /** the largest page GitHub has not failed for this connection */
  cap?: number;
}

/** A follow-up's page size: what the connection's totalCount says is left (GitHub charges by `first`), at most a full page. */
function followUpSize(totalCount: number | undefined, have: number, cap = FOLLOW_UP_FIRST): number {
  const left = totalCount === undefined ? cap : totalCount - have;
  return Math.max(1, Math.min(cap, left));
}

export interface CollectResult {
  collected: CollectedPullRequest[];
  /** PRs that could not be completed, by number, with the reason */
  failed: Map<number, string>;
  /** item-level problems found while collecting (malformed threads) */
  problems: Map<number, string[]>;
  requests: number;
}

export async function collectPullRequests(
  client: GitHubClient,
  nodes: PullRequestNode[],
  nestedErrors: Map<number, GitHubNestedError[]> = new Map(),
): Promise<CollectResult> {
  const pending: Pending[] = [];
  const failed = new Map<number, string>();
  const problems = new Map<number, string[]>();
  const note = (pr: CollectedPullRequest, message: string) =>
    problems.set(pr.node.number, [...(problems.get(pr.node.number) ?? []), message]);

  // GitHub's messages for nested items it nulled, keyed as mapPullRequest looks them up
  const said = (pr: CollectedPullRequest, key: string, message: string) => {
    pr.githubSaid ??= new Map();
    pr.githubSaid.set(key, [pr.githubSaid.get(key), message].filter(Boolean).join("; "));
  };
  const LISTS: Record<string, string> = { comments: "comments", reviews: "reviews", commits: "commits", closingIssuesReferences: "issues" };
  /** Files GitHub's errors under a connection page (path relative to it: nodes, k, …) against the collected items. */
  const sayAll = (pr: CollectedPullRequest, list: string, offset: number, errors: GitHubNestedError[], threadIds?: (string | null)[]) => {
    for (const e of errors) {
      const [nodes, k, ...rest] = e.path;
      if (nodes !== "nodes" || typeof k !== "number") continue;
      const where = rest.length ? ` (at ${rest.join(".")})` : "";
      const threadId = threadIds?.[k];
      if (list === "reviewThreads" && threadId && rest[0] === "comments" && rest[1] === "nodes" && typeof rest[2] === "number")
        said(pr, `thread:${threadId}.${rest[2]}`, `${e.message}${rest.length > 3 ? ` (at ${rest.slice(3).join(".")})` : ""}`);
      else said(pr, `${list}.${offset + k}`, `${e.message}${where}`);
    }
  };
  const rawThreads = new Map<CollectedPullRequest, number>();

  const addThreads = (pr: CollectedPullRequest, raws: unknown[]) => {
    const start = rawThreads.get(pr) ?? 0;
    rawThreads.set(pr, start + raws.length);
    for (const [k, raw] of raws.entries()) {
      const parsed = ThreadSchema.safeParse(raw);
      if (!parsed.success) {
        const github = pr.githubSaid?.get(`reviewThreads.${start + k}`);
        note(pr, `review thread: ${describeIssues(parsed.error, raw)}${github ? `; GitHub said: ${github}` : ""}`);
        continue;
      }
      const thread: CollectedThread = { id: parsed.data.id, path: parsed.data.path, comments: [...parsed.data.comments.nodes] };
      pr.threads.push(thread);
      const info = parsed.data.comments.pageInfo;
      const stuck = followUpStuck(info, null, 1);
      if (stuck) failed.set(pr.node.number, `could not page threadComments: ${stuck}`);
      else if (info.hasNextPage && info.endCursor)
        pending.push({
          item: {
            kind: "threadComments",
            nodeId: thread.id,
            after: info.endCursor,
            first: followUpSize(parsed.data.comments.totalCount, thread.comments.length),
          },
          pr,
          thread,
          have: thread.comments.length,
        });
    }
  };
  const follow = (pr: CollectedPullRequest, kind: FollowUp["kind"], conn: RawConnection) => {
    const stuck = followUpStuck(conn.pageInfo, null, 1);
    if (stuck) failed.set(pr.node.number, `could not page ${kind}: ${stuck}`);
    else if (conn.pageInfo.hasNextPage && conn.pageInfo.endCursor)
      pending.push({
        item: { kind, nodeId: pr.node.id, after: conn.pageInfo.endCursor, first: followUpSize(conn.totalCount, conn.nodes.length) },
        pr,
        have: conn.nodes.length,
      });
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
    const inside = nestedErrors.get(node.number) ?? [];
    for (const field of ["comments", "reviews", "commits", "closingIssuesReferences", "reviewThreads"] as const)
      sayAll(
        pr,
        LISTS[field] ?? field,
        0,
        inside.filter((e) => e.path[0] === field).map((e) => ({ ...e, path: e.path.slice(1) })),
        field === "reviewThreads" ? node.reviewThreads.nodes.map(threadIdOf) : undefined,
      );
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
  // aliases per query: halved after a failed query, so one heavy connection is asked alone
  let aliases = ALIASES_PER_QUERY;
  while (pending.length) {
    const batch = pending.splice(0, aliases).filter((p) => !failed.has(p.pr.node.number));
    if (!batch.length) continue;
    const { query, variables } = followUpQuery(batch.map((p) => p.item));
    requests++;
    let answer: Awaited<ReturnType<typeof client.graphql<Record<string, Record<string, unknown> | null>>>>;
    try {
      answer = await client.graphql<Record<string, Record<string, unknown> | null>>(query, variables);
    } catch (e) {
      if (stopsTheRun(e, client.signal)) throw e;
      const first = batch[0].item.first ?? FOLLOW_UP_FIRST;
      if (batch.length > 1) aliases = Math.ceil(batch.length / 2);
      else if (first > MIN_FOLLOW_UP_FIRST) {
        const cap = Math.max(MIN_FOLLOW_UP_FIRST, Math.floor(first / 2));
        const smaller = { ...batch[0].item, first: cap };
        pagesOf.set(smaller, pagesOf.get(batch[0].item) ?? 1);
        batch[0] = { ...batch[0], item: smaller, cap };
      } else {
        const p = batch[0];
        failed.set(
          p.pr.node.number,
          `could not page ${p.item.kind} (follow-up query HarvestFollowUps, ${first} a page): ${describeUpstreamFailure(e)}`,
        );
        continue;
      }
      pending.unshift(...batch);
      continue;
    }
    const { data, errors } = answer;
    aliases = Math.min(ALIASES_PER_QUERY, aliases * 2);
    batch.forEach((p, i) => {
      const number = p.pr.node.number;
      const field = followUpField(p.item.kind);
      const conn = ConnectionSchema.safeParse(data?.[`f${i}`]?.[field]);
      if (!conn.success) {
        const err = errors.find((e) => e.path?.[0] === `f${i}`) ?? errors[0];
        failed.set(number, `could not page ${p.item.kind}: ${err?.message ?? describeIssues(conn.error, data?.[`f${i}`])}`);
        return;
      }
      const nodesPage = conn.data.nodes;
      const inside = errors.flatMap((e) =>
        e.path?.[0] === `f${i}` && e.path[1] === field && e.path.length > 2 ? [{ path: e.path.slice(2), message: e.message }] : [],
      );
      if (inside.length) {
        if (p.item.kind === "threadComments") {
          const thread = must(p.thread, "the thread of a comments page");
          sayAll(p.pr, `thread:${thread.id}`, thread.comments.length, inside);
        } else if (p.item.kind === "reviewThreads")
          sayAll(p.pr, "reviewThreads", rawThreads.get(p.pr) ?? 0, inside, nodesPage.map(threadIdOf));
        else sayAll(p.pr, LISTS[p.item.kind] ?? p.item.kind, p.have, inside);
      }
      if (p.item.kind === "reviewThreads") addThreads(p.pr, nodesPage);
      else if (p.item.kind === "threadComments") must(p.thread, "the thread of a comments page").comments.push(...nodesPage);
      else if (p.item.kind === "closingIssuesReferences") p.pr.issues.push(...nodesPage);
      else p.pr[p.item.kind].push(...nodesPage);
      const info = conn.data.pageInfo;
      const pages = (pagesOf.get(p.item) ?? 1) + 1;
      const stuck = followUpStuck(info, p.item.after, pages);
      if (stuck) failed.set(number, `could not page ${p.item.kind}: ${stuck}`);
      else if (info.hasNextPage && info.endCursor) {
        const have = p.have + nodesPage.length;
        const next = { ...p.item, after: info.endCursor, first: followUpSize(conn.data.totalCount, have, p.cap) };
        pagesOf.set(next, pages);
        pending.push({ ...p, item: next, have });
      }
    });
  }
  return { collected: collected.filter((c) => !failed.has(c.node.number)), failed, problems, requests };
}

const threadIdOf = (raw: unknown): string | null => {
  const id = (raw as { id?: unknown } | null)?.id;
  return typeof id === "string" ? id : null;
};

/** Failures no smaller query can help: the budget, the token, the run's own stop. */
function stopsTheRun(e: unknown, signal: AbortSignal | undefined): boolean {
  return isRateLimitStop(e) || isGitHubAccessError(e) || isRunStopped(e) || signal?.aborted === true;
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
