// The adjudicator's decision on an instance whose annotators disagreed: final and recorded with
// its rationale (paper §2: a third, more experienced expert decides). An adjudicator who annotated
// the instance cannot decide it.
import type { InstanceStage } from "@/lib/db/enums";
import type { PrismaClient } from "@/lib/db/generated/client";
import { assertRole, type SessionUser } from "@/lib/auth/roles";
import { AppError } from "@/lib/errors";
import type { LabelValue } from "./label-schemas";
import { stageAfterAdjudication } from "./next-stage";
import { recordAudits } from "@/lib/audit/record-audit";

export interface AdjudicateInput {
  instanceId: string;
  adjudicator: SessionUser;
  value: LabelValue;
  rationale: string;
  now?: Date;
}

export interface AdjudicateResult {
  value: LabelValue;
  rationale: string;
  stage: InstanceStage;
  finalLabel: LabelValue;
  changed: boolean;
}

export async function adjudicateInstance(prisma: PrismaClient, input: AdjudicateInput): Promise<AdjudicateResult> {
  assertRole(input.adjudicator, "adjudicator");
  const now = input.now ?? new Date();
  const rationale = input.rationale.trim();
  return prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "Instance" WHERE id = ${input.instanceId} FOR UPDATE`;
    const instance = await tx.instance.findUnique({
      where: { id: input.instanceId },
      select: {
        stage: true,
        assignments: { select: { annotatorId: true } },
        labels: { select: { value: true, annotator: { select: { login: true } } } },
        adjudication: true,
      },
    });
    if (!instance) throw new AppError("not_found", "No such instance.");
    const done = instance.adjudication;
    if (done) {
      if (done.adjudicatorId === input.adjudicator.id && done.value === input.value && done.rationale === rationale)
        return { value: done.value, rationale: done.rationale, stage: instance.stage, finalLabel: done.value, changed: false };
      throw new AppError("already_adjudicated", "This instance was already adjudicated; the decision is final.");
    }
    if (instance.stage !== "adjudicating")
      throw new AppError("not_adjudicating", `Only instances whose annotators disagreed are adjudicated (this one is ${instance.stage}).`);
    if (instance.assignments.some((a) => a.annotatorId === input.adjudicator.id))
      throw new AppError("own_instance", "You annotated this instance; another adjudicator has to decide it.");

    const outcome = stageAfterAdjudication(input.value);
    await tx.adjudication.create({
      data: { instanceId: input.instanceId, adjudicatorId: input.adjudicator.id, value: input.value, rationale, createdAt: now },
    });
    await tx.instance.update({ where: { id: input.instanceId }, data: { stage: outcome.stage, finalLabel: outcome.finalLabel } });
    const by = { at: now, actorId: input.adjudicator.id, subjectId: input.instanceId };
    await recordAudits(tx, [
      {
        ...by,
        action: "instance.adjudicate",
        details: { value: input.value, labels: instance.labels.map((l) => ({ annotator: l.annotator.login, value: l.value })) },
      },
      { ...by, action: "instance.stage", details: { from: "adjudicating", to: outcome.stage, finalLabel: outcome.finalLabel } },
    ]);
    return { value: input.value, rationale, stage: outcome.stage, finalLabel: outcome.finalLabel, changed: true };
  });
}
