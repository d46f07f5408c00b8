// The judge runner as a job: one "judge" job per run, resumable (done tasks stay done; a task that
// was running when a worker died starts over), cancellable between and inside tasks.
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { executeJudgeRun } from "@/lib/judge/judge-run";
import { defineJob } from "./job-definition";

const judgeJob = defineJob({
  id: "judge",
  title: "judge run",
  payloadSchema: z.object({ runId: z.string().min(1) }),
  singletonKey: (p) => p.runId,
  retryLimit: 2,
  retryDelaySeconds: 30,
  // progress is stored after every task; a task may take the paper's 900 s
  expireInSeconds: 3_600,
  run: async (ctx, payload) => {
    try {
      const result = await executeJudgeRun(
        {
          prisma: ctx.db.prisma,
          config: ctx.config,
          signal: ctx.run?.signal,
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
  describe: (r) => `Judged ${r.done} of ${r.total} tasks: ${r.submitted} submitted, ${r.invalid} without a valid submission (${r.status}).`,
});

export const JUDGE_JOBS = [judgeJob];
