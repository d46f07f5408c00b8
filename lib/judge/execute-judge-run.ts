// Running a judge run's tasks. openJudgeRun readies a run (leftovers of killed workers removed, the caps
// in force recorded, tasks whose example is gone recorded not judged); executeJudgeRun then judges its
// pending tasks in this process, a few at a time, each in its own sandbox (the CLI, and tests), while the
// "judge" job hands them to every worker as "judge-task" jobs (coordinate-judge-run.ts); both end the run
// through finishJudgeRun, which scores it and says why it stopped.
import { randomBytes } from "node:crypto";
import { type Config, judgeWorkDir } from "@/lib/config";
import type { JudgeRun, PrismaClient } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { mustGet } from "@/lib/must";
import { openSecret, serverKey } from "@/lib/secret-box";
import { type JudgeInput, loadJudgeInputs } from "./judge-inputs";
import { limitEndpoint } from "./endpoint-limit";
import { createJudgeModel, type JudgeModel, requestOptionsOf } from "./judge-model";
import { commonReason, NOT_JUDGED_OUTCOMES, PROVIDER_OUTCOMES, type RunTally, SETUP_ERROR, tallyOf } from "./judge-outcomes";
import { claimTask, judgeOneTask } from "./judge-task";
import { type AgentSettings, AgentSettingsSchema, ContextPolicySchema } from "./paper-agent";
import { openHeaders, plainHeaders } from "./request-headers";
import { removeLeftoverTaskDirs } from "./sandbox";
import { hostSandboxCaps } from "./sandbox-caps";
import { scoreJudgeRun } from "./score-judge-run";
import { removeLeftoverTaskCgroups } from "./task-cgroup";

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

export interface ExecuteResult extends RunTally {
  /**
   * paused: the provider failed several tasks in a row, the run waits for a resume; interrupted: the worker
   * stopped (not a user), the run waits for the next worker; continued: the job's lease is running out, the
   * tasks left go on in a continuation job
   */
  status: "succeeded" | "cancelled" | "paused" | "failed" | "interrupted" | "continued";
}

export interface OpenedRun {
  run: JudgeRun;
  settings: AgentSettings;
  inputs: Map<string, JudgeInput>;
}

/**
 * Readies a run for its tasks, or null when it was cancelled meanwhile (nothing starts; a resume queues it
 * again first). `resetRunning`: tasks left running start over (the CLI owns its run; the job does not:
 * there a task is another worker's until its job ends). Tasks not judged before always run again.
 */
export async function openJudgeRun(
  deps: Pick<ExecuteDeps, "prisma" | "config" | "log">,
  runId: string,
  options: { resetRunning: boolean },
): Promise<OpenedRun | null> {
  const { prisma } = deps;
  const run = await prisma.judgeRun.findUnique({ where: { id: runId } });
  if (!run) throw new AppError("not_found", `Judge run ${runId} does not exist`);
  if (run.status === "cancelled") {
    // cancelled while this job waited in the lane (a lease's continuation queued as the user cancelled)
    await deps.log?.("The run was cancelled before this job started; nothing was judged.");
    return null;
  }
  const settings: AgentSettings = AgentSettingsSchema.parse(run.settings);
  const policy = ContextPolicySchema.parse(run.contextPolicy);
  // the checkouts and control groups of a killed worker's tasks go before new ones are made
  const leftovers = removeLeftoverTaskDirs(judgeWorkDir(deps.config));
  if (leftovers.length) await deps.log?.(`removed ${leftovers.length} task folder(s) a stopped run left in ${judgeWorkDir(deps.config)}`);
  const leftoverGroups = removeLeftoverTaskCgroups();
  if (leftoverGroups) await deps.log?.(`removed ${leftoverGroups} task control group(s) a stopped run left`);
  // which caps hold where this worker runs the tasks; a host without per-task caps is warned of, and the
  // warning stays on the run (a later worker with caps does not clear it)
  const { caps, warning } = hostSandboxCaps();
  if (warning) await deps.log?.(warning, "warn");
  // a task that was not judged (the provider failed it, or it could not start) is judged again
  const again = [{ status: "done" as const, outcome: { in: [...NOT_JUDGED_OUTCOMES] } }];
  await prisma.judgeTask.updateMany({
    where: { runId, OR: options.resetRunning ? [{ status: "running" }, ...again] : again },
    data: { status: "pending", steps: [], startedAt: null, outcome: null, reason: null, finishedAt: null, retries: 0 },
    // jobId and claimId stay: a job still queued for the task takes it (its claim is checked then)
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
  return { run, settings, inputs };
}

/** The run's model: its endpoint with the run's key (sealed in the row) or the configured one. */
export function modelOfRun(
  prisma: PrismaClient,
  run: JudgeRun,
  settings: AgentSettings,
  config: Pick<Config, "JUDGE_API_KEY" | "WORKBENCH_SECRET" | "EMBEDDED_DB_DIR">,
): JudgeModel {
  const model = createJudgeModel({
    baseUrl: run.baseUrl,
    model: run.model,
    apiKey: run.apiKey ? openSecret(run.apiKey, serverKey(config)) : config.JUDGE_API_KEY,
    headers: { ...plainHeaders(run.headers), ...openHeaders(run.secretHeaders, serverKey(config)) },
    ...requestOptionsOf(settings),
  });
  // the endpoint's limit, shared with every run and worker calling it
  return settings.endpointConcurrency ? limitEndpoint(model, prisma, run.baseUrl, settings.endpointConcurrency) : model;
}

/** One task of a running run, for the worker that took it: its input and the run's settings and model. */
export async function openRunTask(
  prisma: PrismaClient,
  runId: string,
  taskId: string,
  config: Pick<Config, "JUDGE_API_KEY" | "WORKBENCH_SECRET" | "EMBEDDED_DB_DIR">,
): Promise<{ evalId: string; input: JudgeInput; settings: AgentSettings; model: JudgeModel } | { reason: string }> {
  const task = await prisma.judgeTask.findUniqueOrThrow({ where: { id: taskId }, select: { evalId: true } });
  const run = await prisma.judgeRun.findUniqueOrThrow({ where: { id: runId } });
  const settings = AgentSettingsSchema.parse(run.settings);
  const { inputs, unavailable } = await loadJudgeInputs(
    prisma,
    run.exportId,
    run.split,
    ContextPolicySchema.parse(run.contextPolicy),
    [settings.systemPrompt, settings.userPrompt],
    { evalIds: [task.evalId] },
  );
  const input = inputs.get(task.evalId);
  if (!input)
    return {
      reason:
        unavailable.find((u) => u.evalId === task.evalId)?.reason ??
        `its example ${task.evalId} is not in the ${run.split} split of export ${run.exportId} any more`,
    };
  return { evalId: task.evalId, input, settings, model: modelOfRun(prisma, run, settings, config) };
}

/** After this many provider failures in a row (none answered between) a run stops taking tasks. */
export const stopAfterOf = (run: Pick<JudgeRun, "concurrency">) => Math.max(3, run.concurrency);

/**
 * Ends a run whose tasks are all finished (or that stopped on the provider): scores it and sets its status
 * and message: paused (the provider failed task after task), failed (no task could be judged), succeeded.
 */
export async function finishJudgeRun(
  deps: Pick<ExecuteDeps, "prisma" | "log">,
  runId: string,
  providerFailure: { outcome: string; reason: string; inARow: number } | null,
): Promise<ExecuteResult> {
  const { prisma } = deps;
  const total = await prisma.judgeTask.count({ where: { runId } });
  const tally = await tallyOf(prisma, runId, total);
  const { done: finished, notJudged } = tally;
  const result = (status: ExecuteResult["status"]): ExecuteResult => ({ ...tally, status });
  if (providerFailure) {
    // one cause, not as many wrong answers: the run waits, resumable, with the cause on its page
    const n = providerFailure.inARow;
    const error =
      providerFailure.outcome === "rate_limited"
        ? `Paused: ${n} tasks in a row could not be judged because the provider rate-limited them: ${providerFailure.reason} No task was scored for it. Resume the run once the provider's limit allows: the tasks not judged run again.`
        : `Paused: ${n} tasks in a row could not be judged because the model failed: ${providerFailure.reason} Fix the endpoint, then resume the run: the tasks not judged run again.`;
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
    data: { status: "succeeded", finishedAt: new Date(), error: note, ...(notJudged === 0 ? { apiKey: null, secretHeaders: null } : {}) },
  });
  return result("succeeded");
}

/** A stop the run did not finish: handed on when no user cancelled (the worker stopped), else cancelled. */
export async function stopJudgeRun(
  deps: Pick<ExecuteDeps, "prisma" | "cancelledByUser">,
  runId: string,
): Promise<"interrupted" | "cancelled"> {
  const { prisma } = deps;
  if (deps.cancelledByUser && !(await deps.cancelledByUser())) {
    await prisma.judgeRun.update({
      where: { id: runId },
      data: { status: "queued", error: "The worker stopped during the run; it goes on where it stopped when a worker takes it up." },
    });
    return "interrupted";
  }
  // the key stays while the run may be resumed
  await prisma.judgeRun.update({ where: { id: runId }, data: { status: "cancelled", finishedAt: new Date() } });
  return "cancelled";
}

/**
 * Judges a run's pending tasks in this process (the CLI; tests): concurrency at a time; safe to call again
 * after a crash. A cancelled run is left as it is (a resume, prepareJudgeRunResume, queues it again first).
 */
export async function executeJudgeRun(deps: ExecuteDeps, runId: string): Promise<ExecuteResult> {
  const { prisma } = deps;
  const opened = await openJudgeRun(deps, runId, { resetRunning: true });
  if (!opened) return { ...(await tallyOf(prisma, runId, await prisma.judgeTask.count({ where: { runId } }))), status: "cancelled" };
  const { run, settings, inputs } = opened;
  const model = deps.model ?? modelOfRun(prisma, run, settings, deps.config);
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
  const stopAfter = stopAfterOf(run);
  let providerFailuresInARow = 0;
  // set inside the workers below (so declared by assertion: the checks after them must not narrow it to null)
  let providerFailure = null as { outcome: string; reason: string; inARow: number } | null;
  // the longest a task can take: its wall time plus one command or model call begun just before the limit
  const handOnAt = deps.leaseEndsAt === undefined ? Number.POSITIVE_INFINITY : deps.leaseEndsAt - taskBoundMs(settings);
  let handingOn = false;
  let next = 0;
  // this process's claim on the tasks it takes
  const claimId = `local:${process.pid}:${randomBytes(6).toString("hex")}`;
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
      if (!(await claimTask(prisma, task.id, claimId))) continue;
      const input = mustGet(inputs, task.evalId, "task input");
      const ended = await judgeOneTask(deps, { runId, taskId: task.id, claimId }, input, model, settings);
      if (ended === "requeued") continue;
      if (PROVIDER_OUTCOMES.has(ended.outcome)) {
        providerFailuresInARow++;
        if (providerFailuresInARow >= stopAfter) providerFailure ??= { ...ended, inARow: stopAfter };
      } else providerFailuresInARow = 0;
      // only finished tasks count; one put back for the resume does not
      done++;
      await deps.progress?.(done, total);
    }
  };
  await Promise.all(Array.from({ length: Math.min(run.concurrency, Math.max(1, pending.length)) }, worker));

  if (deps.signal?.aborted) {
    const status = await stopJudgeRun(deps, runId);
    return { ...(await tallyOf(prisma, runId, total)), status };
  }
  if (handingOn && !providerFailure && next < pending.length) {
    await deps.log?.(`${pending.length - next} task(s) left when this job's lease runs out: they go on in a continuation job`);
    return { ...(await tallyOf(prisma, runId, total)), status: "continued" };
  }
  return finishJudgeRun(deps, runId, providerFailure);
}

/** The longest one task can hold a worker: the wall time, one command begun at its edge, a model call and setup. */
export function taskBoundMs(settings: Pick<AgentSettings, "wallTimeSeconds" | "commandTimeoutSeconds">): number {
  return (settings.wallTimeSeconds + settings.commandTimeoutSeconds + 120) * 1000;
}
