import { recordAudit } from "@/lib/audit/record-audit";
import type { PrismaClient } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { NOT_JUDGED_OUTCOMES } from "./judge-outcomes";

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
