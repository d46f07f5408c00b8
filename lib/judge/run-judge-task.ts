// The "judge-task" job: one task of a run, on whichever worker takes it. Claimed under the job's id, so
// the job's retry on another worker (this one killed) takes the task again and a finished task is never
// judged twice (a retry of a job that finished its task reports that task's outcome); a run cancelled or
// paused meanwhile starts nothing.
import { AppError } from "@/lib/errors";
import { type ExecuteDeps, openRunTask } from "./execute-judge-run";
import { claimTask, judgeOneTask, outcomeUnderClaim, releaseTask, type TaskDeps } from "./judge-task";

export interface JudgeTaskResult {
  taskId: string;
  /** how the task ended, or why this job did not judge it */
  outcome: string;
}

export async function runJudgeTask(
  deps: TaskDeps & Pick<ExecuteDeps, "config" | "model">,
  payload: { runId: string; taskId: string },
  /** this job's id: the claim its retries share */
  claimId: string,
): Promise<JudgeTaskResult> {
  const { prisma } = deps;
  const { runId, taskId } = payload;
  const run = await prisma.judgeRun.findUnique({ where: { id: runId }, select: { status: true } });
  if (!run) throw new AppError("not_found", `Judge run ${runId} does not exist`);
  // a retry after this job's earlier attempt judged the task (whatever the run's status is now)
  const judged = await outcomeUnderClaim(prisma, taskId, claimId);
  if (judged !== null) {
    await deps.log?.(`${taskId}: judged by this job's earlier attempt, whose worker stopped before the job was recorded complete`);
    return { taskId, outcome: judged };
  }
  if (run.status !== "running") return { taskId, outcome: `not started: the run is ${run.status}` };
  const claim = await claimTask(prisma, taskId, claimId);
  if (!claim) return { taskId, outcome: "not started: the task is done or held by another job" };
  if (claim.resume.length)
    await deps.log?.(`${taskId}: taken again after its worker stopped; goes on after its ${claim.resume.length} stored step(s)`);
  try {
    const opened = await openRunTask(prisma, runId, taskId, deps.config);
    if ("reason" in opened) {
      await prisma.judgeTask.updateMany({
        where: { id: taskId, claimId },
        data: { status: "done", outcome: "setup_error", reason: opened.reason, finishedAt: new Date(), workerId: null },
      });
      return { taskId, outcome: "setup_error" };
    }
    const model = deps.model ?? opened.model;
    const ended = await judgeOneTask(deps, { runId, taskId, claimId, resume: claim.resume }, opened.input, model, opened.settings);
    return { taskId, outcome: ended === "requeued" ? "put back" : ended.outcome };
  } catch (e) {
    // put back for the next attempt (this job's retry, or the coordinator's next hand-out)
    await releaseTask(prisma, taskId, claimId);
    throw e;
  }
}
