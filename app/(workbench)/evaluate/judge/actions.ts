"use server";
import { redirect } from "next/navigation";
import { z } from "zod";
import { config } from "@/lib/config";
import { getPrisma } from "@/lib/db/server";
import { formAction, plainAction } from "@/lib/http/form-action";
import { getJobEngine } from "@/lib/jobs/server-engine";
import { cancelJudgeRun } from "@/lib/judge/cancel-judge-run";
import { createJudgeRun, JudgeRunRequestSchema, judgeRunRequestFromForm } from "@/lib/judge/create-judge-run";
import { preflightJudgeModel } from "@/lib/judge/judge-model";
import { grantRepairCredit, RepairCreditRequestSchema, revokeRepairCredit } from "@/lib/judge/repair-credit";
import { prepareJudgeRunResume } from "@/lib/judge/resume-judge-run";

const StartSchema = z.preprocess((fields) => judgeRunRequestFromForm(fields as Record<string, unknown>), JudgeRunRequestSchema);

export const startJudgeRunAction = formAction({ roles: ["admin"], input: StartSchema }, async (input, user) => {
  const prisma = await getPrisma();
  const { runId } = await createJudgeRun(prisma, config(), input, user.id, preflightJudgeModel);
  const queued = await (await getJobEngine()).enqueue("judge", { runId }, { requestedById: user.id });
  await prisma.judgeRun.update({ where: { id: runId }, data: { jobId: queued.id } });
  redirect(`/evaluate/judge/${runId}`);
});

const CreditSchema = RepairCreditRequestSchema.extend({ runId: z.string().min(1) });

export const grantCreditAction = formAction({ roles: ["admin", "adjudicator"], input: CreditSchema }, async (input, user) => {
  await grantRepairCredit(await getPrisma(), input, user.id);
  redirect(`/evaluate/judge/${input.runId}/${input.taskId}`);
});

export const revokeCreditAction = plainAction(
  { roles: ["admin", "adjudicator"], input: z.object({ runId: z.string().min(1), taskId: z.string().min(1) }) },
  async (input, user) => {
    await revokeRepairCredit(await getPrisma(), input.taskId, user.id);
    redirect(`/evaluate/judge/${input.runId}/${input.taskId}`);
  },
);

export const cancelJudgeRunAction = plainAction({ roles: ["admin"], input: z.object({ runId: z.string().min(1) }) }, async ({ runId }) => {
  const prisma = await getPrisma();
  await cancelJudgeRun(prisma, await getJobEngine(), runId);
  redirect(`/evaluate/judge/${runId}`);
});

/** Resume: the pending tasks and those not judged (the provider failed them, they could not start) run again. */
export const resumeJudgeRunAction = plainAction(
  { roles: ["admin"], input: z.object({ runId: z.string().min(1) }) },
  async ({ runId }, user) => {
    const prisma = await getPrisma();
    await prepareJudgeRunResume(prisma, runId, { actorId: user.id });
    const queued = await (await getJobEngine()).enqueue("judge", { runId }, { requestedById: user.id });
    await prisma.judgeRun.update({ where: { id: runId }, data: { jobId: queued.id } });
    redirect(`/evaluate/judge/${runId}`);
  },
);
