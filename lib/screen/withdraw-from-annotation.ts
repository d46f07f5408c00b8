// Screening and annotation stay consistent (issue #15 item 5): a comment screening drops while it is
// in annotation leaves the annotators' queues. Its open assignments are withdrawn; labels already
// given stay, with their assignments, as history (and in the audit trail), and the instance goes
// back to screening's side as filtered_out. Once every label is in (adjudicating, labelled,
// unsuitable) the annotation decided it, and screening can no longer drop it: refused with why.
import type { InstanceStage } from "@/lib/db/enums";
import type { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { recordAudits } from "@/lib/audit/record-audit";
import { CONFIRM_WITHDRAW_CONTROL } from "./withdraw-confirmation";
import { counted, plural } from "@/lib/text/plural";

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
  return `This comment is in annotation. Dropping it withdraws ${counted(state.open.length, "open assignment")} (${state.open.join(", ") || "none"}); ${labels}.`;
}

const CONFIRM_TO_DROP = `Confirm to drop it: tick “${CONFIRM_WITHDRAW_CONTROL}” and drop again.`;

/** A pull request's comments as annotation holds them: those in annotation, and those it already decided. */
export interface PullRequestAnnotationState {
  inAnnotation: number;
  decided: number;
  /** annotators with an open assignment on one of its comments */
  open: string[];
  /** annotators whose label on one of its comments is in */
  labelled: string[];
}

/** What dropping a pull request would do to its comments in annotation, in words; the refusal when it cannot. */
export function describePullRequestWithdrawal(state: PullRequestAnnotationState): string {
  if (state.decided > 0)
    return `${counted(state.decided, "comment")} of this pull request ${plural(state.decided, "has", "have")} completed annotation: screening can no longer drop the pull request.`;
  const labels = state.labelled.length === 0 ? "no label given yet" : `labels kept in their history: ${state.labelled.join(", ")}`;
  return (
    `${counted(state.inAnnotation, "comment")} of this pull request ${plural(state.inAnnotation, "is", "are")} in annotation. Dropping it withdraws their open assignments ` +
    `(${state.open.join(", ") || "none"}); ${labels}.`
  );
}

/** The pull request's comments past screening (stage beyond candidate/screened/filtered_out), for the state above. */
export const pullRequestInAnnotationWhere = { source: "human" as const, stage: { notIn: [...SCREENING_STAGES] } };

export function pullRequestAnnotationState(
  comments: { stage: InstanceStage; assignments: { annotator: { login: string } }[]; labels: { annotator: { login: string } }[] }[],
): PullRequestAnnotationState | null {
  if (comments.length === 0) return null;
  const labelled = new Set(comments.flatMap((c) => c.labels.map((l) => l.annotator.login)));
  const open = new Set(
    comments.flatMap((c) => {
      const done = new Set(c.labels.map((l) => l.annotator.login));
      return c.assignments.map((a) => a.annotator.login).filter((login) => !done.has(login));
    }),
  );
  return {
    inAnnotation: comments.length,
    decided: comments.filter((c) => DECIDED_STAGES.includes(c.stage)).length,
    open: [...open].sort(),
    labelled: [...labelled].sort(),
  };
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
    throw new AppError("confirmation_required", `${describeWithdrawal(state)} ${CONFIRM_TO_DROP}`, {
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
    where: { pullRequestId: input.pullRequestId, ...pullRequestInAnnotationWhere },
    select: {
      id: true,
      stage: true,
      assignments: { select: { annotator: { select: { login: true } } } },
      labels: { select: { annotator: { select: { login: true } } } },
    },
    orderBy: { id: "asc" },
  });
  const state = pullRequestAnnotationState(inAnnotation);
  if (!state) return null;
  if (state.decided > 0) throw new AppError("conflict", describePullRequestWithdrawal(state), { decided: state.decided });
  if (!input.confirmed)
    throw new AppError("confirmation_required", `${describePullRequestWithdrawal(state)} ${CONFIRM_TO_DROP}`, {
      inAnnotation: state.inAnnotation,
      open: state.open,
      labelled: state.labelled,
    });
  const withdrawn: string[] = [];
  const labelsKept: string[] = [];
  for (const { id } of inAnnotation) {
    const one = await withdrawFromAnnotation(tx, { ...input, instanceId: id });
    withdrawn.push(...(one?.withdrawn ?? []));
    labelsKept.push(...(one?.labelsKept ?? []));
  }
  return { withdrawn, labelsKept };
}
