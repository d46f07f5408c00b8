import type { PrismaClient } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";

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
