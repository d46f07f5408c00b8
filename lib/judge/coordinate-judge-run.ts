// A run across workers: the "judge" job (one per run, the jobs page's one row) keeps `concurrency`
// "judge-task" jobs queued or running at once, which any worker takes, so the run's concurrency is a total
// over all workers; it sums the tasks' progress, puts back a task whose job ended without finishing it (a
// worker killed after its last retry, a worker stopping), passes a cancel on to every task job (their
// workers see it within a second: lib/jobs/job-engine.ts polls), pauses on the provider failing task after
// task, and scores the run once every task is done. A killed worker loses only its tasks: pg-boss gives
// their jobs to another worker, which takes the task again under the same claim (judge-task.ts).
import type { JobRunState } from "@/lib/db/generated/enums";
import { type ExecuteDeps, type ExecuteResult, finishJudgeRun, openJudgeRun, stopAfterOf, stopJudgeRun } from "./execute-judge-run";
import { PROVIDER_OUTCOMES, tallyOf } from "./judge-outcomes";

export interface TaskJobs {
  enqueue(kind: string, payload: unknown): Promise<{ id: string; existing: boolean }>;
  cancel(id: string): Promise<boolean>;
}

const FINAL_JOB_STATES: readonly JobRunState[] = ["completed", "failed", "cancelled"];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function coordinateJudgeRun(deps: ExecuteDeps & { jobs: TaskJobs; pollMs?: number }, runId: string): Promise<ExecuteResult> {
  const { prisma } = deps;
  const opened = await openJudgeRun(deps, runId, { resetRunning: false });
  const total = await prisma.judgeTask.count({ where: { runId } });
  if (!opened) return { ...(await tallyOf(prisma, runId, total)), status: "cancelled" };
  const { run } = opened;
  const stopAfter = stopAfterOf(run);
  // hand on a minute before the lease ends (a quarter of a short lease), after at least one round
  const handOnAt =
    deps.leaseEndsAt === undefined ? Number.POSITIVE_INFINITY : deps.leaseEndsAt - Math.min(60_000, (deps.leaseEndsAt - Date.now()) / 4);
  let providerFailure: { outcome: string; reason: string; inARow: number } | null = null;
  const outstandingJobs = async () =>
    (
      await prisma.judgeTask.findMany({
        where: { runId, status: { in: ["pending", "running"] }, jobId: { not: null } },
        select: { jobId: true },
      })
    ).flatMap((t) => (t.jobId ? [t.jobId] : []));
  const cancelTaskJobs = async () => {
    for (const id of await outstandingJobs()) await deps.jobs.cancel(id).catch(() => false);
  };

  for (;;) {
    if (deps.signal?.aborted) {
      // a user's cancel reaches every worker through the task jobs; a stopping worker leaves them running
      const status = await stopJudgeRun(deps, runId);
      if (status === "cancelled") await cancelTaskJobs();
      return { ...(await tallyOf(prisma, runId, total)), status };
    }
    const current = await prisma.judgeRun.findUnique({ where: { id: runId }, select: { status: true } });
    if (current?.status === "cancelled") {
      await cancelTaskJobs();
      return { ...(await tallyOf(prisma, runId, total)), status: "cancelled" };
    }
    await putBackOrphans(deps, runId);

    const open = await prisma.judgeTask.findMany({
      where: { runId, status: { in: ["pending", "running"] } },
      orderBy: { position: "asc" },
      select: { id: true, status: true, jobId: true },
    });
    const done = total - open.length;
    await deps.progress?.(done, total);
    providerFailure ??= await providerFailuresInARow(deps, runId, stopAfter);
    if (providerFailure) {
      // no more tasks are handed out; queued ones go back, running ones finish
      const queued = open.filter((t) => t.status === "pending" && t.jobId);
      for (const t of queued) {
        if (t.jobId) await deps.jobs.cancel(t.jobId).catch(() => false);
        await prisma.judgeTask.updateMany({ where: { id: t.id, status: "pending" }, data: { jobId: null } });
      }
      if (open.every((t) => t.status === "pending")) return finishJudgeRun(deps, runId, providerFailure);
    } else if (open.length === 0) {
      return finishJudgeRun(deps, runId, null);
    } else {
      // keep `concurrency` task jobs queued or running, over all workers
      const inFlight = open.filter((t) => t.jobId !== null).length;
      for (const t of open.filter((o) => o.jobId === null).slice(0, Math.max(0, run.concurrency - inFlight))) {
        const job = await deps.jobs.enqueue("judge-task", { runId, taskId: t.id });
        await prisma.judgeTask.updateMany({ where: { id: t.id, jobId: null }, data: { jobId: job.id } });
      }
    }
    if (Date.now() > handOnAt) {
      // the task jobs go on on their own; the continuation takes up the coordination
      await deps.log?.(`${open.length} task(s) not finished when this job's lease runs out: a continuation job follows them`);
      return { ...(await tallyOf(prisma, runId, total)), status: "continued" };
    }
    await sleep(deps.pollMs ?? 1_000);
  }
}

/**
 * A task whose job ended without finishing it goes back to be handed out again: its worker stopped (the
 * job completed having put the task back), or died on the job's last attempt, or its job was cancelled.
 */
async function putBackOrphans(deps: Pick<ExecuteDeps, "prisma" | "log">, runId: string) {
  const { prisma } = deps;
  const held = await prisma.judgeTask.findMany({
    where: { runId, status: { in: ["pending", "running"] }, jobId: { not: null } },
    select: { id: true, evalId: true, jobId: true, status: true },
  });
  if (held.length === 0) return;
  const ended = await prisma.jobRun.findMany({
    where: { id: { in: held.flatMap((t) => (t.jobId ? [t.jobId] : [])) }, state: { in: [...FINAL_JOB_STATES] } },
    select: { id: true, state: true },
  });
  const endedIds = new Set(ended.map((j) => j.id));
  for (const t of held) {
    if (!t.jobId || !endedIds.has(t.jobId)) continue;
    const put = await prisma.judgeTask.updateMany({
      where: { id: t.id, jobId: t.jobId, status: { in: ["pending", "running"] } },
      data: { status: "pending", steps: [], startedAt: null, retries: 0, claimId: null, workerId: null, jobId: null },
    });
    if (put.count && t.status === "running")
      await deps.log?.(`${t.evalId}: its worker stopped mid-task; the task is handed out again`, "warn");
  }
}

/** The provider's failure when the last `stopAfter` finished tasks all ended for it (none answered between). */
async function providerFailuresInARow(deps: Pick<ExecuteDeps, "prisma">, runId: string, stopAfter: number) {
  const last = await deps.prisma.judgeTask.findMany({
    where: { runId, status: "done", finishedAt: { not: null } },
    orderBy: { finishedAt: "desc" },
    take: stopAfter,
    select: { outcome: true, reason: true },
  });
  if (last.length < stopAfter || !last.every((t) => t.outcome !== null && PROVIDER_OUTCOMES.has(t.outcome))) return null;
  return { outcome: last[0].outcome ?? "model_error", reason: last[0].reason ?? "", inARow: stopAfter };
}
