// What one viewer may see of one instance. Blinding lives here, not in the page: an annotator
// assigned to the instance gets only their own label, never another's (labels leak the answer,
// paper §2), and neither the source nor the perturbation kind. Leads see everything.
import type { PrismaClient } from "@/lib/db/generated/client";
import { hasRole, type SessionUser } from "@/lib/auth/roles";
import { AnnotateError } from "./annotate-error";
import { blindStage, perspectiveFor } from "./viewer-access";

/** Throws AnnotateError (instance_not_found, not_assigned). */
export async function loadInstanceView(prisma: PrismaClient, instanceId: string, viewer: SessionUser) {
  const instance = await prisma.instance.findUnique({
    where: { id: instanceId },
    include: {
      targetEntry: true,
      pullRequest: { include: { repository: true, linkedIssues: { orderBy: { number: "asc" } } } },
      labels: { include: { annotator: { select: { login: true, name: true } } }, orderBy: { createdAt: "asc" } },
      adjudication: { include: { adjudicator: { select: { login: true } } } },
      assignments: { select: { annotatorId: true, completedAt: true, annotator: { select: { login: true } } }, orderBy: { assignedAt: "asc" } },
    },
  });
  if (!instance) throw new AnnotateError("instance_not_found", "No such instance.");
  const perspective = perspectiveFor(viewer, instance.assignments.map((a) => a.annotatorId));
  if (!perspective) throw new AnnotateError("not_assigned", "This instance is not assigned to you.");
  const seesAll = perspective === "lead";
  const ownLabel = instance.labels.find((l) => l.annotatorId === viewer.id) ?? null;
  const { targetEntry: t, pullRequest: pr } = instance;
  return {
    id: instance.id,
    perspective,
    stage: blindStage(instance.stage, perspective),
    source: seesAll ? instance.source : null,
    perturbationKind: seesAll ? instance.perturbationKind : null,
    // A perturbation changes only the comment: its text, or its location (path + hunk).
    comment: {
      kind: t.kind,
      author: seesAll || ownLabel ? t.authorLogin : null,
      createdAt: t.createdAt,
      body: instance.perturbedBody ?? t.body,
      path: instance.perturbedPath ?? t.path,
      diffHunk: instance.perturbedDiffHunk ?? t.diffHunk,
    },
    pullRequest: {
      repo: pr.repository.fullName,
      language: pr.repository.language,
      number: pr.number,
      title: pr.title,
      body: pr.body,
      author: pr.authorLogin,
      baseSha: pr.baseSha,
      headSha: pr.headSha,
      patch: pr.patch,
      filesEdited: pr.filesEdited,
      linesEdited: pr.linesEdited,
      linkedIssues: pr.linkedIssues.map(({ number, title, body }) => ({ number, title, body })),
    },
    ownLabel: ownLabel && { value: ownLabel.value, rationale: ownLabel.rationale, updatedAt: ownLabel.updatedAt },
    otherLabels: seesAll
      ? instance.labels.filter((l) => l.annotatorId !== viewer.id).map((l) => ({ annotator: l.annotator.login, value: l.value, rationale: l.rationale, updatedAt: l.updatedAt }))
      : [],
    assignees: seesAll ? instance.assignments.map((a) => ({ login: a.annotator.login, done: a.completedAt !== null })) : [],
    adjudication: seesAll && instance.adjudication
      ? { value: instance.adjudication.value, rationale: instance.adjudication.rationale, by: instance.adjudication.adjudicator.login, at: instance.adjudication.createdAt }
      : null,
    finalLabel: seesAll ? instance.finalLabel : null,
    /** the rest of the timeline can leak the answer: leads, or annotators once they have labelled */
    timelineUnlocked: seesAll || ownLabel !== null,
    canAdjudicate: seesAll && hasRole(viewer, "adjudicator") && instance.stage === "adjudicating" && !instance.adjudication,
  };
}

export type InstanceView = Awaited<ReturnType<typeof loadInstanceView>>;
