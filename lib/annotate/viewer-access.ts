// Who sees what of an instance. An annotator assigned to it is blind (own label only, timeline
// after labelling) whatever other roles they hold: an adjudicator who also annotates must not see
// a colleague's label before giving theirs. Leads (admin, adjudicator) not assigned see everything.
import type { InstanceStage } from "@/lib/db/enums";
import type { PrismaClient } from "@/lib/db/generated/client";
import { hasRole, type SessionUser } from "@/lib/auth/roles";
import { AppError } from "@/lib/errors";

export type Perspective = "annotator" | "lead";

export function perspectiveFor(viewer: Pick<SessionUser, "id" | "roles">, assignedAnnotatorIds: readonly string[]): Perspective | null {
  if (assignedAnnotatorIds.includes(viewer.id)) return "annotator";
  if (hasRole(viewer, "admin", "adjudicator")) return "lead";
  return null;
}

export interface InstanceAccess {
  perspective: Perspective;
  stage: InstanceStage;
  hasOwnLabel: boolean;
}

/** Throws instance_not_found / not_assigned; the one check behind every instance page and route. */
export async function requireInstanceAccess(prisma: PrismaClient, instanceId: string, viewer: SessionUser): Promise<InstanceAccess> {
  const instance = await prisma.instance.findUnique({
    where: { id: instanceId },
    select: {
      stage: true,
      assignments: { select: { annotatorId: true } },
      labels: { where: { annotatorId: viewer.id }, select: { id: true } },
    },
  });
  if (!instance) throw new AppError("not_found", "No such instance.");
  const perspective = perspectiveFor(
    viewer,
    instance.assignments.map((a) => a.annotatorId),
  );
  if (!perspective) throw new AppError("not_assigned", "This instance is not assigned to you.");
  return { perspective, stage: instance.stage, hasOwnLabel: instance.labels.length > 0 };
}

/** An instance's stage as a viewer may see it: annotators see the end of annotation as "closed". */
export type VisibleStage = InstanceStage | "closed";

/**
 * The stage as an annotator may know it. Whether an instance went to adjudication or straight to
 * a final label tells them what their colleague answered, so both read "closed".
 */
export function blindStage(stage: InstanceStage, perspective: Perspective): VisibleStage {
  if (perspective === "lead") return stage;
  return stage === "adjudicating" || stage === "labelled" || stage === "unsuitable" ? "closed" : stage;
}
