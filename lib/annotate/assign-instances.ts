// Puts instances through every screen in use (lib/screen/screen-gate) into annotators' queues: `overlap` distinct annotators
// each (planAssignments), the instance moving from screened to annotating. Instances already in
// annotation are topped up when the overlap was raised. At the paper's scale (40,000+ instances)
// the plan is written in batches, each its own short transaction (one instance's assignments, its
// stage and its audit event always commit together), so a run never outlives a transaction's
// timeout, and a run stopped half-way resumes: the next plan skips what is already assigned.
import { mustGet } from "@/lib/must";
import type { PrismaClient } from "@/lib/db/generated/client";
import type { InstanceStage } from "@/lib/db/generated/enums";
import { AppError } from "@/lib/errors";
import { assignableWhere, type ScreenGate } from "@/lib/screen/screen-gate";
import { readOverlap } from "./annotation-settings";
import { planAssignments } from "./plan-assignments";
import { recordAudits } from "@/lib/audit/record-audit";

export interface AssignOptions {
  overlap?: number;
  /** the screens annotation waits for (loadScreenGate); required, so no caller forgets the LLM configuration */
  gate: ScreenGate;
  /**
   * Also take instances not through every screen in use: candidates (rules not run) and screened
   * ones a content screen has not kept yet. For teams that skip screening and for the demo before
   * the screening stage moves its instances on; off by default.
   */
  includeCandidates?: boolean;
  /** restrict to these annotators (default: every user with the annotator role) */
  annotatorIds?: string[];
  /** restrict to this batch of instances (default: every ready one); see selectAssignmentBatch */
  instanceIds?: string[];
  actorId?: string | null;
  now?: Date;
  /** instances written per transaction */
  batchSize?: number;
  /** after each batch: instances written of those planned */
  onProgress?: (p: { done: number; total: number }) => Promise<void>;
}

export interface AssignResult {
  overlap: number;
  instances: number;
  assignments: number;
  shortfall: number;
}

export async function assignInstances(prisma: PrismaClient, options: AssignOptions): Promise<AssignResult> {
  const overlap = options.overlap ?? (await readOverlap(prisma));
  const stages: InstanceStage[] = ["screened", "annotating", ...(options.includeCandidates ? (["candidate"] as const) : [])];
  // Role filtering in JS: the PGlite adapter rejects `has` on an enum array (a team has few users anyway).
  const annotators = (
    await prisma.user.findMany({
      where: options.annotatorIds ? { id: { in: options.annotatorIds } } : {},
      select: { id: true, login: true, roles: true, _count: { select: { assignments: { where: { completedAt: null } } } } },
      orderBy: { login: "asc" },
    })
  ).filter((u) => u.roles.includes("annotator"));
  if (annotators.length === 0) throw new AppError("no_annotators", "No user has the annotator role: add annotators before assigning.");
  const instances = await prisma.instance.findMany({
    where: {
      ...assignableWhere(options.gate, options.includeCandidates ?? false),
      ...(options.instanceIds ? { id: { in: options.instanceIds } } : {}),
    },
    select: { id: true, stage: true, assignments: { select: { annotatorId: true } } },
    // oldest PRs first, comments in timeline order: queues read like the PR did
    orderBy: [{ pullRequest: { createdAt: "asc" } }, { targetEntry: { createdAt: "asc" } }, { id: "asc" }],
  });
  const plan = planAssignments(
    instances.map((i) => ({ id: i.id, assignedTo: i.assignments.map((a) => a.annotatorId) })),
    annotators.map((a) => ({ id: a.id, load: a._count.assignments })),
    overlap,
  );
  if (plan.assignments.length === 0) return { overlap, instances: 0, assignments: 0, shortfall: plan.shortfall.length };
  const now = options.now ?? new Date();
  const loginOf = new Map(annotators.map((a) => [a.id, a.login]));
  const added = new Map<string, string[]>();
  for (const a of plan.assignments)
    added.set(a.instanceId, [...(added.get(a.instanceId) ?? []), mustGet(loginOf, a.annotatorId, "annotator login")]);
  const planned = [...added.keys()];
  const batchSize = options.batchSize ?? 2_000;
  const stageOf = new Map(instances.map((i) => [i.id, i.stage]));
  for (let from = 0; from < planned.length; from += batchSize) {
    const batch = planned.slice(from, from + batchSize);
    const inBatch = new Set(batch);
    await prisma.$transaction([
      prisma.assignment.createMany({
        data: plan.assignments.filter((a) => inBatch.has(a.instanceId)).map((a) => ({ ...a, assignedAt: now })),
        skipDuplicates: true,
      }),
      prisma.instance.updateMany({
        where: { id: { in: batch.filter((id) => stageOf.get(id) !== "annotating") }, stage: { in: stages } },
        data: { stage: "annotating" },
      }),
      recordAudits(
        prisma,
        batch.map((instanceId) => ({
          at: now,
          actorId: options.actorId ?? null,
          action: "instance.assign",
          subjectId: instanceId,
          details: { overlap, annotators: mustGet(added, instanceId, "planned annotators") },
        })),
      ),
    ]);
    await options.onProgress?.({ done: Math.min(planned.length, from + batchSize), total: planned.length });
  }
  // fresh planner statistics for the queues that read these rows next (PGlite has no autovacuum; on
  // PostgreSQL it comes too late): an annotator's 14,000-row queue went from 340 to 280 ms p95
  await prisma.$executeRawUnsafe(`ANALYZE "Assignment", "Instance"`);
  return { overlap, instances: added.size, assignments: plan.assignments.length, shortfall: plan.shortfall.length };
}
