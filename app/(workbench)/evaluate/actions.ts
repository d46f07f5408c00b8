"use server";
import { redirect } from "next/navigation";
import { z } from "zod";
import { requireRole } from "@/lib/auth/current-user";
import { getPrisma } from "@/lib/db/server";
import { deleteEvalRun } from "@/lib/evaluate/delete-eval-run";
import { loadSampleEvaluation, removeSampleEvaluation } from "@/lib/demo/load-sample-evaluation";

export async function loadSampleAction(): Promise<void> {
  const user = await requireRole("admin");
  const { exportId } = await loadSampleEvaluation(await getPrisma(), user.id);
  redirect(`/evaluate?export=${encodeURIComponent(exportId)}&split=test`);
}

export async function removeSampleAction(): Promise<void> {
  const user = await requireRole("admin");
  await removeSampleEvaluation(await getPrisma(), user.id);
  redirect("/evaluate");
}

const DeleteRunRequestSchema = z.object({ runId: z.string().min(1) });

export async function deleteRunAction(form: FormData): Promise<void> {
  const user = await requireRole("admin");
  const { runId } = DeleteRunRequestSchema.parse({ runId: form.get("runId") });
  const { exportId, split } = await deleteEvalRun(await getPrisma(), runId, user.id);
  redirect(`/evaluate?export=${encodeURIComponent(exportId)}&split=${split}`);
}
