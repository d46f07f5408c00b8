// Points each instance at its snapshot: a human instance at the PatchSnapshot of its target entry's
// snapshot commit (snapshot-commit.ts), a perturbed copy at its parent's. Instances whose snapshot has
// not been computed keep null (the view then says so). Idempotent.
import type { PrismaClient } from "@/lib/db/generated/client";
import { SNAPSHOT_TIMELINE_SELECT } from "./snapshot-commit";
import { IMPORTED_PREFIX, snapshotKeyOf } from "./snapshot-key";

export async function linkInstanceSnapshots(prisma: PrismaClient, pullRequestIds?: string[]): Promise<number> {
  const prs = await prisma.pullRequest.findMany({
    where: pullRequestIds ? { id: { in: pullRequestIds } } : { instances: { some: { snapshotId: null } } },
    select: {
      id: true,
      snapshots: { select: { id: true, key: true } },
      timeline: { select: SNAPSHOT_TIMELINE_SELECT },
      instances: { select: { id: true, targetEntryId: true, parentId: true, snapshotId: true } },
    },
  });
  let linked = 0;
  for (const pr of prs) {
    const idByKey = new Map(pr.snapshots.map((s) => [s.key, s.id]));
    const entryById = new Map(pr.timeline.map((e) => [e.id, e]));
    const keyById = new Map(pr.snapshots.map((s) => [s.id, s.key]));
    const wanted = new Map<string, string | null>();
    for (const instance of pr.instances.filter((i) => i.parentId === null)) {
      const entry = entryById.get(instance.targetEntryId);
      const current = instance.snapshotId === null ? undefined : keyById.get(instance.snapshotId);
      // an imported row keeps the release's own patch (key sha256:…): it is never recomputed
      const keep = current?.startsWith(IMPORTED_PREFIX) || !entry;
      wanted.set(
        instance.id,
        keep || !entry ? instance.snapshotId : (idByKey.get(snapshotKeyOf(entry, pr.timeline)) ?? instance.snapshotId),
      );
    }
    for (const child of pr.instances.filter((i) => i.parentId !== null)) {
      const parent = child.parentId === null ? undefined : wanted.get(child.parentId);
      wanted.set(child.id, parent ?? child.snapshotId);
    }
    for (const instance of pr.instances) {
      const next = wanted.get(instance.id) ?? null;
      if (next === instance.snapshotId) continue;
      await prisma.instance.update({ where: { id: instance.id }, data: { snapshotId: next } });
      linked++;
    }
  }
  return linked;
}
