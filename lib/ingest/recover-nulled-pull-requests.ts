// PRs GitHub answered as null on a page (a partial error at their path, usually a nested connection that
// timed out) are asked for again before anything is given up (#44): first the page's numbers alone, which
// name the nulled PRs, then each nulled PR alone by number. What GitHub gives is harvested with the page;
// what it keeps failing stays malformed, now with its number (one hole per PR) and what GitHub said.
import { z } from "zod";
import type { GitHubNestedError, PullRequestPage } from "./fetch-pull-request-page";
import type { GitHubClient } from "./github-client";
import { describeIssues, PullRequestNodeSchema, type PullRequestNode } from "./harvest-payloads";
import { PULL_REQUEST_BY_NUMBER_QUERY, PULL_REQUEST_NUMBERS_QUERY } from "./harvest-queries";
import { isGitHubAccessError, isRateLimitStop, isRunStopped } from "./ingest-errors";
import { describeUpstreamFailure } from "./upstream-failure";

const NumbersPageSchema = z.object({
  repository: z
    .object({
      pullRequests: z.object({
        nodes: z.array(z.object({ number: z.number().int(), updatedAt: z.string() }).nullable()),
      }),
    })
    .nullable(),
});

const OnePullRequestSchema = z.object({ repository: z.object({ pullRequest: z.unknown() }).nullable() });

export interface Recovered {
  /** nulled PRs GitHub gave when asked alone, with GitHub's errors inside them (paths relative to the PR) */
  nodes: { node: PullRequestNode; nestedErrors: GitHubNestedError[] }[];
  /** what is still missing: the page's malformed entries, numbered where GitHub named them */
  malformed: PullRequestPage["malformed"];
  requests: number;
}

/** Failures no second question can help: the budget, the token, the run's own stop. */
const stopsTheRun = (e: unknown, signal: AbortSignal | undefined) =>
  isRateLimitStop(e) || isGitHubAccessError(e) || isRunStopped(e) || signal?.aborted === true;

export async function recoverNulledPullRequests(
  client: GitHubClient,
  fullName: string,
  request: { after: string | null; first: number },
  page: Pick<PullRequestPage, "malformed" | "numbers">,
): Promise<Recovered> {
  const [owner, name] = fullName.split("/");
  const malformed = page.malformed.map((m) => ({ ...m }));
  const nulled = malformed.filter((m) => m.nulledByGitHub);
  let requests = 0;
  if (!nulled.length) return { nodes: [], malformed, requests };

  if (nulled.some((m) => m.number === null)) {
    requests++;
    try {
      const answer = await client.graphql<unknown>(PULL_REQUEST_NUMBERS_QUERY, { owner, name, ...request });
      const list = NumbersPageSchema.safeParse(answer.data);
      const nodes = list.success ? (list.data.repository?.pullRequests.nodes ?? []) : [];
      // the same page only if every number readable on it sits at the same place (nothing moved in between)
      const aligned = nodes.length === page.numbers.length && page.numbers.every((n, i) => n === null || nodes[i]?.number === n);
      for (const m of nulled) {
        const named = aligned ? nodes[m.index] : null;
        if (m.number === null && named) {
          m.number = named.number;
          if (!Number.isNaN(Date.parse(named.updatedAt))) m.updatedAt = new Date(named.updatedAt);
        } else if (m.number === null)
          m.message += aligned
            ? "; GitHub gave no number for it either"
            : "; asked again for the page's numbers, GitHub listed the page differently (it changed in between)";
      }
    } catch (e) {
      if (stopsTheRun(e, client.signal)) throw e;
      for (const m of nulled) if (m.number === null) m.message += `; asking for the page's numbers failed: ${describeUpstreamFailure(e)}`;
    }
  }

  const recovered: Recovered["nodes"] = [];
  for (const m of nulled) {
    if (m.number === null) continue;
    requests++;
    try {
      const answer = await client.graphql<unknown>(PULL_REQUEST_BY_NUMBER_QUERY, { owner, name, number: m.number });
      const raw = OnePullRequestSchema.safeParse(answer.data);
      const node = PullRequestNodeSchema.safeParse(raw.success ? raw.data.repository?.pullRequest : undefined);
      const atPr = answer.errors.filter((e) => e.path?.[0] === "repository" && e.path[1] === "pullRequest");
      if (node.success) {
        recovered.push({
          node: node.data,
          nestedErrors: atPr.flatMap((e) => (e.path && e.path.length > 2 ? [{ path: e.path.slice(2), message: e.message }] : [])),
        });
        malformed.splice(malformed.indexOf(m), 1);
      } else
        m.message += `; asked for alone, GitHub ${
          atPr.length || answer.errors.length
            ? `said: ${(atPr.length ? atPr : answer.errors).map((e) => e.message).join("; ")}`
            : `answered: ${describeIssues(node.error, raw.success ? raw.data.repository?.pullRequest : answer.data)}`
        }`;
    } catch (e) {
      if (stopsTheRun(e, client.signal)) throw e;
      m.message += `; asked for alone: ${describeUpstreamFailure(e)}`;
    }
  }
  return { nodes: recovered, malformed, requests };
}
