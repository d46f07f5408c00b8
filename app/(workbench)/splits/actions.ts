"use server";
import { redirect } from "next/navigation";
import { z } from "zod";
import { config } from "@/lib/config";
import { getPrisma } from "@/lib/db/server";
import { exportDataset } from "@/lib/export/export-dataset";
import { pushExport } from "@/lib/export/push-export";
import { formAction } from "@/lib/http/form-action";
import type { FormState } from "@/lib/http/form-state";
import { createSplitRun } from "@/lib/split/create-split-run";
import { ExportRequestSchema } from "@/lib/export/export-requests";
import { CreateSplitRequestSchema } from "@/lib/split/split-requests";
import { exportConventionsOf } from "@/lib/export/export-conventions";

export type ActionState = FormState;

export const createSplitAction = formAction({ roles: ["admin"], input: CreateSplitRequestSchema }, async (input, user) => {
  const { splitRunId } = await createSplitRun(await getPrisma(), { ...input, actorId: user.id });
  redirect(`/splits/${splitRunId}`);
});

export const exportSplitAction = formAction({ roles: ["admin"], input: ExportRequestSchema }, async (input, user) => {
  const { license, sourceHuman, sourcePerturbation, ...request } = input;
  const conventions = exportConventionsOf({ license, sourceHuman, sourcePerturbation });
  const { exportId } = await exportDataset(await getPrisma(), { ...request, ...conventions, actorId: user.id });
  redirect(`/splits/exports/${exportId}`);
});

export interface PushedExport {
  repoId: string;
  commitOid: string;
  commitUrl: string;
  createdRepo: boolean;
}
export type PushState = FormState<PushedExport>;

const PushRequestSchema = z.object({ exportId: z.string().min(1), createIfMissing: z.preprocess((v) => v === "on", z.boolean()) });

export const pushExportAction = formAction({ roles: ["admin"], input: PushRequestSchema }, async (input, user): Promise<PushState> => {
  const c = config();
  const result = await pushExport(
    await getPrisma(),
    input.exportId,
    { repoId: c.HF_REPO_ID, token: c.HF_TOKEN, endpoint: c.HF_ENDPOINT },
    { createIfMissing: input.createIfMissing, actorId: user.id },
  );
  return { data: { repoId: result.repoId, commitOid: result.commitOid, commitUrl: result.commitUrl, createdRepo: result.createdRepo } };
});
