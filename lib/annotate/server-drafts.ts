// An annotator's unsubmitted label kept on the server as well as in the browser (lib/annotate/label-drafts),
// so it follows them to another browser, a cleared profile or a private window (the way Label Studio keeps
// drafts). Only the annotator's own draft on an instance assigned to them and still in annotation; the
// newer edit wins (a late request never overwrites a newer draft); submitting the label removes it.
import { z } from "zod";
import { LabelValueSchema } from "@/lib/db/enums";
import type { PrismaClient } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { DraftRationaleSchema, InstanceIdSchema } from "./label-schemas";

export const SaveDraftRequestSchema = z.object({
  instanceId: InstanceIdSchema,
  value: LabelValueSchema.nullable(),
  rationale: DraftRationaleSchema,
  /** the browser's time of the edit, ms since the epoch */
  editedAt: z.number().int().positive(),
});
export type SaveDraftRequest = z.infer<typeof SaveDraftRequestSchema>;

export interface ServerDraft {
  value: z.infer<typeof LabelValueSchema> | null;
  rationale: string;
  /** ms since the epoch */
  editedAt: number;
}

/** Stores the draft (an empty one removes it); says whether it was kept or a newer one already was. */
export async function saveLabelDraft(prisma: PrismaClient, annotatorId: string, input: SaveDraftRequest): Promise<{ kept: boolean }> {
  const assignment = await prisma.assignment.findUnique({
    where: { instanceId_annotatorId: { instanceId: input.instanceId, annotatorId } },
    select: { instance: { select: { stage: true } } },
  });
  if (!assignment) throw new AppError("not_assigned", "This instance is not assigned to you, so you cannot keep a draft of its label.");
  if (assignment.instance.stage !== "annotating")
    throw new AppError("annotation_closed", "This instance is closed: its labels are final, so there is no draft to keep.");
  const editedAt = new Date(input.editedAt);
  if (input.value === null && input.rationale.trim() === "") {
    await prisma.labelDraft.deleteMany({ where: { instanceId: input.instanceId, annotatorId, editedAt: { lte: editedAt } } });
    return { kept: true };
  }
  const data = { value: input.value, rationale: input.rationale, editedAt };
  // only a newer edit replaces the stored one: requests may arrive out of order
  const updated = await prisma.labelDraft.updateMany({
    where: { instanceId: input.instanceId, annotatorId, editedAt: { lt: editedAt } },
    data,
  });
  if (updated.count > 0) return { kept: true };
  const created = await prisma.labelDraft.createMany({
    data: [{ instanceId: input.instanceId, annotatorId, ...data }],
    skipDuplicates: true,
  });
  return { kept: created.count > 0 };
}

export async function readLabelDraft(prisma: PrismaClient, annotatorId: string, instanceId: string): Promise<ServerDraft | null> {
  const row = await prisma.labelDraft.findUnique({
    where: { instanceId_annotatorId: { instanceId, annotatorId } },
    select: { value: true, rationale: true, editedAt: true },
  });
  return row && { value: row.value, rationale: row.rationale, editedAt: row.editedAt.getTime() };
}

/** After a submitted label: its draft is done with. */
export async function forgetServerDraft(prisma: PrismaClient, annotatorId: string, instanceId: string): Promise<void> {
  await prisma.labelDraft.deleteMany({ where: { instanceId, annotatorId } });
}
