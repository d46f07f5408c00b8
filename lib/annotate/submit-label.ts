// An annotator's label: an idempotent upsert per (instance, annotator), allowed only to an
// assigned annotator and only while the instance is in annotation. The last required label moves
// the instance on (nextStageAfterLabel). The instance row is locked for the few statements this
// takes, so two annotators submitting at the same moment cannot both miss the other's label.
import { z } from "zod";
import { InstanceStageSchema, LabelValueSchema, type InstanceStage } from "@/lib/db/enums";
import type { PrismaClient } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import type { LabelValue } from "./label-schemas";
import { nextStageAfterLabel } from "./next-stage";
import { forgetServerDraft } from "./server-drafts";
import { blindStage, type VisibleStage } from "./viewer-access";
import type { AuditEventInput } from "@/lib/audit/audit-events";
import { recordAudits } from "@/lib/audit/record-audit";

// One row per annotator assigned to the instance or holding a label on it (a full join: a label whose
// assignment was taken back still counts), read as plain columns: the timestamps arrive as Dates.
const AnnotatorRowSchema = z.object({
  annotatorId: z.string(),
  assigned: z.boolean(),
  value: LabelValueSchema.nullable(),
  rationale: z.string().nullable(),
  updatedAt: z.date().nullable(),
});
const LockedInstanceSchema = z.object({ stage: InstanceStageSchema });

export interface SubmitLabelInput {
  instanceId: string;
  annotatorId: string;
  value: LabelValue;
  rationale: string;
  now?: Date;
}

export interface SubmitLabelResult {
  label: { value: LabelValue; rationale: string; updatedAt: Date };
  stage: InstanceStage;
  /** false when the same label was already stored (a retried request) */
  changed: boolean;
}

export async function submitLabel(prisma: PrismaClient, input: SubmitLabelInput): Promise<SubmitLabelResult> {
  const now = input.now ?? new Date();
  const rationale = input.rationale.trim();
  return prisma.$transaction(async (tx) => {
    // Lock first, then read in a separate statement: under READ COMMITTED a statement that waited
    // for the lock still reads the other tables as of its own start, so it would miss the label the
    // lock holder just committed (the locked row itself is read as the holder left it). Two round
    // trips in all (a label POST is on the annotator's critical path; the benchmark holds it under
    // 150 ms at p95).
    const locked = await tx.$queryRaw<unknown[]>`
      SELECT "stage"::text AS "stage" FROM "Instance" WHERE "id" = ${input.instanceId} FOR UPDATE`;
    const annotators = z.array(AnnotatorRowSchema).parse(
      await tx.$queryRaw<unknown[]>`
        SELECT COALESCE(a."annotatorId", l."annotatorId") AS "annotatorId", a."annotatorId" IS NOT NULL AS "assigned",
          l."value"::text AS "value", l."rationale", l."updatedAt"
        FROM (SELECT "annotatorId" FROM "Assignment" WHERE "instanceId" = ${input.instanceId}) a
        FULL JOIN (SELECT "annotatorId", "value", "rationale", "updatedAt" FROM "Label" WHERE "instanceId" = ${input.instanceId}) l
          ON l."annotatorId" = a."annotatorId"`,
    );
    const instance =
      locked[0] === undefined
        ? undefined
        : {
            stage: LockedInstanceSchema.parse(locked[0]).stage,
            assignments: annotators.filter((a) => a.assigned).map(({ annotatorId }) => ({ annotatorId })),
            labels: annotators.flatMap(({ annotatorId, value, rationale, updatedAt }) =>
              value !== null && rationale !== null && updatedAt !== null ? [{ annotatorId, value, rationale, updatedAt }] : [],
            ),
          };
    if (!instance) throw new AppError("not_found", "No such instance.");
    if (!instance.assignments.some((a) => a.annotatorId === input.annotatorId))
      throw new AppError("not_assigned", "This instance is not assigned to you, so you cannot label it.");
    const existing = instance.labels.find((l) => l.annotatorId === input.annotatorId);
    if (existing && existing.value === input.value && existing.rationale === rationale) {
      return {
        label: { value: existing.value, rationale: existing.rationale, updatedAt: existing.updatedAt },
        stage: instance.stage,
        changed: false,
      };
    }
    if (instance.stage !== "annotating")
      throw new AppError("annotation_closed", "This instance is closed: labels are final once every assigned annotator has given one.");

    const saved = await tx.label.upsert({
      where: { instanceId_annotatorId: { instanceId: input.instanceId, annotatorId: input.annotatorId } },
      create: {
        instanceId: input.instanceId,
        annotatorId: input.annotatorId,
        value: input.value,
        rationale,
        createdAt: now,
        updatedAt: now,
      },
      update: { value: input.value, rationale, updatedAt: now },
    });
    const values = [...instance.labels.filter((l) => l.annotatorId !== input.annotatorId).map((l) => l.value), input.value];
    const outcome = nextStageAfterLabel(values, instance.assignments.length);
    await tx.assignment.update({
      where: { instanceId_annotatorId: { instanceId: input.instanceId, annotatorId: input.annotatorId } },
      // labelling takes back a skip
      data: { completedAt: now, skippedAt: null },
    });
    const by = { at: now, actorId: input.annotatorId, subjectId: input.instanceId };
    const events: AuditEventInput[] = [
      existing
        ? { ...by, action: "label.change", details: { value: input.value, previous: existing.value } }
        : { ...by, action: "label.submit", details: { value: input.value } },
    ];
    if (outcome.stage !== "annotating") {
      await tx.instance.update({ where: { id: input.instanceId }, data: { stage: outcome.stage, finalLabel: outcome.finalLabel } });
      events.push({
        ...by,
        action: "instance.stage",
        details: { from: "annotating", to: outcome.stage, ...(outcome.finalLabel ? { finalLabel: outcome.finalLabel } : {}) },
      });
    }
    await recordAudits(tx, events);
    return { label: { value: saved.value, rationale: saved.rationale, updatedAt: saved.updatedAt }, stage: outcome.stage, changed: true };
  });
}

/** What the annotator's client gets back: the stage blinded ("closed" rather than adjudicating or labelled). */
export async function submitOwnLabel(
  prisma: PrismaClient,
  annotatorId: string,
  request: Omit<SubmitLabelInput, "annotatorId" | "now">,
): Promise<Omit<SubmitLabelResult, "stage"> & { stage: VisibleStage }> {
  const result = await submitLabel(prisma, { ...request, annotatorId });
  // the submitted label replaces the draft kept for it (outside the label's transaction, which stays short)
  await forgetServerDraft(prisma, annotatorId, request.instanceId);
  return { ...result, stage: blindStage(result.stage, "annotator") };
}
