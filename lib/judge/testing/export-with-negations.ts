// A demo export made bigger for judge tests: accepted negations of one of its trustworthy comments, added
// to that comment's split (written directly: perturbing and verifying are other stages' jobs), each with
// its own eval_id, so a split holds as many tasks as a test needs and several perturbations of one entry.
import type { SplitName } from "@/lib/db/enums";
import type { PrismaClient } from "@/lib/db/generated/client";

export async function exportWithNegations(prisma: PrismaClient, splitSize: number): Promise<{ exportId: string; split: SplitName }> {
  const exp = await prisma.export.findFirstOrThrow({ orderBy: { createdAt: "asc" }, select: { id: true, splitRunId: true } });
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
