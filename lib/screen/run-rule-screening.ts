import { performance } from "node:perf_hooks";
import { z } from "zod";
import type { PrismaClient } from "@/lib/db/generated/client";
import { applyInstanceRules, applyPullRequestRules, type RuleFilterOutcome } from "./apply-rule-filters";
import { createInstances } from "./create-instances";
import { RULE_SET_VERSION, ruleConfigFingerprint, type RuleConfig } from "./rule-config";
import { INSTANCE_RULE_KEYS, PR_RULE_KEYS, RuleFilterKeySchema } from "./screening-filters";
import { withScreeningLock } from "./screening-lock";
import { updateScreeningStages, type StageUpdate } from "./update-screening-stages";
import {
  refreshScreeningStatistics,
  tallyVerdict,
  writeFilterDecisions,
  type FilterDecisionRow,
  type FilterRunTally,
} from "./write-filter-decisions";

// Paper §2's rule-based filtering over the stored PRs and instances. Each rule is its own filter
// with its own FilterRun, so one can be re-run (new thresholds) while the others' decisions stay.

const RunRuleScreeningOptionsSchema = z.object({
  /** re-run just this filter; all rule filters when omitted */
  only: RuleFilterKeySchema.optional(),
  /** rows read per query; bounds memory on large corpora */
  chunkSize: z.number().int().min(1).max(50_000).default(2_000),
});
export type RunRuleScreeningOptions = z.input<typeof RunRuleScreeningOptionsSchema> & {
  /** progress for CLIs: the phase finished and the time since the run started */
  onProgress?: (event: { phase: string; items: number; elapsedMs: number }) => void;
};

export type RuleScreeningReport = {
  fingerprint: string;
  runs: { filterKey: string; runId: string; kept: number; dropped: number }[];
  pullRequestsScreened: number;
  instancesScreened: number;
  /** instances made for comments harvested since the last run (paper §2: one per review comment) */
  instancesCreated: number;
  stages: StageUpdate;
  elapsedMs: number;
};

type PullRequestFacts = { authorLogin: string | null; patchChars: number };

export async function runRuleScreening(
  prisma: PrismaClient,
  config: RuleConfig,
  options: RunRuleScreeningOptions = {},
): Promise<RuleScreeningReport> {
  return withScreeningLock(prisma, "screen:rules", () => screenWithRules(prisma, config, options));
}

async function screenWithRules(prisma: PrismaClient, config: RuleConfig, options: RunRuleScreeningOptions): Promise<RuleScreeningReport> {
  const started = performance.now();
  const { only, chunkSize } = RunRuleScreeningOptionsSchema.parse(options);
  const progress = (phase: string, items: number) => options.onProgress?.({ phase, items, elapsedMs: performance.now() - started });
  const prKeys = PR_RULE_KEYS.filter((k) => only === undefined || k === only);
  const instanceKeys = INSTANCE_RULE_KEYS.filter((k) => only === undefined || k === only);
  const fingerprint = ruleConfigFingerprint(config);
  // A crawl stores PRs and their comments; the comments become instances here, at the funnel's start, so a
  // crawled PR is screened like any other (idempotent: existing instances stay as they are).
  const instancesCreated = await createInstances(prisma);
  progress("instances created", instancesCreated);

  // the filters this run decides, each with its FilterRun and running tally; a rule not in it is skipped
  const current = new Map<string, { runId: string; tally: FilterRunTally }>();
  for (const filterKey of [...prKeys, ...instanceKeys]) {
    const run = await prisma.filterRun.create({
      data: { filterKey, version: RULE_SET_VERSION, config: { fingerprint, rules: config } },
    });
    current.set(filterKey, { runId: run.id, tally: { kept: 0, dropped: 0 } });
  }
  // Re-running replaces this filter's decisions only; the other filters' stay as they are.
  const deleted = await prisma.filterDecision.deleteMany({ where: { filterKey: { in: [...current.keys()] } } });
  progress("previous decisions deleted", deleted.count);

  // Each subject is read in id order a page at a time; each page's decisions of the rules this run
  // decides are written before the next page is read.
  const screenPages = async <T extends { id: string }>(
    keys: readonly string[],
    phase: string,
    loadPage: (after: string) => Promise<T[]>,
    decide: (item: T) => { outcome: RuleFilterOutcome; ref: Pick<FilterDecisionRow, "subject" | "pullRequestId" | "instanceId"> },
  ): Promise<number> => {
    let screened = 0;
    for (let after = ""; ; ) {
      const page = await loadPage(after);
      if (page.length === 0) return screened;
      const rows: FilterDecisionRow[] = [];
      for (const item of page) {
        const { outcome, ref } = decide(item);
        for (const decision of outcome.decisions) {
          const target = keys.includes(decision.rule) ? current.get(decision.rule) : undefined;
          if (!target) continue;
          rows.push({ runId: target.runId, ...ref, filterKey: decision.rule, verdict: decision.verdict, rationale: decision.rationale });
          tallyVerdict(target.tally, decision.verdict);
        }
      }
      await writeFilterDecisions(prisma, rows);
      screened += page.length;
      after = page[page.length - 1].id;
      progress(phase, screened);
    }
  };

  const pullRequestsScreened =
    prKeys.length === 0
      ? 0
      : await screenPages(
          prKeys,
          "pull requests screened",
          (after) =>
            prisma.pullRequest.findMany({
              where: { id: { gt: after } },
              orderBy: { id: "asc" },
              take: chunkSize,
              select: { id: true, body: true },
            }),
          (pr) => ({ outcome: applyPullRequestRules({ body: pr.body }, config), ref: { subject: "pull_request", pullRequestId: pr.id } }),
        );

  let instancesScreened = 0;
  if (instanceKeys.length > 0) {
    const facts = await pullRequestFacts(prisma);
    progress("pull request facts loaded", facts.size);
    instancesScreened = await screenPages(
      instanceKeys,
      "instances screened",
      (after) =>
        prisma.instance.findMany({
          where: { source: "human", id: { gt: after } },
          orderBy: { id: "asc" },
          take: chunkSize,
          select: { id: true, pullRequestId: true, targetEntry: { select: { authorLogin: true, authorType: true, body: true } } },
        }),
      (instance) => {
        const pr = facts.get(instance.pullRequestId) ?? { authorLogin: null, patchChars: 0 };
        const outcome = applyInstanceRules(
          {
            commentBody: instance.targetEntry.body,
            commentAuthor: { login: instance.targetEntry.authorLogin, accountType: instance.targetEntry.authorType },
            pullRequestAuthorLogin: pr.authorLogin,
            patchChars: pr.patchChars,
          },
          config,
        );
        return { outcome, ref: { subject: "instance", instanceId: instance.id } };
      },
    );
  }

  const finishedAt = new Date();
  const runs: RuleScreeningReport["runs"] = [];
  for (const [filterKey, { runId, tally }] of current) {
    await prisma.filterRun.update({ where: { id: runId }, data: { finishedAt, ...tally } });
    runs.push({ filterKey, runId, ...tally });
  }
  await refreshScreeningStatistics(prisma);
  progress("statistics refreshed", 0);
  const stages = await updateScreeningStages(prisma);
  progress("stages updated", stages.instances.screened + stages.instances.filteredOut + stages.instances.candidate);
  return { fingerprint, runs, pullRequestsScreened, instancesScreened, instancesCreated, stages, elapsedMs: performance.now() - started };
}

/** Author and patch length of every PR, without loading patches (they can be megabytes each). */
async function pullRequestFacts(prisma: PrismaClient): Promise<Map<string, PullRequestFacts>> {
  // char_length counts code points, as countCharacters (and the paper's Python len()) does.
  const rows = await prisma.$queryRaw<{ id: string; authorLogin: string | null; patchChars: number }[]>`
    SELECT "id", "authorLogin", char_length("patch")::int AS "patchChars" FROM "PullRequest"`;
  return new Map(rows.map((r) => [r.id, { authorLogin: r.authorLogin, patchChars: Number(r.patchChars) }]));
}
