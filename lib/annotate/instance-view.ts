// What one viewer may see of one instance. Blinding lives here, not in the page: an annotator
// assigned to the instance gets only their own label, never another's (labels leak the answer,
// paper §2), and neither the source nor the perturbation kind. Leads see everything.
import type { PrismaClient } from "@/lib/db/generated/client";
import { hasRole, type SessionUser } from "@/lib/auth/roles";
import type { CommentPosition } from "@/lib/patch/anchor-comment";
import { AppError } from "@/lib/errors";
import { judgedPatchOf, type SnapshotFacts } from "@/lib/snapshot/judged-patch";
import { blindStage, perspectiveFor } from "./viewer-access";

const SNAPSHOT_FIELDS = { status: true, reason: true, commitSha: true, patch: true } as const;
const POSITION_FIELDS = { path: true, diffHunk: true, line: true, originalLine: true, commitId: true, originalCommitId: true } as const;

/** Where GitHub put the comment: a reply's thread root's position; a relocated perturbation has only its path and hunk. */
async function commentPosition(
  prisma: PrismaClient,
  t: { kind: string; pullRequestId: string; inReplyToId: bigint | null } & CommentPosition,
  perturbed: { path: string | null; diffHunk: string | null },
): Promise<CommentPosition> {
  if (perturbed.path !== null || perturbed.diffHunk !== null)
    return { path: perturbed.path ?? t.path, diffHunk: perturbed.diffHunk ?? t.diffHunk };
  const own = {
    path: t.path,
    diffHunk: t.diffHunk,
    line: t.line,
    originalLine: t.originalLine,
    commitId: t.commitId,
    originalCommitId: t.originalCommitId,
  };
  if (t.kind !== "inline_reply" || t.inReplyToId === null) return own;
  const root = await prisma.timelineEntry.findFirst({
    where: { pullRequestId: t.pullRequestId, kind: "inline", githubId: t.inReplyToId },
    select: POSITION_FIELDS,
  });
  return root ?? own;
}

/** Throws AppError (not_found, not_assigned). */
export async function loadInstanceView(prisma: PrismaClient, instanceId: string, viewer: SessionUser) {
  const instance = await prisma.instance.findUnique({
    where: { id: instanceId },
    include: {
      targetEntry: true,
      snapshot: { select: SNAPSHOT_FIELDS },
      parent: { select: { snapshot: { select: SNAPSHOT_FIELDS } } },
      pullRequest: { include: { repository: true, linkedIssues: { orderBy: { number: "asc" } } } },
      labels: { include: { annotator: { select: { login: true, name: true } } }, orderBy: { createdAt: "asc" } },
      adjudication: { include: { adjudicator: { select: { login: true } } } },
      assignments: {
        select: { annotatorId: true, completedAt: true, annotator: { select: { login: true } } },
        orderBy: { assignedAt: "asc" },
      },
    },
  });
  if (!instance) throw new AppError("not_found", "No such instance.");
  const perspective = perspectiveFor(
    viewer,
    instance.assignments.map((a) => a.annotatorId),
  );
  if (!perspective) throw new AppError("not_assigned", "This instance is not assigned to you.");
  const seesAll = perspective === "lead";
  const ownLabel = instance.labels.find((l) => l.annotatorId === viewer.id) ?? null;
  const { targetEntry: t, pullRequest: pr } = instance;
  const snapshot: SnapshotFacts | null = instance.snapshot ?? instance.parent?.snapshot ?? null;
  const judged = judgedPatchOf(snapshot, pr.patch, pr.headSha);
  const position = await commentPosition(prisma, t, { path: instance.perturbedPath, diffHunk: instance.perturbedDiffHunk });
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
      /** GitHub's position data for anchoring (lib/patch/anchor-comment.ts) */
      position,
    },
    /** the code the comment is judged against (issue #12), and the PR's final diff to compare */
    judged: {
      patch: judged.patch,
      commit: judged.commit,
      source: judged.source,
      notice: judged.notice,
      differsFromFinal: judged.differsFromFinal,
      snapshotStatus: snapshot?.status ?? null,
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
      ? instance.labels
          .filter((l) => l.annotatorId !== viewer.id)
          .map((l) => ({ annotator: l.annotator.login, value: l.value, rationale: l.rationale, updatedAt: l.updatedAt }))
      : [],
    assignees: seesAll ? instance.assignments.map((a) => ({ login: a.annotator.login, done: a.completedAt !== null })) : [],
    adjudication:
      seesAll && instance.adjudication
        ? {
            value: instance.adjudication.value,
            rationale: instance.adjudication.rationale,
            by: instance.adjudication.adjudicator.login,
            at: instance.adjudication.createdAt,
          }
        : null,
    finalLabel: seesAll ? instance.finalLabel : null,
    /** the rest of the timeline can leak the answer: leads, or annotators once they have labelled */
    timelineUnlocked: seesAll || ownLabel !== null,
    canAdjudicate: seesAll && hasRole(viewer, "adjudicator") && instance.stage === "adjudicating" && !instance.adjudication,
  };
}

export type InstanceView = Awaited<ReturnType<typeof loadInstanceView>>;
