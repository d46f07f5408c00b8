import type { PrismaClient } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";

/**
 * A user's Cancel: a run still queued or running is marked cancelled at once (so a lease's continuation
 * queued in the same instant does not start: executeJudgeRun returns on a cancelled run), then its job is
 * cancelled (a running one stops at its next check, its unfinished tasks put back for a resume), and so
 * is every task job the run has handed out, on whichever worker: each worker sees its job's cancel within
 * a second (lib/jobs/job-engine.ts polls) and puts the task back.
 */
export async function cancelJudgeRun(prisma: PrismaClient, jobs: { cancel(id: string): Promise<boolean> }, runId: string): Promise<void> {
  const run = await prisma.judgeRun.findUnique({ where: { id: runId }, select: { jobId: true } });
  if (!run) throw new AppError("not_found", `Judge run ${runId} does not exist`);
  await prisma.judgeRun.updateMany({
    where: { id: runId, status: { in: ["queued", "running"] } },
    data: { status: "cancelled", finishedAt: new Date() },
  });
  if (run.jobId) await jobs.cancel(run.jobId);
  const handedOut = await prisma.judgeTask.findMany({
    where: { runId, status: { in: ["pending", "running"] }, jobId: { not: null } },
    select: { jobId: true },
  });
  for (const { jobId } of handedOut) if (jobId) await jobs.cancel(jobId).catch(() => false);
}
