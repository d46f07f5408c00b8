import type { Prisma, PrismaClient } from "@/lib/db/generated/client";
import { anchorComment } from "@/lib/annotate/parse-patch";
import { parseReleasedPatch } from "@/lib/patch/released-patch";
import type { InlineAnchor, PerturbationKind } from "./candidate-schema";
import { AppError } from "@/lib/errors";
import { perturbationKey, type PerturbedComment } from "./proposed-candidate";

type Db = PrismaClient | Prisma.TransactionClient;

const parentInclude = {
  targetEntry: true,
  snapshot: { select: { id: true, status: true, patch: true } },
  pullRequest: {
    select: {
      id: true,
      number: true,
      title: true,
      baseSha: true,
      patch: true,
      repository: { select: { fullName: true } },
      timeline: {
        where: { path: { not: null }, diffHunk: { not: null } },
        select: { id: true, githubId: true, path: true, diffHunk: true },
        orderBy: { createdAt: "asc" },
      },
    },
  },
  perturbations: {
    select: { id: true, perturbationKind: true, verification: true, perturbedBody: true, perturbedPath: true, perturbedDiffHunk: true },
  },
} satisfies Prisma.InstanceInclude;

export type PerturbationParent = {
  id: string;
  /** patch: the code the comment was judged against (the parent's snapshot; the final diff when it has none) */
  pullRequest: { id: string; number: number; title: string; repo: string; baseSha: string; patch: string };
  /** shared by every perturbed copy */
  snapshotId: string | null;
  targetEntryId: string;
  /** The confirmed-trustworthy comment as experts labelled it. */
  comment: PerturbedComment & { id: string; kind: string; author: string | null };
  /** The PR's other commented file + hunk pairs: where a location perturbation may move the comment. */
  siblings: InlineAnchor[];
  existing: { id: string; kind: PerturbationKind; verification: string | null; key: string }[];
};

/** Paper §2: hard negatives are made only from comments the experts confirmed trustworthy. */
function isEligibleParent(instance: { source: string; finalLabel: string | null }): boolean {
  return instance.source === "human" && instance.finalLabel === "trustworthy";
}

/** A perturbed instance's comment: its own text/anchor where it has one, the parent's elsewhere. */
export function resultingComment(
  instance: { perturbedBody: string | null; perturbedPath: string | null; perturbedDiffHunk: string | null },
  original: PerturbedComment,
): PerturbedComment {
  return {
    body: instance.perturbedBody ?? original.body,
    path: instance.perturbedPath ?? original.path,
    diffHunk: instance.perturbedDiffHunk ?? original.diffHunk,
  };
}

/** The snapshot's patch, or the PR's final diff when the snapshot is unavailable or not computed. */
function judgedPatch(snapshot: { status: string; patch: string } | null, finalPatch: string): string {
  return snapshot && snapshot.status !== "unavailable" ? snapshot.patch : finalPatch;
}

export async function loadPerturbationParent(prisma: Db, parentId: string): Promise<PerturbationParent> {
  const instance = await prisma.instance.findUnique({ where: { id: parentId }, include: parentInclude });
  if (!instance) throw new AppError("not_found", `No instance ${parentId}.`);
  if (!isEligibleParent(instance)) {
    throw new AppError(
      "not_eligible",
      instance.source === "perturbation"
        ? "A perturbed instance cannot be perturbed again: pick the human-annotated original."
        : "Only instances the experts labelled trustworthy can be perturbed (paper §2); this one is not labelled trustworthy.",
    );
  }
  const t = instance.targetEntry;
  const commentId = t.githubId?.toString() ?? t.id;
  const pr = instance.pullRequest;
  // An imported reply carries no place of its own: it sits on its thread root's file and hunk.
  const root =
    (t.path === null || t.diffHunk === null) && t.inReplyToId !== null
      ? pr.timeline.find((e) => e.githubId !== null && e.githubId === t.inReplyToId)
      : undefined;
  const place = root ? { path: root.path, diffHunk: root.diffHunk } : { path: t.path, diffHunk: t.diffHunk };
  const comment = { id: commentId, kind: t.kind, author: t.authorLogin, body: t.body, ...place };
  const patch = judgedPatch(instance.snapshot, pr.patch);
  const patchFiles = parseReleasedPatch(patch);
  // a location perturbation moves the comment to another comment's hunk that the parent's snapshot shows
  const siblings = instance.pullRequest.timeline
    .flatMap((e) =>
      e.id !== t.id && e.id !== root?.id && e.path !== null && e.diffHunk !== null
        ? [{ id: e.githubId?.toString() ?? e.id, path: e.path, diffHunk: e.diffHunk }]
        : [],
    )
    .filter((s) => anchorComment(patchFiles, s.path, s.diffHunk) !== null);
  return {
    id: instance.id,
    pullRequest: { id: pr.id, number: pr.number, title: pr.title, repo: pr.repository.fullName, baseSha: pr.baseSha, patch },
    snapshotId: instance.snapshot?.id ?? null,
    targetEntryId: t.id,
    comment,
    siblings,
    existing: instance.perturbations.flatMap((p) =>
      p.perturbationKind
        ? [{ id: p.id, kind: p.perturbationKind, verification: p.verification, key: perturbationKey(resultingComment(p, comment)) }]
        : [],
    ),
  };
}
