"use server";
import { redirect } from "next/navigation";
import { z } from "zod";
import { getPrisma } from "@/lib/db/server";
import { loadSampleEvaluation, removeSampleEvaluation } from "@/lib/demo/load-sample-evaluation";
import { deleteEvalRun } from "@/lib/evaluate/delete-eval-run";
import { plainAction } from "@/lib/http/form-action";

export const loadSampleAction = plainAction({ roles: ["admin"], input: z.object({}) }, async (_input, user) => {
  const { exportId } = await loadSampleEvaluation(await getPrisma(), user.id);
  redirect(`/evaluate?export=${encodeURIComponent(exportId)}&split=test`);
});

export const removeSampleAction = plainAction({ roles: ["admin"], input: z.object({}) }, async (_input, user) => {
  await removeSampleEvaluation(await getPrisma(), user.id);
  redirect("/evaluate");
});

export const deleteRunAction = plainAction({ roles: ["admin"], input: z.object({ runId: z.string().min(1) }) }, async ({ runId }, user) => {
  const { exportId, split } = await deleteEvalRun(await getPrisma(), runId, user.id);
  redirect(`/evaluate?export=${encodeURIComponent(exportId)}&split=${split}`);
});
