// The paper's scoring rule (ii): a reviewer credits the step where the model found and repaired the judged
// comment's error; the run is scored again each time.
import { z } from "zod";
import { recordAudit } from "@/lib/audit/record-audit";
import type { PrismaClient } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { scoreJudgeRun } from "./score-judge-run";

export const RepairCreditRequestSchema = z.object({
  taskId: z.string().min(1),
  step: z.coerce.number().int().min(1, "Name the step where the model repaired the comment"),
  note: z.string().trim().min(1, "Say what the model found and how it repaired it").max(2_000),
});

/** A reviewer's repair credit on one task (rule ii), then the run is scored again. */
export async function grantRepairCredit(prisma: PrismaClient, input: z.input<typeof RepairCreditRequestSchema>, actorId: string) {
  const { taskId, step, note } = RepairCreditRequestSchema.parse(input);
  const task = await prisma.judgeTask.findUnique({ where: { id: taskId }, select: { runId: true, status: true, steps: true } });
  if (!task) throw new AppError("not_found", `Judge task ${taskId} does not exist`);
  if (task.status !== "done") throw new AppError("conflict", "Credit a repair once the task has finished");
  const steps = Array.isArray(task.steps) ? task.steps.length : 0;
  if (step > steps) throw new AppError("invalid_input", `The trajectory has ${steps} steps; step ${step} is not one of them`);
  await prisma.repairCredit.upsert({
    where: { taskId },
    create: { taskId, step, note, grantedById: actorId },
    update: { step, note, grantedById: actorId, createdAt: new Date() },
  });
  await recordAudit(prisma, { actorId, action: "judge.repair_credit", subjectId: taskId, details: { step } });
  await scoreJudgeRun(prisma, task.runId);
}

export async function revokeRepairCredit(prisma: PrismaClient, taskId: string, actorId: string) {
  const task = await prisma.judgeTask.findUnique({ where: { id: taskId }, select: { runId: true } });
  if (!task) throw new AppError("not_found", `Judge task ${taskId} does not exist`);
  await prisma.repairCredit.deleteMany({ where: { taskId } });
  await recordAudit(prisma, { actorId, action: "judge.repair_credit_revoked", subjectId: taskId, details: {} });
  await scoreJudgeRun(prisma, task.runId);
}
