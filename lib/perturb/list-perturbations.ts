import type { Prisma, PrismaClient } from "@/lib/db/generated/client";
import type { VerificationStatus } from "@/lib/db/generated/enums";
import type { PerturbationKind } from "./candidate-schema";
import { resultingComment } from "./load-perturbation-parent";
import { anchorLabel, type PerturbedComment } from "./proposed-candidate";
import { loadRequiredVerifiers } from "./required-verifiers";
import { wordDiff, type WordDiffSegment } from "./word-diff";
import { votesVisible } from "./blind-verification";

export type PerturbationRow = {
  id: string;
  parentId: string | null;
  kind: PerturbationKind;
  verification: VerificationStatus;
  repo: string;
  pullNumber: number;
  original: PerturbedComment;
  perturbed: PerturbedComment;
  /** Body word diff (negation, symbol) or "path @@ header" diff (location). */
  diff: WordDiffSegment[];
  /** null while the votes are hidden from the viewer (blind verification) */
  accepted: number | null;
  required: number;
  /** empty while the votes are hidden from the viewer */
  verifiers: { login: string; decision: VerificationStatus }[];
  /** the viewer has not voted on this pending text: other votes are hidden until they do */
  votesHidden: boolean;
  /** the viewer created it, so someone else verifies it */
  viewerIsCreator: boolean;
  /** The viewer's own decision on the current text, if any. */
  viewerDecision: VerificationStatus | null;
  createdBy: string | null;
  createdAt: Date;
};

export const perturbationRowInclude = {
  targetEntry: { select: { body: true, path: true, diffHunk: true } },
  pullRequest: { select: { number: true, repository: { select: { fullName: true } } } },
  verifications: { select: { verifierId: true, decision: true, verifier: { select: { login: true } } }, orderBy: { createdAt: "asc" } },
} satisfies Prisma.InstanceInclude;

type RowSource = Prisma.InstanceGetPayload<{ include: typeof perturbationRowInclude }>;

function diffFor(kind: PerturbationKind, original: PerturbedComment, perturbed: PerturbedComment): WordDiffSegment[] {
  return kind === "location" ? wordDiff(anchorLabel(original), anchorLabel(perturbed)) : wordDiff(original.body, perturbed.body);
}

/** Who created each perturbation, from the audit log (the instance row has no creator column). */
export async function creatorsOf(prisma: PrismaClient, ids: string[]): Promise<Map<string, { login: string; id: string | null }>> {
  if (ids.length === 0) return new Map();
  const events = await prisma.auditEvent.findMany({
    where: { action: "perturb.create", subjectType: "instance", subjectId: { in: ids } },
    select: { subjectId: true, actorId: true, actor: { select: { login: true } } },
  });
  return new Map(events.flatMap((e) => (e.actor ? [[e.subjectId, { login: e.actor.login, id: e.actorId }] as const] : [])));
}

export function toRow(
  i: RowSource,
  viewerId: string,
  required: number,
  creator: { login: string; id: string | null } | null,
): PerturbationRow {
  const kind = i.perturbationKind ?? "negation";
  const verification = i.verification ?? "pending";
  const viewerDecision = i.verifications.find((v) => v.verifierId === viewerId)?.decision ?? null;
  const viewerIsCreator = creator?.id === viewerId;
  const hidden = !votesVisible({ verification, viewerDecision, viewerIsCreator });
  const original = { body: i.targetEntry.body, path: i.targetEntry.path, diffHunk: i.targetEntry.diffHunk };
  const perturbed = resultingComment(i, original);
  return {
    id: i.id,
    parentId: i.parentId,
    kind,
    verification,
    repo: i.pullRequest.repository.fullName,
    pullNumber: i.pullRequest.number,
    original,
    perturbed,
    diff: diffFor(kind, original, perturbed),
    accepted: hidden ? null : i.verifications.filter((v) => v.decision === "accepted").length,
    required,
    verifiers: hidden ? [] : i.verifications.map((v) => ({ login: v.verifier.login, decision: v.decision })),
    votesHidden: hidden,
    viewerIsCreator,
    viewerDecision,
    createdBy: creator?.login ?? null,
    createdAt: i.createdAt,
  };
}

/** The verification queue: perturbed instances, pending first, newest first within a status. */
export async function listPerturbations(
  prisma: PrismaClient,
  options: { viewerId: string; status?: VerificationStatus; kind?: PerturbationKind; parentId?: string; take?: number },
): Promise<PerturbationRow[]> {
  const rows = await prisma.instance.findMany({
    where: {
      source: "perturbation",
      ...(options.status ? { verification: options.status } : {}),
      ...(options.kind ? { perturbationKind: options.kind } : {}),
      ...(options.parentId ? { parentId: options.parentId } : {}),
    },
    include: perturbationRowInclude,
    orderBy: [{ verification: "asc" }, { createdAt: "desc" }],
    take: options.take ?? 500,
  });
  const [required, creators] = await Promise.all([
    loadRequiredVerifiers(prisma),
    creatorsOf(
      prisma,
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((r) => toRow(r, options.viewerId, required, creators.get(r.id) ?? null));
}

/** The perturbations already made from one confirmed-trustworthy comment, oldest first. */
export async function listPerturbationsOf(prisma: PrismaClient, parentId: string) {
  return prisma.instance.findMany({
    where: { parentId },
    select: { id: true, perturbationKind: true, verification: true, perturbedBody: true, perturbedPath: true },
    orderBy: { createdAt: "asc" },
  });
}
