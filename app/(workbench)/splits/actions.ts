"use server";
import { redirect } from "next/navigation";
import { z } from "zod";
import { requireRole } from "@/lib/auth/current-user";
import { config } from "@/lib/config";
import { getPrisma } from "@/lib/db/server";
import { createSplitRun } from "@/lib/split/create-split-run";
import { exportDataset } from "@/lib/export/export-dataset";
import { errorAnswer } from "@/lib/http/error-response";
import { pushExport } from "@/lib/export/push-export";
import { CreateSplitRequestSchema, ExportRequestSchema } from "@/lib/split/split-requests";

export type ActionState = { error?: string };

export async function createSplitAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  let splitRunId: string;
  try {
    const user = await requireRole("admin");
    const input = CreateSplitRequestSchema.parse({ seed: form.get("seed"), testShare: form.get("testShare"), validationShare: form.get("validationShare") });
    const prisma = await getPrisma();
    ({ splitRunId } = await createSplitRun(prisma, { ...input, actorId: user.id }));
  } catch (e) {
    return { error: errorAnswer(e, "splits").body.error };
  }
  redirect(`/splits/${splitRunId}`);
}

export async function exportSplitAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  let exportId: string;
  try {
    const user = await requireRole("admin");
    const input = ExportRequestSchema.parse({ splitRunId: form.get("splitRunId"), title: form.get("title") });
    const prisma = await getPrisma();
    ({ exportId } = await exportDataset(prisma, { ...input, actorId: user.id }));
  } catch (e) {
    return { error: errorAnswer(e, "splits").body.error };
  }
  redirect(`/splits/exports/${exportId}`);
}

export type PushState = { error?: string; pushed?: { repoId: string; commitOid: string; commitUrl: string; createdRepo: boolean } };

const PushRequestSchema = z.object({ exportId: z.string().min(1), createIfMissing: z.boolean() });

export async function pushExportAction(_prev: PushState, form: FormData): Promise<PushState> {
  try {
    const user = await requireRole("admin");
    const input = PushRequestSchema.parse({ exportId: form.get("exportId"), createIfMissing: form.get("createIfMissing") === "on" });
    const c = config();
    const result = await pushExport(await getPrisma(), input.exportId, { repoId: c.HF_REPO_ID, token: c.HF_TOKEN, endpoint: c.HF_ENDPOINT }, { createIfMissing: input.createIfMissing, actorId: user.id });
    return { pushed: { repoId: result.repoId, commitOid: result.commitOid, commitUrl: result.commitUrl, createdRepo: result.createdRepo } };
  } catch (e) {
    return { error: errorAnswer(e, "splits").body.error };
  }
}
