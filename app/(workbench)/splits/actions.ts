"use server";
import { redirect } from "next/navigation";
import { z } from "zod";
import { requireRole } from "@/lib/auth/current-user";
import { config } from "@/lib/config";
import { getPrisma } from "@/lib/db/server";
import { createSplitRun } from "@/lib/export/create-split-run";
import { DEFAULT_EXPORTS_DIR, exportDataset } from "@/lib/export/export-dataset";
import { exportErrorAnswer } from "@/lib/export/export-http-error";
import { pushExport } from "@/lib/export/push-export";

export type ActionState = { error?: string };

const CreateSplitRequestSchema = z.object({
  seed: z.coerce.number({ message: "Seed must be a number" }).int("Seed must be a whole number"),
  testShare: z.coerce.number().gt(0, "Test share must be above 0").lt(1, "Test share must be below 1"),
  validationShare: z.coerce.number().min(0, "Validation share must not be negative").lt(1, "Validation share must be below 1"),
});

export async function createSplitAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  let splitRunId: string;
  try {
    const user = await requireRole("admin");
    const input = CreateSplitRequestSchema.parse({ seed: form.get("seed"), testShare: form.get("testShare"), validationShare: form.get("validationShare") });
    const prisma = await getPrisma();
    ({ splitRunId } = await createSplitRun(prisma, input));
    await prisma.auditEvent.create({ data: { actorId: user.id, action: "split.create", subjectType: "splitRun", subjectId: splitRunId, details: input } });
  } catch (e) {
    return { error: exportErrorAnswer(e).error };
  }
  redirect(`/splits/${splitRunId}`);
}

const ExportRequestSchema = z.object({
  splitRunId: z.string().min(1),
  title: z.string().trim().min(1, "Give the dataset a title").max(120),
});

export async function exportSplitAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  let exportId: string;
  try {
    const user = await requireRole("admin");
    const input = ExportRequestSchema.parse({ splitRunId: form.get("splitRunId"), title: form.get("title") });
    const prisma = await getPrisma();
    ({ exportId } = await exportDataset(prisma, { ...input, exportsRoot: DEFAULT_EXPORTS_DIR }));
    await prisma.auditEvent.create({ data: { actorId: user.id, action: "export.create", subjectType: "export", subjectId: exportId, details: { splitRunId: input.splitRunId } } });
  } catch (e) {
    return { error: exportErrorAnswer(e).error };
  }
  redirect(`/splits/exports/${exportId}`);
}

export type PushState = { error?: string; pushed?: { repoId: string; commitOid: string; commitUrl: string; createdRepo: boolean } };

const PushRequestSchema = z.object({ exportId: z.string().min(1), createIfMissing: z.boolean() });

export async function pushExportAction(_prev: PushState, form: FormData): Promise<PushState> {
  try {
    await requireRole("admin");
    const input = PushRequestSchema.parse({ exportId: form.get("exportId"), createIfMissing: form.get("createIfMissing") === "on" });
    const c = config();
    const result = await pushExport(await getPrisma(), input.exportId, { repoId: c.HF_REPO_ID, token: c.HF_TOKEN, endpoint: c.HF_ENDPOINT }, { createIfMissing: input.createIfMissing });
    return { pushed: { repoId: result.repoId, commitOid: result.commitOid, commitUrl: result.commitUrl, createdRepo: result.createdRepo } };
  } catch (e) {
    return { error: exportErrorAnswer(e).error };
  }
}
