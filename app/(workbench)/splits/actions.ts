"use server";
// Thin shells. An export and a Hub push are jobs (lib/jobs/export-jobs.ts): these actions only queue
// them and the job panel on the page follows their progress, so no request writes an export or
// waits on the Hub.
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { getPrisma } from "@/lib/db/server";
import { formAction } from "@/lib/http/form-action";
import type { FormState } from "@/lib/http/form-state";
import { getJobEngine } from "@/lib/jobs/server-engine";
import { createSplitRun } from "@/lib/split/create-split-run";
import { ExportRequestSchema } from "@/lib/export/export-requests";
import { CreateSplitRequestSchema } from "@/lib/split/split-requests";

export type ActionState = FormState;

export const createSplitAction = formAction({ roles: ["admin"], input: CreateSplitRequestSchema }, async (input, user) => {
  const { splitRunId } = await createSplitRun(await getPrisma(), { ...input, actorId: user.id });
  redirect(`/splits/${splitRunId}`);
});

export const exportSplitAction = formAction({ roles: ["admin"], input: ExportRequestSchema }, async (input, user) => {
  const queued = await (await getJobEngine()).enqueue("export", { ...input, actorId: user.id }, { requestedById: user.id });
  revalidatePath(`/splits/${input.splitRunId}`);
  return queued.existing
    ? "An export of this split is already queued or running; its progress shows below."
    : "Export queued; its progress shows below, with a link to the export when it is written.";
});

const PushRequestSchema = z.object({ exportId: z.string().min(1), createIfMissing: z.preprocess((v) => v === "on", z.boolean()) });

export const pushExportAction = formAction({ roles: ["admin"], input: PushRequestSchema }, async (input, user) => {
  const queued = await (await getJobEngine()).enqueue(
    "hub-push",
    { exportId: input.exportId, createIfMissing: input.createIfMissing, actorId: user.id },
    { requestedById: user.id },
  );
  revalidatePath(`/splits/exports/${input.exportId}`);
  return queued.existing
    ? "A push of this export is already queued or running; its progress shows below."
    : "Push queued; its progress shows below, with the commit when it lands.";
});
