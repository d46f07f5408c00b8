// An annotator's ways out of labelling (issue #15 item 8): skip with a reason (the assignment stays
// open and visible to the lead, who can reassign it) or flag for discussion (an adjudicator answers
// in the thread). Both are notes in the instance's thread and audit events.
import type { Prisma, PrismaClient } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { recordAudit } from "@/lib/audit/record-audit";

export interface AnnotatorNoteInput {
  instanceId: string;
  annotatorId: string;
  note: string;
  now?: Date;
}

async function openAssignment(tx: Prisma.TransactionClient, input: AnnotatorNoteInput) {
  await tx.$queryRaw`SELECT 1 FROM "Instance" WHERE "id" = ${input.instanceId} FOR UPDATE`;
  const instance = await tx.instance.findUnique({
    where: { id: input.instanceId },
    select: { stage: true, assignments: { where: { annotatorId: input.annotatorId } } },
  });
  if (!instance) throw new AppError("not_found", "No such instance.");
  const [assignment] = instance.assignments;
  if (!assignment) throw new AppError("not_assigned", "This instance is not assigned to you.");
  if (instance.stage !== "annotating")
    throw new AppError("annotation_closed", "This instance is closed: it can no longer be skipped or flagged.");
  return assignment;
}

export async function skipAssignment(prisma: PrismaClient, input: AnnotatorNoteInput): Promise<{ skippedAt: Date }> {
  const now = input.now ?? new Date();
  return prisma.$transaction(async (tx) => {
    const assignment = await openAssignment(tx, input);
    if (assignment.completedAt)
      throw new AppError("conflict", "You have labelled this instance; change your label instead of skipping it.");
    await tx.assignment.update({ where: { id: assignment.id }, data: { skippedAt: now } });
    await tx.discussionNote.create({
      data: { instanceId: input.instanceId, authorId: input.annotatorId, kind: "skip", body: input.note, createdAt: now },
    });
    await recordAudit(tx, {
      at: now,
      actorId: input.annotatorId,
      action: "assignment.skip",
      subjectId: input.instanceId,
      details: { reason: input.note },
    });
    return { skippedAt: now };
  });
}

export async function flagForDiscussion(prisma: PrismaClient, input: AnnotatorNoteInput): Promise<{ flaggedAt: Date }> {
  const now = input.now ?? new Date();
  return prisma.$transaction(async (tx) => {
    const assignment = await openAssignment(tx, input);
    await tx.assignment.update({ where: { id: assignment.id }, data: { flaggedAt: now } });
    await tx.discussionNote.create({
      data: { instanceId: input.instanceId, authorId: input.annotatorId, kind: "flag", body: input.note, createdAt: now },
    });
    await recordAudit(tx, {
      at: now,
      actorId: input.annotatorId,
      action: "instance.flag",
      subjectId: input.instanceId,
      details: { note: input.note },
    });
    return { flaggedAt: now };
  });
}
