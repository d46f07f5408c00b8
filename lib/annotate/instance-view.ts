// What one viewer may see of one instance. Blinding lives here, not in the page: an annotator
// gets only their own label, never another's (labels leak the answer, paper §2).
import type { PrismaClient } from "@/lib/db/generated/client";
import { hasRole, type SessionUser } from "@/lib/auth/roles";

export async function loadInstanceView(prisma: PrismaClient, instanceId: string, viewer: SessionUser) {
  const instance = await prisma.instance.findUnique({
    where: { id: instanceId },
    include: {
      targetEntry: true,
      pullRequest: { include: { repository: true, linkedIssues: { orderBy: { number: "asc" } } } },
      labels: { include: { annotator: { select: { login: true, name: true } } }, orderBy: { createdAt: "asc" } },
      adjudication: { include: { adjudicator: { select: { login: true } } } },
      assignments: { select: { annotatorId: true } },
    },
  });
  if (!instance) return null;
  const seesAll = hasRole(viewer, "admin", "adjudicator");
  const ownLabel = instance.labels.find((l) => l.annotatorId === viewer.id) ?? null;
  const { targetEntry: t, pullRequest: pr } = instance;
  return {
    id: instance.id,
    stage: instance.stage,
    source: seesAll ? instance.source : null,
    perturbationKind: seesAll ? instance.perturbationKind : null,
    // A perturbation changes only the comment: its text, or its location (path + hunk).
    comment: {
      kind: t.kind,
      author: t.authorLogin,
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
      ? instance.labels.filter((l) => l.annotatorId !== viewer.id).map((l) => ({ annotator: l.annotator.login, value: l.value, rationale: l.rationale }))
      : [],
    adjudication: seesAll && instance.adjudication
      ? { value: instance.adjudication.value, rationale: instance.adjudication.rationale, by: instance.adjudication.adjudicator.login }
      : null,
    finalLabel: seesAll ? instance.finalLabel : null,
  };
}

export type InstanceView = NonNullable<Awaited<ReturnType<typeof loadInstanceView>>>;
