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

/**
 * One annotator's note on their open assignment, in one transaction: the assignment is marked, the note
 * joins the thread and the audit log records it. `check` refuses what this way out does not allow.
 */
async function noteOnAssignment(
  prisma: PrismaClient,
  input: AnnotatorNoteInput,
  way: {
    mark: "skippedAt" | "flaggedAt";
    kind: "skip" | "flag";
    audit: { action: "assignment.skip"; details: { reason: string } } | { action: "instance.flag"; details: { note: string } };
    check?: (assignment: { completedAt: Date | null }) => void;
  },
): Promise<Date> {
  const now = input.now ?? new Date();
  return prisma.$transaction(async (tx) => {
    const assignment = await openAssignment(tx, input);
    way.check?.(assignment);
    await tx.assignment.update({ where: { id: assignment.id }, data: { [way.mark]: now } });
    await tx.discussionNote.create({
      data: { instanceId: input.instanceId, authorId: input.annotatorId, kind: way.kind, body: input.note, createdAt: now },
    });
    await recordAudit(tx, { at: now, actorId: input.annotatorId, subjectId: input.instanceId, ...way.audit });
    return now;
  });
}

export async function skipAssignment(prisma: PrismaClient, input: AnnotatorNoteInput): Promise<{ skippedAt: Date }> {
  const skippedAt = await noteOnAssignment(prisma, input, {
    mark: "skippedAt",
    kind: "skip",
    audit: { action: "assignment.skip", details: { reason: input.note } },
    check: (assignment) => {
      if (assignment.completedAt)
        throw new AppError("conflict", "You have labelled this instance; change your label instead of skipping it.");
    },
  });
  return { skippedAt };
}

export async function flagForDiscussion(prisma: PrismaClient, input: AnnotatorNoteInput): Promise<{ flaggedAt: Date }> {
  const flaggedAt = await noteOnAssignment(prisma, input, {
    mark: "flaggedAt",
    kind: "flag",
    audit: { action: "instance.flag", details: { note: input.note } },
  });
  return { flaggedAt };
}
