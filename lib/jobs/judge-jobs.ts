// The judge runner as jobs: one "judge" job per run (the jobs page's row, with its tasks' progress) that
// hands the run's tasks out as "judge-task" jobs, which every worker takes (lib/judge/coordinate-judge-run.ts);
// resumable (done tasks stay done; a task whose worker died is taken again by its job's retry), cancellable
// on every worker within seconds.
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { defineJob, type JobContext } from "./job-definition";

const judgeJob = defineJob({
  id: "judge",
  title: "judge run",
  payloadSchema: z.object({ runId: z.string().min(1) }),
  singletonKey: (p) => p.runId,
  // a run longer than one lease queues its continuation in its own lane while it finishes its last tasks
  lanePolicy: "stately",
  retryLimit: 2,
  // the job only coordinates (a retry reads the run back and goes on handing tasks out), so a worker that
  // died holding it stalls the run for its heartbeat (10 s) and this first wait, not half a minute more
  retryDelaySeconds: 5,
  // the job only hands tasks out and follows them; a run of any length goes on lease after lease
  expireInSeconds: 4 * 3_600,
  run: async (ctx, payload) => {
    try {
      const { coordinateJudgeRun } = await import("@/lib/judge/coordinate-judge-run");
      if (!ctx.jobs) throw new AppError("internal", "The judge job hands its tasks out as jobs and needs the job engine.");
      const result = await coordinateJudgeRun(
        {
          jobs: ctx.jobs,
          prisma: ctx.db.prisma,
          config: ctx.config,
          signal: ctx.run?.signal,
          leaseEndsAt: ctx.run?.leaseEndsAt,
          progress: async (done, total) => ctx.run?.progress({ done, total, unit: "tasks" }),
          log: async (message, level) => ctx.run?.log(message, level),
          // a stop that no one asked for on the job's row is the worker's (shutdown, lease expiry)
          cancelledByUser: async () =>
            Boolean(
              ctx.run &&
                (await ctx.db.prisma.jobRun.findUnique({ where: { id: ctx.run.id }, select: { cancelRequested: true } }))?.cancelRequested,
            ),
        },
        payload.runId,
      );
      // handed on: failing this attempt makes the queue give the run to the next worker (done tasks stay done)
      if (result.status === "interrupted")
        throw new AppError("upstream_error", "The worker stopped during the judge run; it is handed on.");
      if (result.status === "continued") await continueRun(ctx, payload.runId);
      return result;
    } catch (e) {
      await ctx.db.prisma.judgeRun
        .updateMany({
          where: { id: payload.runId, status: { in: ["queued", "running"] } },
          data: { error: e instanceof Error ? e.message : String(e) },
        })
        .catch(() => undefined);
      throw e;
    }
  },
  describe: (r) =>
    `Judged ${r.done} of ${r.total} tasks: ${r.submitted} submitted, ${r.invalid} without a valid submission, ${r.notJudged} not judged (${r.status}).`,
});

/**
 * Queues the run's next lease in its lane; it starts once this job has ended. A queue still on the old
 * one-job lane answers with this very job: the attempt then fails so the queue retries it (one retry spent).
 */
async function continueRun(ctx: JobContext, runId: string): Promise<void> {
  if (!ctx.jobs) throw new AppError("internal", "The judge job cannot queue its continuation without the job engine.");
  const next = await ctx.jobs.enqueue("judge", { runId });
  if (next.existing && next.id === ctx.run?.id)
    throw new AppError("upstream_error", "The judge job's lease ran out and its queue cannot hold a continuation; it is retried.");
  await ctx.db.prisma.judgeRun.update({ where: { id: runId }, data: { jobId: next.id } });
  await ctx.run?.log(`The run goes on in job ${next.id}.`);
}

const judgeTaskJob = defineJob({
  id: "judge-task",
  title: "judge task",
  payloadSchema: z.object({ runId: z.string().min(1), taskId: z.string().min(1) }),
  // one job per task at a time; the run's "judge" job keeps its concurrency of them queued or running
  singletonKey: (p) => p.taskId,
  // a worker killed mid-task: pg-boss gives the job to another worker (heartbeat), which takes the task again
  retryLimit: 3,
  retryDelaySeconds: 5,
  // outlasts the longest task the settings allow (7,200 s wall time, a 3,600 s command, 120 s more)
  expireInSeconds: 4 * 3_600,
  run: async (ctx, payload) => {
    const { runJudgeTask } = await import("@/lib/judge/run-judge-task");
    if (!ctx.run) throw new AppError("internal", "A judge task runs as a job: its claim is the job's id.");
    return runJudgeTask(
      {
        prisma: ctx.db.prisma,
        config: ctx.config,
        signal: ctx.run.signal,
        log: async (message, level) => ctx.run?.log(message, level),
      },
      payload,
      ctx.run.id,
    );
  },
  describe: (r) => `${r.taskId}: ${r.outcome}`,
});

export const JUDGE_JOBS = [judgeJob, judgeTaskJob];
