import type { Prisma, PrismaClient } from "@/lib/db/generated/client";
import { INSTANCE_RULE_KEYS, PR_RULE_KEYS } from "./screening-filters";

// Stages and PR statuses are a function of the current decisions, never edited by hand, so
// re-running one filter (which replaces only its own decisions) and recomputing gives the same
// result as running everything again.
//
// The updates are SQL with IN-subqueries (planned as one hashed pass over the drop decisions)
// and touch only rows whose value changes: at 75,000 instances the Prisma relation-filter form
// took over half a minute on PGlite, most of it rewriting rows that did not change.

/** An instance in a PR that any PR-level filter dropped (for Prisma queries elsewhere). */
export const inDroppedPullRequest: Prisma.InstanceWhereInput = {
  pullRequest: { filterDecisions: { some: { subject: "pull_request", verdict: "drop" } } },
};

/** Every instance rule has decided on it (so it is not merely new since the last run). */
export const decidedByEveryInstanceRule: Prisma.InstanceWhereInput = {
  AND: INSTANCE_RULE_KEYS.map((filterKey) => ({ filterDecisions: { some: { filterKey } } })),
};

export type StageUpdate = {
  pullRequests: { kept: number; dropped: number; pending: number };
  instances: { screened: number; filteredOut: number; candidate: number };
  /** past screening (being annotated or labelled) yet dropped by a current decision: left alone, reported */
  lockedButDropped: number;
};

/** Limits the update to the PRs (and their instances) or the instances a decision touched. */
export type StageScope = { pullRequestIds: string[] } | { instanceIds: string[] };

const DROPPED_PRS = `SELECT "pullRequestId" FROM "FilterDecision" WHERE "subject" = 'pull_request' AND "verdict" = 'drop'`;
const DROPPED_INSTANCES = `SELECT "instanceId" FROM "FilterDecision" WHERE "subject" = 'instance' AND "verdict" = 'drop'`;
const IS_DROPPED = `(i."id" IN (${DROPPED_INSTANCES}) OR i."pullRequestId" IN (${DROPPED_PRS}))`;

export async function updateScreeningStages(prisma: PrismaClient, scope?: StageScope): Promise<StageUpdate> {
  const ids = scope ? ("pullRequestIds" in scope ? scope.pullRequestIds : scope.instanceIds) : null;
  // SQL limiting a statement to the scope, with the id array as parameter $n.
  const prFilter = (n: number) => (!scope ? "" : `AND p."id" = ANY($${n}::text[])`);
  // A comment-level decision cannot change a PR's status.
  const touchesPullRequests = !scope || "pullRequestIds" in scope;
  const instanceFilter = (n: number) =>
    !scope ? "" : "pullRequestIds" in scope ? `AND i."pullRequestId" = ANY($${n}::text[])` : `AND i."id" = ANY($${n}::text[])`;
  const withScope = (...first: unknown[]) => (ids ? [...first, ids] : first);

  const prStatus = `CASE
      WHEN p."id" IN (${DROPPED_PRS}) THEN 'dropped'
      WHEN p."id" IN (SELECT "pullRequestId" FROM "FilterDecision" WHERE "filterKey" = ANY($1::text[])
                      GROUP BY "pullRequestId" HAVING count(DISTINCT "filterKey") = ${PR_RULE_KEYS.length}) THEN 'kept'
      ELSE 'pending' END::"ScreeningStatus"`;
  if (touchesPullRequests)
    await prisma.$executeRawUnsafe(
      `UPDATE "PullRequest" p SET "screeningStatus" = ${prStatus} WHERE p."screeningStatus" IS DISTINCT FROM ${prStatus} ${prFilter(2)}`,
      ...withScope([...PR_RULE_KEYS]),
    );

  const stage = `CASE
      WHEN ${IS_DROPPED} THEN 'filtered_out'
      WHEN i."id" IN (SELECT "instanceId" FROM "FilterDecision" WHERE "filterKey" = ANY($1::text[])
                      GROUP BY "instanceId" HAVING count(DISTINCT "filterKey") = ${INSTANCE_RULE_KEYS.length}) THEN 'screened'
      ELSE 'candidate' END::"InstanceStage"`;
  await prisma.$executeRawUnsafe(
    `UPDATE "Instance" i SET "stage" = ${stage}, "updatedAt" = CURRENT_TIMESTAMP
     WHERE i."source" = 'human' AND i."stage" IN ('candidate', 'screened', 'filtered_out')
       AND i."stage" IS DISTINCT FROM ${stage} ${instanceFilter(2)}`,
    ...withScope([...INSTANCE_RULE_KEYS]),
  );

  const [prCounts, stageCounts, locked] = await Promise.all([
    touchesPullRequests
      ? prisma.$queryRawUnsafe<{ status: string; n: number }[]>(
          `SELECT p."screeningStatus"::text AS status, count(*)::int AS n FROM "PullRequest" p WHERE true ${prFilter(1)} GROUP BY 1`,
          ...withScope(),
        )
      : Promise.resolve([]),
    prisma.$queryRawUnsafe<{ stage: string; n: number }[]>(
      `SELECT i."stage"::text AS stage, count(*)::int AS n FROM "Instance" i
       WHERE i."source" = 'human' ${instanceFilter(1)} GROUP BY 1`,
      ...withScope(),
    ),
    prisma.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM "Instance" i
       WHERE i."source" = 'human' AND i."stage" NOT IN ('candidate', 'screened', 'filtered_out') AND ${IS_DROPPED}
         ${instanceFilter(1)}`,
      ...withScope(),
    ),
  ]);
  const pr = (s: string) => Number(prCounts.find((r) => r.status === s)?.n ?? 0);
  const st = (s: string) => Number(stageCounts.find((r) => r.stage === s)?.n ?? 0);
  return {
    pullRequests: { kept: pr("kept"), dropped: pr("dropped"), pending: pr("pending") },
    instances: { screened: st("screened"), filteredOut: st("filtered_out"), candidate: st("candidate") },
    lockedButDropped: Number(locked[0]?.n ?? 0),
  };
}
