// An annotator's queue (their assignments, in PR and timeline order) and the leads' view of all
// human instances; plus the neighbours of one instance for j/k navigation.
import type { VisibleStage } from "./viewer-access";
import type { Prisma, PrismaClient } from "@/lib/db/generated/client";
import { hasRole, type SessionUser } from "@/lib/auth/roles";
import { blindStage } from "./viewer-access";

export interface QueueItem {
  id: string;
  repo: string;
  prNumber: number;
  kind: string;
  path: string | null;
  excerpt: string;
  stage: VisibleStage;
  /** the viewer's own label, if any */
  ownLabel: string | null;
  /** the viewer set it aside with a reason (a lead may reassign it) */
  skipped: boolean;
  /** leads only: labels given / annotators assigned */
  labels: number | null;
  assigned: number | null;
}

const ORDER: Prisma.InstanceOrderByWithRelationInput[] = [
  { pullRequest: { createdAt: "asc" } },
  { targetEntry: { createdAt: "asc" } },
  { id: "asc" },
];
const QUEUE_CAP = 1000;
const ANNOTATION_STAGES = ["annotating", "adjudicating", "labelled", "unsuitable"] as const;

export type QueueScope = "mine" | "all" | "adjudication";

function whereFor(viewer: SessionUser, scope: QueueScope): Prisma.InstanceWhereInput {
  if (scope === "adjudication") return { source: "human", stage: "adjudicating" };
  if (scope === "all" && hasRole(viewer, "admin", "adjudicator")) return { source: "human" };
  // an annotator's queue holds what annotation owns: a comment screening dropped (its open
  // assignments withdrawn) leaves it, even for an annotator whose label stays in its history
  return { assignments: { some: { annotatorId: viewer.id } }, stage: { in: [...ANNOTATION_STAGES] } };
}

export async function loadQueue(prisma: PrismaClient, viewer: SessionUser, scope: QueueScope): Promise<QueueItem[]> {
  const lead = scope !== "mine" && hasRole(viewer, "admin", "adjudicator");
  const rows = await prisma.instance.findMany({
    where: whereFor(viewer, scope),
    select: {
      id: true,
      stage: true,
      perturbedBody: true,
      perturbedPath: true,
      targetEntry: { select: { kind: true, body: true, path: true } },
      pullRequest: { select: { number: true, repository: { select: { fullName: true } } } },
      labels: { select: { annotatorId: true, value: true } },
      assignments: { where: { annotatorId: viewer.id }, select: { id: true, skippedAt: true } },
      _count: { select: { assignments: true } },
    },
    orderBy: ORDER,
    take: QUEUE_CAP,
  });
  return rows.map((r) => ({
    id: r.id,
    repo: r.pullRequest.repository.fullName,
    prNumber: r.pullRequest.number,
    kind: r.targetEntry.kind,
    path: r.perturbedPath ?? r.targetEntry.path,
    excerpt: (r.perturbedBody ?? r.targetEntry.body).replace(/\s+/g, " ").slice(0, 160),
    // a lead who also annotates is blind on their own instances, even in the full list
    stage: blindStage(r.stage, lead && r.assignments.length === 0 ? "lead" : "annotator"),
    ownLabel: r.labels.find((l) => l.annotatorId === viewer.id)?.value ?? null,
    skipped: r.assignments.some((a) => a.skippedAt !== null),
    labels: lead ? r.labels.length : null,
    assigned: lead ? r._count.assignments : null,
  }));
}

export interface QueueNeighbours {
  position: number | null;
  total: number;
  previousId: string | null;
  nextId: string | null;
  /** the next instance (after this one, wrapping) the viewer still has to label */
  nextToDoId: string | null;
}

export function neighboursIn(
  queue: readonly (Pick<QueueItem, "id" | "ownLabel"> & { skipped?: boolean })[],
  instanceId: string,
): QueueNeighbours {
  const index = queue.findIndex((q) => q.id === instanceId);
  const rotated = index < 0 ? queue : [...queue.slice(index + 1), ...queue.slice(0, index)];
  return {
    position: index < 0 ? null : index + 1,
    total: queue.length,
    previousId: index > 0 ? queue[index - 1].id : null,
    nextId: index >= 0 && index < queue.length - 1 ? queue[index + 1].id : null,
    nextToDoId: rotated.find((q) => q.ownLabel === null && !q.skipped && q.id !== instanceId)?.id ?? null,
  };
}
