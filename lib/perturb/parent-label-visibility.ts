// Who may know a parent comment's final label. A perturbation is made only from a comment the experts
// confirmed trustworthy (paper §2), so a page that shows a parent's text beside "confirmed trustworthy"
// tells its reader how the annotation ended. Its own annotators stay blind to that whatever other roles
// they hold (lib/annotate/viewer-access.ts); leads who did not annotate it may know.
import { perspectiveFor } from "@/lib/annotate/viewer-access";
import type { SessionUser } from "@/lib/auth/roles";
import type { PrismaClient } from "@/lib/db/generated/client";

export function mayKnowParentLabel(viewer: Pick<SessionUser, "id" | "roles">, parentAnnotatorIds: readonly string[]): boolean {
  return perspectiveFor(viewer, parentAnnotatorIds) === "lead";
}

/** Of these parents, the ones whose final label the viewer may know. */
export async function parentsWithKnownLabel(
  prisma: PrismaClient,
  viewer: Pick<SessionUser, "id" | "roles">,
  parentIds: readonly string[],
): Promise<Set<string>> {
  const ids = [...new Set(parentIds)];
  if (ids.length === 0) return new Set();
  const assigned = await prisma.assignment.findMany({
    where: { instanceId: { in: ids } },
    select: { instanceId: true, annotatorId: true },
  });
  const annotatorsOf = new Map<string, string[]>();
  for (const a of assigned) annotatorsOf.set(a.instanceId, [...(annotatorsOf.get(a.instanceId) ?? []), a.annotatorId]);
  return new Set(ids.filter((id) => mayKnowParentLabel(viewer, annotatorsOf.get(id) ?? [])));
}
