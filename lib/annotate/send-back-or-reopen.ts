// Taking a decision back (issue #15 item 8). An adjudicator sends a disagreement back to its
// annotators with a note: their labels go to the history (the audit event keeps each one) and both
// label again, so the next outcome is theirs. An admin reopens a decided adjudication with a reason:
// the decision goes to the history and the instance waits for an adjudicator again. Refused, with
// the reason, when perturbations were made from the decided label (they depend on it).
import type { PrismaClient } from "@/lib/db/generated/client";
import { assertRole, type SessionUser } from "@/lib/auth/roles";
import { AppError } from "@/lib/errors";
import { recordAudits } from "@/lib/audit/record-audit";
import { counted, plural } from "@/lib/text/plural";

export interface TakeBackInput {
  instanceId: string;
  actor: SessionUser;
  note: string;
  now?: Date;
}

export async function sendBackToAnnotators(
  prisma: PrismaClient,
  input: TakeBackInput,
): Promise<{ stage: "annotating"; reopened: string[] }> {
  assertRole(input.actor, "adjudicator");
  const now = input.now ?? new Date();
  return prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM "Instance" WHERE "id" = ${input.instanceId} FOR UPDATE`;
    const instance = await tx.instance.findUnique({
      where: { id: input.instanceId },
      select: {
        stage: true,
        assignments: { select: { annotatorId: true } },
        labels: { select: { value: true, rationale: true, updatedAt: true, annotator: { select: { login: true } } } },
      },
    });
    if (!instance) throw new AppError("not_found", "No such instance.");
    if (instance.stage !== "adjudicating")
      throw new AppError("not_adjudicating", `Only an instance waiting for adjudication can be sent back (this one is ${instance.stage}).`);
    if (instance.assignments.some((a) => a.annotatorId === input.actor.id))
      throw new AppError("own_instance", "You annotated this instance; another adjudicator has to decide what happens to it.");
    await tx.label.deleteMany({ where: { instanceId: input.instanceId } });
    await tx.assignment.updateMany({ where: { instanceId: input.instanceId }, data: { completedAt: null, skippedAt: null } });
    await tx.instance.update({ where: { id: input.instanceId }, data: { stage: "annotating", finalLabel: null } });
    await tx.discussionNote.create({
      data: { instanceId: input.instanceId, authorId: input.actor.id, kind: "send_back", body: input.note, createdAt: now },
    });
    const previous = instance.labels.map((l) => ({
      annotator: l.annotator.login,
      value: l.value,
      rationale: l.rationale,
      at: l.updatedAt,
    }));
    const by = { at: now, actorId: input.actor.id, subjectId: input.instanceId };
    await recordAudits(tx, [
      { ...by, action: "instance.send_back", details: { note: input.note, previousLabels: previous } },
      { ...by, action: "instance.stage", details: { from: "adjudicating", to: "annotating" } },
    ]);
    return { stage: "annotating", reopened: previous.map((p) => p.annotator) };
  });
}

export async function reopenAdjudication(prisma: PrismaClient, input: TakeBackInput): Promise<{ stage: "adjudicating" }> {
  assertRole(input.actor, "admin");
  const now = input.now ?? new Date();
  return prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM "Instance" WHERE "id" = ${input.instanceId} FOR UPDATE`;
    const instance = await tx.instance.findUnique({
      where: { id: input.instanceId },
      select: {
        stage: true,
        finalLabel: true,
        adjudication: { select: { value: true, rationale: true, createdAt: true, adjudicator: { select: { login: true } } } },
        _count: { select: { perturbations: true } },
      },
    });
    if (!instance) throw new AppError("not_found", "No such instance.");
    const decision = instance.adjudication;
    if (!decision) throw new AppError("not_adjudicating", "This instance has no adjudication to reopen.");
    if (instance._count.perturbations > 0)
      throw new AppError(
        "conflict",
        `${counted(instance._count.perturbations, "perturbation")} ${plural(instance._count.perturbations, "was", "were")} made from this instance's decided label; reopening would leave them without a confirmed parent.`,
        { perturbations: instance._count.perturbations },
      );
    await tx.adjudication.delete({ where: { instanceId: input.instanceId } });
    await tx.instance.update({ where: { id: input.instanceId }, data: { stage: "adjudicating", finalLabel: null } });
    await tx.discussionNote.create({
      data: { instanceId: input.instanceId, authorId: input.actor.id, kind: "reopen", body: input.note, createdAt: now },
    });
    const by = { at: now, actorId: input.actor.id, subjectId: input.instanceId };
    await recordAudits(tx, [
      {
        ...by,
        action: "instance.reopen",
        details: {
          note: input.note,
          previous: {
            adjudicator: decision.adjudicator.login,
            value: decision.value,
            rationale: decision.rationale,
            at: decision.createdAt,
          },
        },
      },
      { ...by, action: "instance.stage", details: { from: instance.stage, to: "adjudicating" } },
    ]);
    return { stage: "adjudicating" };
  });
}
