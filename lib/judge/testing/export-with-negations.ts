// A demo export made bigger for judge tests: accepted negations of one of its trustworthy comments, added
// to that comment's split (written directly: perturbing and verifying are other stages' jobs), each with
// its own eval_id, so a split holds as many tasks as a test needs and several perturbations of one entry.
// Tests that share one database take a copy of the demo export first, so what they add or remove stays theirs.
import type { SplitName } from "@/lib/db/enums";
import type { PrismaClient } from "@/lib/db/generated/client";
import { toJsonInput } from "@/lib/db/json-input";

/** The demo's export (the first one made). */
async function demoExport(prisma: PrismaClient) {
  return prisma.export.findFirstOrThrow({ orderBy: { createdAt: "asc" }, select: { id: true } });
}

/** A new export holding the demo export's examples under the same eval ids, in the same splits. */
export async function copyOfDemoExport(prisma: PrismaClient): Promise<string> {
  const { id } = await demoExport(prisma);
  const demo = await prisma.export.findUniqueOrThrow({ where: { id }, include: { items: true } });
  const copy = await prisma.export.create({
    data: { splitRunId: demo.splitRunId, manifest: toJsonInput(demo.manifest), contentHash: demo.contentHash },
    select: { id: true },
  });
  await prisma.exportItem.createMany({
    data: demo.items.map((i) => ({ exportId: copy.id, instanceId: i.instanceId, evalId: i.evalId, split: i.split })),
  });
  return copy.id;
}

/** The split of the export (the demo's unless given) with the most examples. */
export async function biggestSplitOf(prisma: PrismaClient, exportId?: string): Promise<{ exportId: string; split: SplitName }> {
  const id = exportId ?? (await demoExport(prisma)).id;
  const bySplit = await prisma.exportItem.groupBy({ by: ["split"], where: { exportId: id }, _count: { _all: true } });
  const [biggest] = bySplit.sort((a, b) => b._count._all - a._count._all);
  return { exportId: id, split: biggest.split };
}

export async function exportWithNegations(
  prisma: PrismaClient,
  splitSize: number,
  /** the export to grow (a copy of the demo's); the demo's own when absent */
  exportId?: string,
): Promise<{ exportId: string; split: SplitName }> {
  const exp = await prisma.export.findUniqueOrThrow({
    where: { id: exportId ?? (await demoExport(prisma)).id },
    select: { id: true, splitRunId: true },
  });
  const items = await prisma.exportItem.findMany({ where: { exportId: exp.id } });
  const parent = await prisma.instance.findFirstOrThrow({
    where: { id: { in: items.map((i) => i.instanceId) }, source: "human", finalLabel: "trustworthy" },
    orderBy: { id: "asc" },
  });
  const split = items.find((i) => i.instanceId === parent.id)?.split ?? "train";
  const inSplit = items.filter((i) => i.split === split).length;
  for (let n = 0; n < splitSize - inSplit; n++) {
    const copy = await prisma.instance.create({
      data: {
        pullRequestId: parent.pullRequestId,
        targetEntryId: parent.targetEntryId,
        source: "perturbation",
        perturbationKind: "negation",
        parentId: parent.id,
        snapshotId: parent.snapshotId,
        perturbedBody: `This never holds (case ${n + 1}).`,
        verification: "accepted",
        stage: "labelled",
      },
    });
    await prisma.splitAssignment.create({ data: { splitRunId: exp.splitRunId, instanceId: copy.id, split } });
    await prisma.exportItem.create({
      data: { exportId: exp.id, instanceId: copy.id, split, evalId: `eval_${(0xabc000 + n).toString(16).padStart(24, "0")}` },
    });
  }
  return { exportId: exp.id, split };
}
