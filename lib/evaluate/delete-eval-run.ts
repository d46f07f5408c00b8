import { evalRunNotFound } from "./evaluation-errors";
import type { Db } from "./load-gold";
import { recordAudit } from "@/lib/audit/record-audit";

/** Removes one recorded run; the audit log keeps who removed which run and its name. */
export async function deleteEvalRun(prisma: Db, runId: string, actorId?: string): Promise<{ exportId: string; split: string }> {
  const run = await prisma.evalRun.findUnique({ where: { id: runId }, select: { id: true, name: true, exportId: true, split: true } });
  if (!run) throw evalRunNotFound(runId);
  await prisma.evalRun.delete({ where: { id: runId } });
  await recordAudit(prisma, {
    actorId: actorId ?? null,
    action: "evaluate.run_deleted",
    subjectId: run.id,
    details: { name: run.name, exportId: run.exportId, split: run.split },
  });
  return { exportId: run.exportId, split: run.split };
}
