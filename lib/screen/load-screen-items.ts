import type { Prisma, PrismaClient } from "@/lib/db/generated/client";
import type { CommentForScreen, PullRequestForScreen } from "./compose-screen-requests";
import { INSTANCE_RULE_KEYS, LLM_COMMENT_FILTER, LLM_PR_FILTER, PR_RULE_KEYS } from "./screening-filters";
import { decidedByEveryInstanceRule, inDroppedPullRequest } from "./update-screening-stages";
import { DECIDED_STAGES } from "./withdraw-from-annotation";

// Which items the content screens (LLM or manual) look at, and the text they are shown.
// Paper §2: the LLM sees only what survived the earlier steps: PRs that passed the PR rules,
// and instances that passed every instance rule in PRs not dropped.

export type ScreenLevel = "pr" | "comment";
export const filterKeyForLevel = (level: ScreenLevel) => (level === "pr" ? LLM_PR_FILTER : LLM_COMMENT_FILTER);

/** Which existing decisions an item is skipped for. */
export type AlreadyDecided =
  /** any decision of the filter (the manual queue) */
  | { kind: "any" }
  /** an answer from this prompt version and model, or a person's (a re-run resumes) */
  | { kind: "same-prompt"; promptVersion: string; model: string }
  /** only a person's decision (re-decide every LLM answer) */
  | { kind: "manual-only" };

function skipDecided(filterKey: string, decided: AlreadyDecided) {
  const which =
    decided.kind === "any"
      ? {}
      : decided.kind === "manual-only"
        ? { model: null }
        : { OR: [{ model: null }, { promptVersion: decided.promptVersion, model: decided.model }] };
  return { NOT: { filterDecisions: { some: { filterKey, ...which } } } };
}

export function eligiblePullRequests(decided: AlreadyDecided): Prisma.PullRequestWhereInput {
  return {
    AND: [
      ...PR_RULE_KEYS.map((filterKey) => ({ filterDecisions: { some: { filterKey } } })),
      { NOT: { filterDecisions: { some: { filterKey: { in: [...PR_RULE_KEYS] }, verdict: "drop" } } } },
      skipDecided(LLM_PR_FILTER, decided),
    ],
  };
}

export function eligibleInstances(decided: AlreadyDecided): Prisma.InstanceWhereInput {
  return {
    source: "human",
    // a comment whose annotation is complete is annotation's, no longer screening's
    stage: { notIn: [...DECIDED_STAGES] },
    AND: [
      decidedByEveryInstanceRule,
      { NOT: { filterDecisions: { some: { filterKey: { in: [...INSTANCE_RULE_KEYS] }, verdict: "drop" } } } },
      { NOT: inDroppedPullRequest },
      skipDecided(LLM_COMMENT_FILTER, decided),
    ],
  };
}

export async function loadPullRequestsForScreen(prisma: PrismaClient, ids: readonly string[]): Promise<Map<string, PullRequestForScreen>> {
  const rows = await prisma.pullRequest.findMany({
    where: { id: { in: [...ids] } },
    select: {
      id: true,
      number: true,
      title: true,
      body: true,
      patch: true,
      repository: { select: { fullName: true } },
      linkedIssues: { select: { number: true, title: true, body: true }, orderBy: { number: "asc" } },
    },
  });
  return new Map(
    rows.map((r) => [
      r.id,
      { repository: r.repository.fullName, number: r.number, title: r.title, body: r.body, linkedIssues: r.linkedIssues, patch: r.patch },
    ]),
  );
}

export async function loadCommentsForScreen(prisma: PrismaClient, ids: readonly string[]): Promise<Map<string, CommentForScreen>> {
  const instances = await prisma.instance.findMany({
    where: { id: { in: [...ids] } },
    select: {
      id: true,
      targetEntry: { select: { id: true, kind: true, path: true, diffHunk: true, authorLogin: true, body: true, createdAt: true } },
      pullRequest: { select: { id: true, number: true, title: true, body: true, repository: { select: { fullName: true } } } },
    },
  });
  const prIds = [...new Set(instances.map((i) => i.pullRequest.id))];
  const discussion = await prisma.timelineEntry.findMany({
    where: { pullRequestId: { in: prIds }, kind: { not: "commit" }, body: { not: "" } },
    select: { id: true, pullRequestId: true, authorLogin: true, body: true, createdAt: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const byPr = new Map<string, typeof discussion>();
  for (const entry of discussion) {
    const list = byPr.get(entry.pullRequestId) ?? [];
    list.push(entry);
    byPr.set(entry.pullRequestId, list);
  }
  const out = new Map<string, CommentForScreen>();
  for (const i of instances) {
    const target = i.targetEntry;
    const earlier = (byPr.get(i.pullRequest.id) ?? [])
      .filter((e) => e.id !== target.id && e.createdAt < target.createdAt)
      .map((e) => ({ authorLogin: e.authorLogin, body: e.body }));
    out.set(i.id, {
      repository: i.pullRequest.repository.fullName,
      pullRequestNumber: i.pullRequest.number,
      pullRequestTitle: i.pullRequest.title,
      pullRequestBody: i.pullRequest.body,
      kind: target.kind,
      path: target.path,
      diffHunk: target.diffHunk,
      authorLogin: target.authorLogin,
      body: target.body,
      earlierComments: earlier,
    });
  }
  return out;
}
