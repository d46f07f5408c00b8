// A judge run from request to scores: createJudgeRun records the run and one task per example of
// the split (in an order shuffled by the run's seed); executeJudgeRun (the "judge" job) takes the
// pending tasks, a few at a time, each in its own sandbox, writing every step as it happens, so a
// crash loses at most the steps of the tasks then running, which the retry runs again; scoreJudgeRun
// turns the outcomes into the evaluation's report, as submitted and with the reviewers' repair credits.
import { z } from "zod";
import { type Config, judgeWorkDir } from "@/lib/config";
import { SplitNameSchema } from "@/lib/db/enums";
import type { PrismaClient } from "@/lib/db/generated/client";
import { AppError, isAppError } from "@/lib/errors";
import { buildEvalReport } from "@/lib/evaluate/build-eval-report";
import { loadGold } from "@/lib/evaluate/load-gold";
import { RunNameSchema } from "@/lib/evaluate/record-eval-run";
import { seededRandom, shuffled } from "@/lib/random/seeded";
import { openMirror } from "@/lib/repo/mirror-path";
import { openSecret, sealSecret, serverKey } from "@/lib/secret-box";
import { showNul } from "@/lib/untrusted-json";
import { type JudgeInput, loadJudgeInputs } from "./judge-inputs";
import { createJudgeModel, type JudgeModel, type JudgeModelOptions, requestOptionsOf } from "./judge-model";
import { type AgentSettings, AgentSettingsSchema, ContextPolicySchema } from "./paper-agent";
import { type AgentStep, runAgent, type Trajectory } from "./run-agent";
import { openTaskSandbox, removeLeftoverTaskDirs } from "./sandbox";
import { hostSandboxCaps } from "./sandbox-caps";
import { removeLeftoverTaskCgroups } from "./task-cgroup";
import { toJsonInput } from "@/lib/db/json-input";
import { mustGet } from "@/lib/must";
import { recordAudit } from "@/lib/audit/record-audit";

export const JudgeRunRequestSchema = z.object({
  exportId: z.string().min(1, "Choose an export"),
  split: SplitNameSchema,
  name: RunNameSchema,
  baseUrl: z.url("Give the model's OpenAI-compatible base URL (…/v1)").optional(),
  model: z.string().trim().min(1).max(200).optional(),
  apiKey: z.string().max(500).optional(),
  contextPolicy: ContextPolicySchema.default("focused"),
  concurrency: z.coerce.number().int().min(1, "Concurrency is at least 1").max(16, "Concurrency is at most 16").default(4),
  seed: z.coerce.number().int().default(0),
  /** judge only the first N tasks in the seeded order (a small trial run); all when absent */
  limit: z.coerce.number().int().min(1).optional(),
  settings: AgentSettingsSchema.partial().default({}),
});
export type JudgeRunRequest = z.input<typeof JudgeRunRequestSchema>;

/** Records the run and its tasks; the caller queues the "judge" job. */
export async function createJudgeRun(
  prisma: PrismaClient,
  config: Pick<Config, "JUDGE_BASE_URL" | "JUDGE_MODEL" | "JUDGE_API_KEY" | "WORKBENCH_SECRET" | "EMBEDDED_DB_DIR">,
  request: JudgeRunRequest,
  actorId: string | null = null,
  /** checks the endpoint before anything is recorded (the form and the CLI pass preflightJudgeModel) */
  preflight?: (options: JudgeModelOptions) => Promise<void>,
): Promise<{ runId: string; tasks: number }> {
  const r = JudgeRunRequestSchema.parse(request);
  const baseUrl = r.baseUrl ?? config.JUDGE_BASE_URL;
  const model = r.model ?? config.JUDGE_MODEL;
  if (!baseUrl || !model)
    throw new AppError("not_configured", "Name the judge model: a base URL and a model in the form, or JUDGE_BASE_URL and JUDGE_MODEL.");
  const settings = AgentSettingsSchema.parse(r.settings);
  await preflight?.({ baseUrl, model, apiKey: r.apiKey || config.JUDGE_API_KEY, ...requestOptionsOf(settings) });
  const items = await prisma.exportItem.findMany({
    where: { exportId: r.exportId, split: r.split },
    select: { evalId: true },
    orderBy: { evalId: "asc" },
  });
  if (items.length === 0) throw new AppError("invalid_input", `The export has no ${r.split} examples to judge`);
  const taken = await prisma.judgeRun.findFirst({ where: { exportId: r.exportId, split: r.split, name: r.name }, select: { id: true } });
  if (taken)
    throw new AppError("duplicate", `A judge run named "${r.name}" already exists for this ${r.split} split; choose another name.`);
  const order = shuffled(
    items.map((i) => i.evalId),
    seededRandom(r.seed),
  ).slice(0, r.limit ?? items.length);
  const run = await prisma.judgeRun.create({
    data: {
      name: r.name,
      exportId: r.exportId,
      split: r.split,
      baseUrl,
      model,
      // a key typed in the form is kept, sealed, until the run ends; the configured one is read when needed
      apiKey: r.apiKey ? sealSecret(r.apiKey, serverKey(config)) : null,
      settings: toJsonInput(settings),
      contextPolicy: r.contextPolicy,
      concurrency: r.concurrency,
      seed: r.seed,
      createdById: actorId,
      tasks: { createMany: { data: order.map((evalId, position) => ({ evalId, position })) } },
    },
  });
  await recordAudit(prisma, {
    actorId,
    action: "judge.run_created",
    subjectId: run.id,
    details: { exportId: r.exportId, split: r.split, name: r.name, model, tasks: order.length, contextPolicy: r.contextPolicy },
  });
  return { runId: run.id, tasks: order.length };
}

/**
 * Before a run is taken up again (the page's Resume, the CLI's --resume): refuses one that is running or
 * has nothing left, and marks it queued. The job then judges the pending tasks and those not judged.
 */
export async function prepareJudgeRunResume(
  prisma: PrismaClient,
  runId: string,
  options: { actorId?: string | null /** the CLI resumes a run whose process died while "running" */; crashed?: boolean } = {},
): Promise<{ tasks: number }> {
  const run = await prisma.judgeRun.findUnique({ where: { id: runId }, select: { status: true } });
  if (!run) throw new AppError("not_found", `Judge run ${runId} does not exist`);
  if (!options.crashed && (run.status === "running" || run.status === "queued"))
    throw new AppError("conflict", "The run is already queued or running");
  const tasks = await prisma.judgeTask.count({
    where: { runId, OR: [{ status: { not: "done" } }, { outcome: { in: [...NOT_JUDGED_OUTCOMES] } }] },
  });
  if (tasks === 0) throw new AppError("conflict", "Every task of this run has been judged: there is nothing to resume");
  await prisma.judgeRun.update({ where: { id: runId }, data: { status: "queued", error: null, finishedAt: null } });
  await recordAudit(prisma, { actorId: options.actorId ?? null, action: "judge.run_resumed", subjectId: runId, details: { tasks } });
  return { tasks };
}

/**
 * A user's Cancel: a run still queued or running is marked cancelled at once (so a lease's continuation
 * queued in the same instant does not start: executeJudgeRun returns on a cancelled run), then its job is
 * cancelled (a running one stops at its next check, its unfinished tasks put back for a resume).
 */
export async function cancelJudgeRun(prisma: PrismaClient, jobs: { cancel(id: string): Promise<boolean> }, runId: string): Promise<void> {
  const run = await prisma.judgeRun.findUnique({ where: { id: runId }, select: { jobId: true } });
  if (!run) throw new AppError("not_found", `Judge run ${runId} does not exist`);
  await prisma.judgeRun.updateMany({
    where: { id: runId, status: { in: ["queued", "running"] } },
    data: { status: "cancelled", finishedAt: new Date() },
  });
  if (run.jobId) await jobs.cancel(run.jobId);
}

export interface ExecuteDeps {
  prisma: PrismaClient;
  config: Pick<Config, "MIRRORS_DIR" | "JUDGE_WORK_DIR" | "EMBEDDED_DB_DIR" | "JUDGE_API_KEY" | "WORKBENCH_SECRET">;
  signal?: AbortSignal;
  progress?: (done: number, total: number) => Promise<void>;
  log?: (message: string, level?: "info" | "warn" | "error") => Promise<void>;
  /** test seam: the model (else the run's OpenAI-compatible endpoint) */
  model?: JudgeModel;
  /**
   * When the signal aborts: whether a user cancelled. A job says no when its worker is stopping or its
   * lease ran out; the run is then handed on (queued again) instead of being marked cancelled.
   */
  cancelledByUser?: () => Promise<boolean>;
  /**
   * When the job's lease ends (ms since the epoch). Past the point where a task could still outlast it, no
   * task is started and the run returns "continued" for the job to queue its continuation; absent (the CLI),
   * the run takes every task.
   */
  leaseEndsAt?: number;
}

export interface ExecuteResult {
  runId: string;
  /**
   * paused: the provider failed several tasks in a row, the run waits for a resume; interrupted: the worker
   * stopped (not a user), the run waits for the next worker; continued: the job's lease is running out, the
   * tasks left go on in a continuation job
   */
  status: "succeeded" | "cancelled" | "paused" | "failed" | "interrupted" | "continued";
  done: number;
  total: number;
  submitted: number;
  /** judged without a valid submission */
  invalid: number;
  /** not judged: the task could not start or the provider failed it */
  notJudged: number;
}

const SETUP_ERROR = "setup_error";
/**
 * Outcomes that are no judgement of the model: the task could not start (no sandbox, no mirror, the leak
 * test refused it) or the provider failed it (unreachable, errors after retries). The score leaves these
 * tasks out and reports them beside; resuming the run judges them again.
 */
export const NOT_JUDGED_OUTCOMES: ReadonlySet<string> = new Set([SETUP_ERROR, "model_error", "rate_limited"]);
/** Outcomes where the provider gave the task no answer (as opposed to the task not starting). */
const PROVIDER_OUTCOMES: ReadonlySet<string> = new Set(["model_error", "rate_limited"]);
const isJudged = (outcome: string | null) => outcome !== null && !NOT_JUDGED_OUTCOMES.has(outcome);

/**
 * The "judge" job: runs the pending tasks of a run; safe to call again after a crash. A cancelled run is
 * left as it is (a resume, prepareJudgeRunResume, queues it again first).
 */
export async function executeJudgeRun(deps: ExecuteDeps, runId: string): Promise<ExecuteResult> {
  const { prisma } = deps;
  const run = await prisma.judgeRun.findUnique({ where: { id: runId } });
  if (!run) throw new AppError("not_found", `Judge run ${runId} does not exist`);
  if (run.status === "cancelled") {
    // cancelled while this job waited in the lane (a lease's continuation queued as the user cancelled):
    // nothing starts; a resume queues the run again first
    await deps.log?.("The run was cancelled before this job started; nothing was judged.");
    return { ...(await tallyOf(prisma, runId, await prisma.judgeTask.count({ where: { runId } }))), status: "cancelled" };
  }
  const settings: AgentSettings = AgentSettingsSchema.parse(run.settings);
  const policy = ContextPolicySchema.parse(run.contextPolicy);
  // the checkouts of a killed run's tasks go before new ones are made
  const leftovers = removeLeftoverTaskDirs(judgeWorkDir(deps.config));
  if (leftovers.length) await deps.log?.(`removed ${leftovers.length} task folder(s) a stopped run left in ${judgeWorkDir(deps.config)}`);
  const leftoverGroups = removeLeftoverTaskCgroups();
  if (leftoverGroups) await deps.log?.(`removed ${leftoverGroups} task control group(s) a stopped run left`);
  // which caps hold where this worker runs the tasks; a host without per-task caps is warned of, and the
  // warning stays on the run (a later worker with caps does not clear it)
  const { caps, warning } = hostSandboxCaps();
  if (warning) await deps.log?.(warning, "warn");
  // a task a crashed attempt left running starts over (its partial steps are replaced), and so does one
  // that was not judged (the provider failed it, or it could not start): resuming judges it again
  await prisma.judgeTask.updateMany({
    where: { runId, OR: [{ status: "running" }, { status: "done", outcome: { in: [...NOT_JUDGED_OUTCOMES] } }] },
    data: { status: "pending", steps: [], startedAt: null, outcome: null, reason: null, finishedAt: null, retries: 0 },
  });
  await prisma.judgeRun.update({
    where: { id: runId },
    data: {
      status: "running",
      startedAt: run.startedAt ?? new Date(),
      error: null,
      sandboxCaps: caps,
      ...(warning ? { sandboxWarning: warning } : {}),
    },
  });

  const { inputs, unavailable } = await loadJudgeInputs(prisma, run.exportId, run.split, policy, [
    settings.systemPrompt,
    settings.userPrompt,
  ]);
  // a task whose example is gone from the export's split is not judged either (nothing silent): said, with why
  const missing = await prisma.judgeTask.findMany({
    where: { runId, status: "pending", evalId: { notIn: [...inputs.keys(), ...unavailable.map((u) => u.evalId)] } },
    select: { evalId: true },
  });
  for (const { evalId } of missing)
    unavailable.push({ evalId, reason: `its example ${evalId} is not in the ${run.split} split of export ${run.exportId} any more` });
  for (const u of unavailable) {
    const updated = await prisma.judgeTask.updateMany({
      where: { runId, evalId: u.evalId, status: "pending" },
      data: { status: "done", outcome: SETUP_ERROR, reason: u.reason, finishedAt: new Date() },
    });
    if (updated.count) await deps.log?.(`${u.evalId}: not judged: ${u.reason}`, "warn");
  }

  const model =
    deps.model ??
    createJudgeModel({
      baseUrl: run.baseUrl,
      model: run.model,
      apiKey: run.apiKey ? openSecret(run.apiKey, serverKey(deps.config)) : deps.config.JUDGE_API_KEY,
      ...requestOptionsOf(settings),
    });
  const total = await prisma.judgeTask.count({ where: { runId } });
  const pending = await prisma.judgeTask.findMany({
    where: { runId, status: "pending" },
    orderBy: { position: "asc" },
    select: { id: true, evalId: true },
  });
  let done = total - pending.length;
  await deps.progress?.(done, total);

  // the provider failing task after task is one cause, not as many wrong answers: after this many in a
  // row (and none answered between) the run stops taking tasks and says why
  const stopAfter = Math.max(3, run.concurrency);
  let providerFailuresInARow = 0;
  // set inside the workers below (so declared by assertion: the checks after them must not narrow it to null)
  let providerFailure = null as { outcome: string; reason: string } | null;
  // the longest a task can take: its wall time plus one command or model call begun just before the limit
  const handOnAt = deps.leaseEndsAt === undefined ? Number.POSITIVE_INFINITY : deps.leaseEndsAt - taskBoundMs(settings);
  let handingOn = false;
  let next = 0;
  const worker = async () => {
    // each worker takes at least one task per lease, so a lease shorter than a task still makes progress
    let taken = 0;
    while (next < pending.length && !deps.signal?.aborted && !providerFailure) {
      if (taken > 0 && Date.now() > handOnAt) {
        handingOn = true;
        break;
      }
      taken++;
      const task = pending[next++];
      const input = mustGet(inputs, task.evalId, "task input");
      const ended = await judgeOneTask(deps, runId, task.id, input, model, settings);
      if (ended === "requeued") continue;
      if (PROVIDER_OUTCOMES.has(ended.outcome)) {
        providerFailuresInARow++;
        if (providerFailuresInARow >= stopAfter) providerFailure ??= ended;
      } else providerFailuresInARow = 0;
      // only finished tasks count; one put back for the resume does not
      done++;
      await deps.progress?.(done, total);
    }
  };
  await Promise.all(Array.from({ length: Math.min(run.concurrency, Math.max(1, pending.length)) }, worker));

  const tally = await tallyOf(prisma, runId, total);
  const { done: finished, notJudged } = tally;
  const result = (status: ExecuteResult["status"]): ExecuteResult => ({ ...tally, status });
  if (deps.signal?.aborted) {
    if (deps.cancelledByUser && !(await deps.cancelledByUser())) {
      await prisma.judgeRun.update({
        where: { id: runId },
        data: { status: "queued", error: "The worker stopped during the run; it goes on where it stopped when a worker takes it up." },
      });
      return result("interrupted");
    }
    // the key stays while the run may be resumed
    await prisma.judgeRun.update({ where: { id: runId }, data: { status: "cancelled", finishedAt: new Date() } });
    return result("cancelled");
  }
  if (handingOn && !providerFailure && next < pending.length) {
    await deps.log?.(`${pending.length - next} task(s) left when this job's lease runs out: they go on in a continuation job`);
    return result("continued");
  }
  if (providerFailure) {
    // one cause, not as many wrong answers: the run waits, resumable, with the cause on its page
    const error =
      providerFailure.outcome === "rate_limited"
        ? `Paused: ${stopAfter} tasks in a row could not be judged because the provider rate-limited them: ${providerFailure.reason} No task was scored for it. Resume the run once the provider's limit allows: the tasks not judged run again.`
        : `Paused: ${stopAfter} tasks in a row could not be judged because the model failed: ${providerFailure.reason} Fix the endpoint, then resume the run: the tasks not judged run again.`;
    await scoreJudgeRun(prisma, runId);
    await prisma.judgeRun.update({ where: { id: runId }, data: { status: "paused", error } });
    await deps.log?.(error, "error");
    return result("paused");
  }
  if (finished > 0 && notJudged === finished) {
    const error = `No task could be judged: ${await commonReason(prisma, runId)} Fix the cause, then resume the run.`;
    await scoreJudgeRun(prisma, runId);
    await prisma.judgeRun.update({ where: { id: runId }, data: { status: "failed", finishedAt: new Date(), error } });
    await deps.log?.(error, "error");
    return result("failed");
  }
  await scoreJudgeRun(prisma, runId);
  // the key is kept while tasks remain to be judged again; a finished run forgets it. Tasks left out of
  // the score are said on the run's page with their commonest cause (nothing silent)
  const note =
    notJudged === 0
      ? null
      : `${notJudged} task(s) not judged, left out of the score: ${await commonReason(prisma, runId)} Resume judges them again.`;
  await prisma.judgeRun.update({
    where: { id: runId },
    data: { status: "succeeded", finishedAt: new Date(), error: note, ...(notJudged === 0 ? { apiKey: null } : {}) },
  });
  return result("succeeded");
}

/** What a run's finished tasks came to: submitted, judged without a valid submission, not judged. */
async function tallyOf(prisma: PrismaClient, runId: string, total: number): Promise<Omit<ExecuteResult, "status">> {
  const counts = await prisma.judgeTask.groupBy({ by: ["outcome"], where: { runId, status: "done" }, _count: { _all: true } });
  const submitted = counts.find((c) => c.outcome === "submitted")?._count._all ?? 0;
  const done = counts.reduce((n, c) => n + c._count._all, 0);
  const notJudged = counts.filter((c) => !isJudged(c.outcome)).reduce((n, c) => n + c._count._all, 0);
  return { runId, done, total, submitted, invalid: done - submitted - notJudged, notJudged };
}

/** The longest one task can hold a worker: the wall time, one command begun at its edge, a model call and setup. */
function taskBoundMs(settings: Pick<AgentSettings, "wallTimeSeconds" | "commandTimeoutSeconds">): number {
  return (settings.wallTimeSeconds + settings.commandTimeoutSeconds + 120) * 1000;
}

/** The reason most of a run's unjudged tasks share. */
async function commonReason(prisma: PrismaClient, runId: string): Promise<string> {
  const reasons = await prisma.judgeTask.groupBy({
    by: ["reason"],
    where: { runId, status: "done", outcome: { in: [...NOT_JUDGED_OUTCOMES] } },
    _count: { _all: true },
  });
  const top = reasons.sort((a, b) => b._count._all - a._count._all)[0];
  return top?.reason ?? "unknown";
}

/** Judges one task; says how it ended, or "requeued" when a cancel put it back for the resume. */
async function judgeOneTask(
  deps: ExecuteDeps,
  runId: string,
  taskId: string,
  input: JudgeInput,
  model: JudgeModel,
  settings: AgentSettings,
): Promise<{ outcome: string; reason: string } | "requeued"> {
  const { prisma } = deps;
  await prisma.judgeTask.update({ where: { id: taskId }, data: { status: "running", startedAt: new Date(), steps: [] } });
  const steps: AgentStep[] = [];
  let trajectory: Trajectory;
  let sandbox: Awaited<ReturnType<typeof openTaskSandbox>> | null = null;
  try {
    sandbox = await openTaskSandbox({
      taskFiles: input.files,
      mirrorGitDir: openMirror(deps.config.MIRRORS_DIR, input.repo).gitDir,
      baseCommit: input.baseCommit,
      workRoot: judgeWorkDir(deps.config),
    });
    trajectory = await runAgent({
      model,
      sandbox,
      settings,
      signal: deps.signal,
      onStep: async (step) => {
        steps.push(step);
        await prisma.judgeTask.update({ where: { id: taskId }, data: { steps: toJsonInput(steps) } });
      },
    });
  } catch (e) {
    const reason = isAppError(e) ? e.message : `the sandbox could not be made: ${e instanceof Error ? e.message : String(e)}`;
    await prisma.judgeTask.update({
      where: { id: taskId },
      data: { status: "done", outcome: SETUP_ERROR, reason, finishedAt: new Date() },
    });
    await deps.log?.(`${input.evalId}: not judged: ${reason}`, "warn");
    return { outcome: SETUP_ERROR, reason };
  } finally {
    sandbox?.dispose();
  }
  // the run counts every retry, those of attempts put back or judged again included
  if (trajectory.retries > 0) await prisma.judgeRun.update({ where: { id: runId }, data: { retries: { increment: trajectory.retries } } });
  if (trajectory.outcome === "cancelled") {
    // not an outcome of the model: the task is judged again when the run resumes
    await prisma.judgeTask.update({ where: { id: taskId }, data: { status: "pending", steps: [], startedAt: null, retries: 0 } });
    return "requeued";
  }
  await prisma.judgeTask.update({
    where: { id: taskId },
    data: {
      status: "done",
      outcome: trajectory.outcome,
      prediction: trajectory.prediction,
      reason: trajectory.reason,
      steps: toJsonInput(trajectory.steps),
      promptTokens: trajectory.usage.promptTokens,
      completionTokens: trajectory.usage.completionTokens,
      elapsedMs: Math.round(trajectory.elapsedMs),
      retries: trajectory.retries,
      finishedAt: new Date(),
    },
  });
  if (PROVIDER_OUTCOMES.has(trajectory.outcome)) await deps.log?.(`${input.evalId}: not judged: ${trajectory.reason}`, "warn");
  return { outcome: trajectory.outcome, reason: trajectory.reason };
}

/**
 * Predictions JSONL for the evaluation: a submission as {eval_id, prediction}; an agent that ended
 * without a valid one (invalid submission, a limit) as its final output, which the evaluation counts
 * invalid; a task not judged (no sandbox, the provider failed) is left out, and scoreJudgeRun leaves it
 * out of the scored items too.
 */
function predictionsJsonl(
  tasks: readonly { evalId: string; outcome: string | null; prediction: boolean | null; reason?: string | null }[],
  credited: ReadonlyMap<string, boolean> = new Map(),
): string {
  return tasks
    .flatMap((t): object[] => {
      const credit = credited.get(t.evalId);
      if (credit !== undefined) return [{ eval_id: t.evalId, prediction: credit }];
      if (t.outcome === "submitted" && t.prediction !== null) return [{ eval_id: t.evalId, prediction: t.prediction }];
      if (isJudged(t.outcome)) return [{ eval_id: t.evalId, output: `no valid submission (${t.outcome}): ${t.reason ?? ""}` }];
      return [];
    })
    .map((p) => JSON.stringify(p))
    .join("\n");
}

/**
 * Scores the run twice through the evaluation (Table 2/3 metrics, bootstrap intervals): as submitted,
 * and with each repair credit counting its task as correct (the paper's rule ii). Both are EvalRuns,
 * so the evaluate page compares them with any other run.
 */
async function scoreJudgeRun(prisma: PrismaClient, runId: string): Promise<void> {
  const run = await prisma.judgeRun.findUniqueOrThrow({
    where: { id: runId },
    select: { id: true, name: true, exportId: true, split: true, evalRunId: true, creditedEvalRunId: true },
  });
  const tasks = await prisma.judgeTask.findMany({
    where: { runId },
    select: { evalId: true, outcome: true, prediction: true, reason: true, repairCredit: { select: { id: true } } },
  });
  const gold = await loadGold(prisma, run.exportId, run.split);
  const goldOf = new Map(gold.map((g) => [g.evalId, g.trustworthy]));
  // the score covers the tasks the model was judged on; those not judged are reported beside it
  const judged = new Set(tasks.filter((t) => isJudged(t.outcome)).map((t) => t.evalId));
  const items = gold.filter((g) => judged.has(g.evalId));
  const credited = new Map<string, boolean>();
  for (const t of tasks) {
    const label = goldOf.get(t.evalId);
    if (t.repairCredit && label !== undefined) credited.set(t.evalId, label);
  }
  const report = (map?: ReadonlyMap<string, boolean>) =>
    showNul(buildEvalReport(items, [{ name: `${run.name}.jsonl`, text: predictionsJsonl(tasks, map) }]));
  // nothing to score yet (every task failed to start): the run page says why, task by task
  if (judged.size === 0) return;
  const upsert = async (id: string | null, name: string, value: ReturnType<typeof report>) => {
    if (id) {
      const updated = await prisma.evalRun.updateMany({ where: { id }, data: { report: value } });
      if (updated.count) return id;
    }
    const existing = await prisma.evalRun.findFirst({ where: { exportId: run.exportId, split: run.split, name }, select: { id: true } });
    if (existing) {
      await prisma.evalRun.update({ where: { id: existing.id }, data: { report: value } });
      return existing.id;
    }
    return (await prisma.evalRun.create({ data: { exportId: run.exportId, split: run.split, name, report: value } })).id;
  };
  const evalRunId = await upsert(run.evalRunId, run.name, report());
  const creditedEvalRunId = await upsert(run.creditedEvalRunId, `${run.name} + repair credit`, report(credited));
  await prisma.judgeRun.update({ where: { id: runId }, data: { evalRunId, creditedEvalRunId } });
}

export const RepairCreditRequestSchema = z.object({
  taskId: z.string().min(1),
  step: z.coerce.number().int().min(1, "Name the step where the model repaired the comment"),
  note: z.string().trim().min(1, "Say what the model found and how it repaired it").max(2_000),
});

/** A reviewer's repair credit on one task (rule ii), then the run is scored again. */
export async function grantRepairCredit(prisma: PrismaClient, input: z.input<typeof RepairCreditRequestSchema>, actorId: string) {
  const { taskId, step, note } = RepairCreditRequestSchema.parse(input);
  const task = await prisma.judgeTask.findUnique({ where: { id: taskId }, select: { runId: true, status: true, steps: true } });
  if (!task) throw new AppError("not_found", `Judge task ${taskId} does not exist`);
  if (task.status !== "done") throw new AppError("conflict", "Credit a repair once the task has finished");
  const steps = Array.isArray(task.steps) ? task.steps.length : 0;
  if (step > steps) throw new AppError("invalid_input", `The trajectory has ${steps} steps; step ${step} is not one of them`);
  await prisma.repairCredit.upsert({
    where: { taskId },
    create: { taskId, step, note, grantedById: actorId },
    update: { step, note, grantedById: actorId, createdAt: new Date() },
  });
  await recordAudit(prisma, { actorId, action: "judge.repair_credit", subjectId: taskId, details: { step } });
  await scoreJudgeRun(prisma, task.runId);
}

export async function revokeRepairCredit(prisma: PrismaClient, taskId: string, actorId: string) {
  const task = await prisma.judgeTask.findUnique({ where: { id: taskId }, select: { runId: true } });
  if (!task) throw new AppError("not_found", `Judge task ${taskId} does not exist`);
  await prisma.repairCredit.deleteMany({ where: { taskId } });
  await recordAudit(prisma, { actorId, action: "judge.repair_credit_revoked", subjectId: taskId, details: {} });
  await scoreJudgeRun(prisma, task.runId);
}

const SETTING_FIELDS = [
  "promptPricePerMillion",
  "completionPricePerMillion",
  "temperature",
  "maxTokens",
  "requestSeed",
  "reasoningEffort",
  "extraBody",
  "stepLimit",
  "wallTimeSeconds",
  "maxConsecutiveFormatErrors",
  "commandTimeoutSeconds",
  "outputLimitChars",
  "actionMode",
] as const;

/** The start form's flat fields → a run request: blank optional fields are absent, settings nested. */
export function judgeRunRequestFromForm(fields: Record<string, unknown>): JudgeRunRequest {
  const value = (name: string) => {
    const v = fields[name];
    return typeof v === "string" && v.trim() === "" ? undefined : v;
  };
  const settings: Record<string, unknown> = {};
  for (const name of SETTING_FIELDS) if (value(name) !== undefined) settings[name] = value(name);
  return {
    exportId: String(value("exportId") ?? ""),
    split: value("split") as JudgeRunRequest["split"],
    name: String(value("name") ?? ""),
    baseUrl: value("baseUrl") as string | undefined,
    model: value("model") as string | undefined,
    apiKey: value("apiKey") as string | undefined,
    contextPolicy: value("contextPolicy") as JudgeRunRequest["contextPolicy"],
    concurrency: value("concurrency") as number | undefined,
    seed: value("seed") as number | undefined,
    limit: value("limit") as number | undefined,
    settings,
  };
}
