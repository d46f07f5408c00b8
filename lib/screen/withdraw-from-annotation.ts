// Screening and annotation stay consistent (issue #15 item 5): a comment screening drops while it is
// in annotation leaves the annotators' queues. Its open assignments are withdrawn; labels already
// given stay, with their assignments, as history (and in the audit trail), and the instance goes
// back to screening's side as filtered_out. Once every label is in (adjudicating, labelled,
// unsuitable) the annotation decided it, and screening can no longer drop it: refused with why.
import type { InstanceStage } from "@/lib/db/enums";
import type { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { recordAudits } from "@/lib/audit/record-audit";

/** Stages screening owns: a decision there changes only the stage (updateScreeningStages). */
const SCREENING_STAGES: readonly InstanceStage[] = ["candidate", "screened", "filtered_out"];
/** Stages whose outcome annotation already decided: screening cannot drop these. */
export const DECIDED_STAGES: readonly InstanceStage[] = ["adjudicating", "labelled", "unsuitable"];

export interface AnnotationState {
  stage: InstanceStage;
  /** open assignments: annotators who have not labelled yet */
  open: string[];
  /** annotators whose label is in */
  labelled: string[];
}

async function annotationStateOf(tx: Prisma.TransactionClient, instanceId: string): Promise<AnnotationState> {
  const instance = await tx.instance.findUnique({
    where: { id: instanceId },
    select: {
      stage: true,
      assignments: { select: { annotator: { select: { login: true } } }, orderBy: { annotator: { login: "asc" } } },
      labels: { select: { annotator: { select: { login: true } } } },
    },
  });
  if (!instance) throw new AppError("not_found", "No such comment.");
  const labelled = instance.labels.map((l) => l.annotator.login).sort();
  return {
    stage: instance.stage,
    open: instance.assignments.map((a) => a.annotator.login).filter((login) => !labelled.includes(login)),
    labelled,
  };
}

/** What dropping would do, in words; the refusal when it cannot. */
export function describeWithdrawal(state: AnnotationState): string {
  if (DECIDED_STAGES.includes(state.stage))
    return `This comment's annotation is complete (it is ${state.stage}): screening can no longer drop it. An admin can reopen an adjudication instead.`;
  const labels = state.labelled.length === 0 ? "no label given yet" : `labels kept in its history: ${state.labelled.join(", ")}`;
  return `This comment is in annotation. Dropping it withdraws ${state.open.length} open assignment(s) (${state.open.join(", ") || "none"}); ${labels}.`;
}

/**
 * Inside the caller's transaction (with the instance row locked): takes a comment in annotation
 * out of it. Throws when annotation has decided it, or when the caller did not confirm.
 */
export async function withdrawFromAnnotation(
  tx: Prisma.TransactionClient,
  input: { instanceId: string; actorId: string; confirmed: boolean; reason: string; now?: Date },
): Promise<{ withdrawn: string[]; labelsKept: string[] } | null> {
  await tx.$queryRaw`SELECT 1 FROM "Instance" WHERE "id" = ${input.instanceId} FOR UPDATE`;
  const state = await annotationStateOf(tx, input.instanceId);
  if (SCREENING_STAGES.includes(state.stage)) return null;
  if (DECIDED_STAGES.includes(state.stage)) throw new AppError("conflict", describeWithdrawal(state), { stage: state.stage });
  if (!input.confirmed)
    throw new AppError("confirmation_required", `${describeWithdrawal(state)} Confirm to drop it.`, {
      open: state.open,
      labelled: state.labelled,
    });
  const now = input.now ?? new Date();
  await tx.assignment.deleteMany({ where: { instanceId: input.instanceId, completedAt: null } });
  await tx.instance.update({ where: { id: input.instanceId }, data: { stage: "filtered_out", finalLabel: null, updatedAt: now } });
  const by = { at: now, actorId: input.actorId, subjectId: input.instanceId };
  await recordAudits(tx, [
    { ...by, action: "instance.withdraw", details: { reason: input.reason, withdrawn: state.open, labelsKept: state.labelled } },
    { ...by, action: "instance.stage", details: { from: state.stage, to: "filtered_out" } },
  ]);
  return { withdrawn: state.open, labelsKept: state.labelled };
}

/** A dropped PR takes its comments with it: each one in annotation is withdrawn the same way. */
export async function withdrawPullRequestFromAnnotation(
  tx: Prisma.TransactionClient,
  input: { pullRequestId: string; actorId: string; confirmed: boolean; reason: string; now?: Date },
): Promise<{ withdrawn: string[]; labelsKept: string[] } | null> {
  const inAnnotation = await tx.instance.findMany({
    where: { pullRequestId: input.pullRequestId, source: "human", stage: { notIn: [...SCREENING_STAGES] } },
    select: { id: true, stage: true },
    orderBy: { id: "asc" },
  });
  if (inAnnotation.length === 0) return null;
  const decided = inAnnotation.filter((i) => DECIDED_STAGES.includes(i.stage)).length;
  if (decided > 0)
    throw new AppError(
      "conflict",
      `${decided} comment(s) of this pull request have completed annotation: screening can no longer drop the pull request.`,
      { decided },
    );
  if (!input.confirmed)
    throw new AppError(
      "confirmation_required",
      `${inAnnotation.length} comment(s) of this pull request are in annotation. Dropping it withdraws their open assignments; labels already given stay in their history. Confirm to drop.`,
      { inAnnotation: inAnnotation.length },
    );
  const withdrawn: string[] = [];
  const labelsKept: string[] = [];
  for (const { id } of inAnnotation) {
    const one = await withdrawFromAnnotation(tx, { ...input, instanceId: id });
    withdrawn.push(...(one?.withdrawn ?? []));
    labelsKept.push(...(one?.labelsKept ?? []));
  }
  return { withdrawn, labelsKept };
}
