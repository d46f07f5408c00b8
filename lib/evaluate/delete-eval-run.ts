import { evalRunNotFound } from "./evaluation-errors";
import type { Db } from "./load-gold";

/** Removes one recorded run; the audit log keeps who removed which run and its name. */
export async function deleteEvalRun(prisma: Db, runId: string, actorId?: string): Promise<{ exportId: string; split: string }> {
  const run = await prisma.evalRun.findUnique({ where: { id: runId }, select: { id: true, name: true, exportId: true, split: true } });
  if (!run) throw evalRunNotFound(runId);
  await prisma.evalRun.delete({ where: { id: runId } });
  await prisma.auditEvent.create({
    data: {
      actorId: actorId ?? null,
      action: "evaluate.run_deleted",
      subjectType: "eval_run",
      subjectId: run.id,
      details: { name: run.name, exportId: run.exportId, split: run.split },
    },
  });
  return { exportId: run.exportId, split: run.split };
}
