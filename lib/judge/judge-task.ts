// One judge task end to end, by whichever process holds it: claimed (so two workers never judge one task
// at once, and a stale one cannot write over it), its sandbox opened, the agent run with every step
// written as it happens, the outcome written under the claim. The local pool (execute-judge-run.ts, the
// CLI) and the "judge-task" job (a worker's) both run tasks through here.
import { hostname } from "node:os";
import { type Config, judgeWorkDir } from "@/lib/config";
import type { PrismaClient } from "@/lib/db/generated/client";
import { toJsonInput } from "@/lib/db/json-input";
import { isAppError } from "@/lib/errors";
import { openMirror } from "@/lib/repo/mirror-path";
import type { JudgeInput } from "./judge-inputs";
import type { JudgeModel } from "./judge-model";
import { PROVIDER_OUTCOMES, SETUP_ERROR } from "./judge-outcomes";
import type { AgentSettings } from "./paper-agent";
import { type AgentStep, AgentStepsSchema, runAgent, type Trajectory } from "./run-agent";
import { openTaskSandbox } from "./sandbox";

/** This process, as the run page names the worker holding a task. */
export const WORKER_ID = `${hostname()}:${process.pid}`;

export interface TaskDeps {
  prisma: PrismaClient;
  config: Pick<Config, "MIRRORS_DIR" | "JUDGE_WORK_DIR" | "EMBEDDED_DB_DIR">;
  signal?: AbortSignal;
  log?: (message: string, level?: "info" | "warn" | "error") => Promise<void>;
}

/**
 * Takes a task for one attempt: a pending one (from its start), or one this same claim held before (a job's
 * retry after its worker died: pg-boss runs one attempt of a job at a time, so the old attempt is gone),
 * which goes on from the steps that attempt stored. Null when the task is done or held by another claim.
 */
export async function claimTask(prisma: PrismaClient, taskId: string, claimId: string): Promise<{ resume: AgentStep[] } | null> {
  const again = await prisma.judgeTask.updateMany({
    where: { id: taskId, status: "running", claimId },
    data: { workerId: WORKER_ID, attempts: { increment: 1 } },
  });
  if (again.count === 1) {
    const stored = await prisma.judgeTask.findUniqueOrThrow({ where: { id: taskId }, select: { steps: true } });
    return { resume: AgentStepsSchema.parse(Array.isArray(stored.steps) ? stored.steps : []) };
  }
  const claimed = await prisma.judgeTask.updateMany({
    where: { id: taskId, status: "pending" },
    data: { status: "running", claimId, workerId: WORKER_ID, startedAt: new Date(), steps: [], retries: 0, attempts: { increment: 1 } },
  });
  return claimed.count === 1 ? { resume: [] } : null;
}

/**
 * How the task ended under this claim, or null: a job's earlier attempt may have finished it and then lost its
 * worker (killed, or its heartbeat given up for lost) before the job was recorded complete, so the job's retry
 * finds it done. That retry reports this outcome, the task's own, instead of a "not started" that would leave
 * the judgement without a job saying so.
 */
export async function outcomeUnderClaim(prisma: PrismaClient, taskId: string, claimId: string): Promise<string | null> {
  const task = await prisma.judgeTask.findFirst({ where: { id: taskId, claimId, status: "done" }, select: { outcome: true } });
  return task?.outcome ?? null;
}

/** Puts a claimed task back for another attempt (a cancel, a worker stopping): nothing of it is kept. */
export async function releaseTask(prisma: PrismaClient, taskId: string, claimId: string): Promise<void> {
  await prisma.judgeTask.updateMany({
    where: { id: taskId, claimId, status: "running" },
    data: { status: "pending", steps: [], startedAt: null, retries: 0, claimId: null, workerId: null, jobId: null },
  });
}

/** Judges one claimed task; says how it ended, or "requeued" when a stop put it back. */
export async function judgeOneTask(
  deps: TaskDeps,
  task: { runId: string; taskId: string; claimId: string; resume?: readonly AgentStep[] },
  input: JudgeInput,
  model: JudgeModel,
  settings: AgentSettings,
): Promise<{ outcome: string; reason: string } | "requeued"> {
  const { prisma } = deps;
  const { taskId, claimId } = task;
  const mine = { id: taskId, claimId };
  const steps: AgentStep[] = [...(task.resume ?? [])];
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
      resume: task.resume,
      onStep: async (step) => {
        steps.push(step);
        await prisma.judgeTask.updateMany({ where: mine, data: { steps: toJsonInput(steps) } });
      },
    });
  } catch (e) {
    const reason = isAppError(e) ? e.message : `the sandbox could not be made: ${e instanceof Error ? e.message : String(e)}`;
    await prisma.judgeTask.updateMany({
      where: mine,
      data: { status: "done", outcome: SETUP_ERROR, reason, finishedAt: new Date(), workerId: null },
    });
    await deps.log?.(`${input.evalId}: not judged: ${reason}`, "warn");
    return { outcome: SETUP_ERROR, reason };
  } finally {
    sandbox?.dispose();
  }
  return recordTrajectory(deps, task, input.evalId, trajectory);
}

/**
 * Writes how a claimed task's agent run ended: its outcome, prediction, steps and usage, under the claim
 * (an attempt that lost its task writes nothing); a cancelled run puts the task back ("requeued"). The
 * demo (lib/demo/seed-demo-judge.ts) records its replayed agent through here too.
 */
export async function recordTrajectory(
  deps: Pick<TaskDeps, "prisma" | "log">,
  task: { runId: string; taskId: string; claimId: string },
  evalId: string,
  trajectory: Trajectory,
): Promise<{ outcome: string; reason: string } | "requeued"> {
  const { prisma } = deps;
  const { runId, taskId, claimId } = task;
  const mine = { id: taskId, claimId };
  // the run counts every retry, those of attempts put back or judged again included
  if (trajectory.retries > 0) await prisma.judgeRun.update({ where: { id: runId }, data: { retries: { increment: trajectory.retries } } });
  if (trajectory.outcome === "cancelled") {
    // not an outcome of the model: the task is judged again when the run goes on
    await releaseTask(prisma, taskId, claimId);
    return "requeued";
  }
  // written under the claim only: an attempt that lost its task (its worker presumed dead) writes nothing
  await prisma.judgeTask.updateMany({
    where: { ...mine, status: "running" },
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
      workerId: null,
      finishedAt: new Date(),
    },
  });
  if (PROVIDER_OUTCOMES.has(trajectory.outcome)) await deps.log?.(`${evalId}: not judged: ${trajectory.reason}`, "warn");
  return { outcome: trajectory.outcome, reason: trajectory.reason };
}
