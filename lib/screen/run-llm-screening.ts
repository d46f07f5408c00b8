import { must } from "@/lib/must";
import { z } from "zod";
import type { PrismaClient } from "@/lib/db/generated/client";
import type { LlmCache } from "@/lib/llm/cache";
import type { LlmClient } from "@/lib/llm/client";
import { composeCommentScreen, composePullRequestScreen } from "./compose-screen-requests";
import { CommentScreenAnswerSchema, decisionRationale, PrScreenAnswerSchema, type ScreenAnswer } from "./llm-screen-answer";
import {
  eligibleInstances,
  eligiblePullRequests,
  filterKeyForLevel,
  loadCommentsForScreen,
  loadPullRequestsForScreen,
  type AlreadyDecided,
  type ScreenLevel,
} from "./load-screen-items";
import { loadScreeningPrompt, type ScreeningPrompt } from "./load-screening-prompt";
import { withScreeningLock } from "./screening-lock";
import { screenWithLlm, type LlmScreenJob, type LlmScreenOutcome, type LlmScreenStats } from "./screen-with-llm";
import { updateScreeningStages, type StageUpdate } from "./update-screening-stages";
import { refreshScreeningStatistics, writeFilterDecisions, type FilterDecisionRow } from "./write-filter-decisions";
import { recordAudits } from "@/lib/audit/record-audit";

// Paper §2's LLM screens over the database: the PR audit and the comment screen. Every answer is
// stored as a FilterDecision with its prompt version and model; a re-run skips what that prompt
// and model already decided, so an interrupted run resumes where it stopped.

const RunLlmScreeningOptionsSchema = z.object({
  level: z.enum(["pr", "comment"]),
  /** pin a prompt version ("comment-screen.v1"); the newest file otherwise */
  promptVersion: z.string().optional(),
  promptDir: z.string().optional(),
  concurrency: z.number().int().min(1).max(64).default(8),
  /** stop after this many items (inline runs from the UI) */
  limit: z.number().int().positive().optional(),
  /** ask again for items this prompt and model already decided (answers still come from the cache) */
  redecide: z.boolean().default(false),
  /** decisions written per batch: at most this many answers are re-read from the cache after a crash */
  batchSize: z.number().int().min(1).max(1_000).default(25),
  pageSize: z.number().int().min(1).max(5_000).default(200),
  /** screen only ids in (idAfter, idUpTo]: one shard of a run that several workers share */
  idAfter: z.string().optional(),
  idUpTo: z.string().optional(),
});
export type RunLlmScreeningOptions = z.input<typeof RunLlmScreeningOptionsSchema>;

export type LlmScreeningReport = {
  runId: string;
  filterKey: string;
  promptVersion: string;
  model: string;
  eligible: number;
  kept: number;
  dropped: number;
  errors: { id: string; code: string; message: string }[];
  stats: LlmScreenStats;
  stages: StageUpdate;
};

const MAX_ERRORS_REPORTED = 50;

type LlmScreeningDeps = {
  client: LlmClient;
  cache: LlmCache;
  signal?: AbortSignal;
  /** after each stored batch: items answered (or failed) so far, of eligible */
  onProgress?: (p: { done: number; eligible: number }) => Promise<void>;
  /**
   * Skip the per-level screening lock: the job runner's singleton lane already keeps one run per
   * level, and its shards (disjoint id ranges) run side by side in several workers.
   */
  unlocked?: boolean;
};

export async function runLlmScreening(
  prisma: PrismaClient,
  deps: LlmScreeningDeps,
  input: RunLlmScreeningOptions,
): Promise<LlmScreeningReport> {
  const options = RunLlmScreeningOptionsSchema.parse(input);
  if (deps.unlocked) return screenStoredItemsWithLlm(prisma, deps, options);
  return withScreeningLock(prisma, options.level === "pr" ? "screen:llm:pr" : "screen:llm:comment", () =>
    screenStoredItemsWithLlm(prisma, deps, options),
  );
}

async function screenStoredItemsWithLlm(
  prisma: PrismaClient,
  deps: LlmScreeningDeps,
  options: z.output<typeof RunLlmScreeningOptionsSchema>,
): Promise<LlmScreeningReport> {
  const { client } = deps;
  const level: ScreenLevel = options.level;
  const filterKey = filterKeyForLevel(level);
  const prompt = await loadScreeningPrompt(level === "pr" ? "pr-screen" : "comment-screen", {
    dir: options.promptDir,
    version: options.promptVersion,
  });
  if (prompt.filterKey !== filterKey) {
    throw new Error(`prompt ${prompt.file} is for filter ${prompt.filterKey}, not ${filterKey}`);
  }
  const decided: AlreadyDecided = options.redecide
    ? { kind: "manual-only" }
    : { kind: "same-prompt", promptVersion: prompt.version, model: client.model };
  const subject = level === "pr" ? "pull_request" : "instance";
  const range = idRange(options);
  const eligible =
    level === "pr"
      ? await prisma.pullRequest.count({ where: { ...range, ...eligiblePullRequests(decided) } })
      : await prisma.instance.count({ where: { ...range, ...eligibleInstances(decided) } });

  const runConfig = {
    model: client.model,
    baseUrl: client.baseUrl,
    promptVersion: prompt.version,
    promptFile: prompt.file,
    concurrency: options.concurrency,
    redecide: options.redecide,
    limit: options.limit ?? null,
  };
  const run = await prisma.filterRun.create({ data: { filterKey, version: prompt.version, config: runConfig } });

  const tally = { kept: 0, dropped: 0 };
  let answered = 0;
  const errors: LlmScreeningReport["errors"] = [];
  let pendingRows: FilterDecisionRow[] = [];
  let pendingErrors: { id: string; code: string; message: string; attempts: number }[] = [];
  let writing: Promise<void> = Promise.resolve();

  // Writes are chained so batches land in order and never overlap (PGlite is one session).
  const flush = () => {
    const rows = pendingRows;
    const failed = pendingErrors;
    pendingRows = [];
    pendingErrors = [];
    answered += rows.length + failed.length;
    const doneNow = answered;
    writing = writing.then(async () => {
      if (rows.length > 0) {
        const ids = rows.map((r) =>
          must(subject === "pull_request" ? r.pullRequestId : r.instanceId, `the ${subject} of a screening decision`),
        );
        // The newest answer replaces the filter's previous decision on the same item.
        await prisma.filterDecision.deleteMany({
          where: { filterKey, ...(subject === "pull_request" ? { pullRequestId: { in: ids } } : { instanceId: { in: ids } }) },
        });
        await writeFilterDecisions(prisma, rows);
      }
      if (failed.length > 0) {
        await recordAudits(
          prisma,
          failed.map((e) => ({
            action: "screen.llm.error",
            subjectType: subject,
            subjectId: e.id,
            details: {
              runId: run.id,
              filterKey,
              promptVersion: prompt.version,
              model: client.model,
              code: e.code,
              message: e.message,
              attempts: e.attempts,
            },
          })),
        );
      }
      await deps.onProgress?.({ done: doneNow, eligible: Math.min(eligible, options.limit ?? eligible) });
    });
    return writing;
  };

  const onOutcome = async (outcome: LlmScreenOutcome<ScreenAnswer>) => {
    if (outcome.ok) {
      const { verdict } = outcome.answer;
      tally[verdict === "keep" ? "kept" : "dropped"]++;
      pendingRows.push({
        runId: run.id,
        subject,
        filterKey,
        verdict,
        rationale: decisionRationale(outcome.answer),
        model: client.model,
        promptVersion: prompt.version,
        ...(subject === "pull_request" ? { pullRequestId: outcome.id } : { instanceId: outcome.id }),
      });
    } else {
      pendingErrors.push({ id: outcome.id, ...outcome.error });
      if (errors.length < MAX_ERRORS_REPORTED) errors.push({ id: outcome.id, code: outcome.error.code, message: outcome.error.message });
    }
    if (pendingRows.length + pendingErrors.length >= options.batchSize) await flush();
  };

  let stats: LlmScreenStats | null = null;
  try {
    stats = await screenWithLlm(jobs(prisma, level, prompt, decided, options), {
      client,
      cache: deps.cache,
      promptVersion: prompt.version,
      schema: level === "pr" ? PrScreenAnswerSchema : CommentScreenAnswerSchema,
      schemaName: level === "pr" ? "pr_screen" : "comment_screen",
      concurrency: options.concurrency,
      signal: deps.signal,
      onOutcome,
    });
  } finally {
    // Even when the run throws, what was answered is stored and the run is closed with its counts.
    await flush();
    await prisma.filterRun.update({
      where: { id: run.id },
      data: {
        finishedAt: new Date(),
        ...tally,
        config: {
          ...runConfig,
          errors: stats?.errors ?? errors.length,
          cacheHits: stats?.cacheHits ?? null,
          requests: stats?.requests ?? null,
          stoppedBecause: stats === null ? "the run failed" : stats.stoppedBecause,
        },
      },
    });
  }
  await refreshScreeningStatistics(prisma);
  const stages = await updateScreeningStages(prisma);
  return { runId: run.id, filterKey, promptVersion: prompt.version, model: client.model, eligible, ...tally, errors, stats, stages };
}

async function* jobs(
  prisma: PrismaClient,
  level: ScreenLevel,
  prompt: ScreeningPrompt,
  decided: AlreadyDecided,
  options: z.output<typeof RunLlmScreeningOptionsSchema>,
): AsyncGenerator<LlmScreenJob> {
  let remaining = options.limit ?? Number.POSITIVE_INFINITY;
  const upTo = options.idUpTo ? { lte: options.idUpTo } : {};
  for (let after = options.idAfter ?? ""; remaining > 0; ) {
    const take = Math.min(options.pageSize, remaining);
    // Eligibility is re-read per page, so items another run decided meanwhile are not sent twice.
    const ids =
      level === "pr"
        ? (
            await prisma.pullRequest.findMany({
              where: { id: { gt: after, ...upTo }, ...eligiblePullRequests(decided) },
              orderBy: { id: "asc" },
              take,
              select: { id: true },
            })
          ).map((r) => r.id)
        : (
            await prisma.instance.findMany({
              where: { id: { gt: after, ...upTo }, ...eligibleInstances(decided) },
              orderBy: { id: "asc" },
              take,
              select: { id: true },
            })
          ).map((r) => r.id);
    if (ids.length === 0) return;
    after = ids[ids.length - 1];
    remaining -= ids.length;
    if (level === "pr") {
      const prs = await loadPullRequestsForScreen(prisma, ids);
      for (const id of ids) {
        const pr = prs.get(id);
        if (pr) yield { id, request: composePullRequestScreen(prompt, pr) };
      }
    } else {
      const comments = await loadCommentsForScreen(prisma, ids);
      for (const id of ids) {
        const comment = comments.get(id);
        if (comment) yield { id, request: composeCommentScreen(prompt, comment) };
      }
    }
  }
}

function idRange(options: { idAfter?: string; idUpTo?: string }) {
  if (options.idAfter === undefined && options.idUpTo === undefined) return {};
  return {
    id: {
      ...(options.idAfter !== undefined ? { gt: options.idAfter } : {}),
      ...(options.idUpTo !== undefined ? { lte: options.idUpTo } : {}),
    },
  };
}
