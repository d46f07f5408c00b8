// Makes sure the seeded demo world has what export tests need, whatever the earlier stages' demo
// seeds already did: some labelled comments of both classes (two annotators each), and one
// expert-accepted perturbation of each kind plus a rejected one. It only fills gaps, with plain
// hand-made edits, so these tests do not depend on the perturbation generators.
import type { PrismaClient } from "@/lib/db/generated/client";

export interface DemoGaps {
  labelledHere: number;
  perturbationsHere: string[];
}

type Label = "trustworthy" | "untrustworthy";

// Demo comments whose claim the demo's annotators reject; everything else they accept
const UNTRUSTWORTHY = new Set(["1990000302", "1990000402", "1990000404", "2710000402"]);

const negate = (body: string) =>
  /\b(is|are|does|should|can)\b/.test(body) ? body.replace(/\b(is|are|does|should|can)\b/, "$1 not") : `It is not true that ${body}`;
const renameSymbol = (body: string) =>
  /`([A-Za-z_][\w.]*)`/.test(body) ? body.replace(/`([A-Za-z_][\w.]*)`/, "`$1_impl`") : `${body} (see \`helper_impl\`)`;

export async function completeDemoLabels(prisma: PrismaClient): Promise<DemoGaps> {
  const [alice, bob] = await Promise.all(["alice", "bob"].map((login) => prisma.user.findUniqueOrThrow({ where: { login } })));
  const gaps: DemoGaps = { labelledHere: 0, perturbationsHere: [] };

  const labelled = await prisma.instance.groupBy({
    by: ["finalLabel"],
    where: { source: "human", stage: "labelled" },
    _count: { _all: true },
  });
  const has = (l: Label) => (labelled.find((g) => g.finalLabel === l)?._count._all ?? 0) >= 2;
  if (!has("trustworthy") || !has("untrustworthy")) {
    const open = await prisma.instance.findMany({
      where: { source: "human", stage: { notIn: ["labelled", "unsuitable"] }, targetEntry: { authorType: { not: "Bot" } } },
      include: { targetEntry: true },
    });
    for (const i of open) {
      const value: Label = UNTRUSTWORTHY.has(String(i.targetEntry.githubId)) ? "untrustworthy" : "trustworthy";
      await prisma.label.createMany({
        data: [alice, bob].map((u) => ({ instanceId: i.id, annotatorId: u.id, value, rationale: "checked against the patch" })),
        skipDuplicates: true,
      });
      await prisma.instance.update({ where: { id: i.id }, data: { stage: "labelled", finalLabel: value } });
      gaps.labelledHere += 1;
    }
  }

  const parents = await prisma.instance.findMany({
    where: { source: "human", stage: "labelled", finalLabel: "trustworthy", targetEntry: { kind: "inline" } },
    include: { targetEntry: true },
    orderBy: { targetEntry: { githubId: "asc" } },
  });
  if (parents.length === 0) throw new Error("the demo world has no trustworthy inline comment to perturb");
  const create = (
    parent: (typeof parents)[number],
    kind: "negation" | "symbol" | "location",
    edit: object,
    verification: "accepted" | "rejected",
  ) =>
    prisma.instance.create({
      data: {
        pullRequestId: parent.pullRequestId,
        targetEntryId: parent.targetEntryId,
        parentId: parent.id,
        source: "perturbation",
        perturbationKind: kind,
        ...edit,
        verification,
        stage: "labelled",
        finalLabel: verification === "accepted" ? "untrustworthy" : null,
      },
    });
  const accepted = async (kind: "negation" | "symbol" | "location") =>
    (await prisma.instance.count({ where: { source: "perturbation", perturbationKind: kind, verification: "accepted" } })) > 0;

  if (!(await accepted("negation"))) {
    await create(parents[0], "negation", { perturbedBody: negate(parents[0].targetEntry.body) }, "accepted");
    gaps.perturbationsHere.push("negation");
  }
  if (!(await accepted("symbol"))) {
    const parent = parents[1 % parents.length];
    await create(parent, "symbol", { perturbedBody: renameSymbol(parent.targetEntry.body) }, "accepted");
    gaps.perturbationsHere.push("symbol");
  }
  if (!(await accepted("location"))) {
    // another inline comment of the same PR, on a different hunk (paper §2, location perturbation)
    let done = false;
    for (const parent of parents) {
      const other = await prisma.timelineEntry.findFirst({
        where: {
          pullRequestId: parent.pullRequestId,
          kind: "inline",
          id: { not: parent.targetEntryId },
          NOT: { diffHunk: parent.targetEntry.diffHunk },
        },
        orderBy: { createdAt: "asc" },
      });
      if (!other) continue;
      await create(parent, "location", { perturbedPath: other.path, perturbedDiffHunk: other.diffHunk }, "accepted");
      gaps.perturbationsHere.push("location");
      done = true;
      break;
    }
    if (!done) throw new Error("no demo PR has two inline comments to build a location perturbation from");
  }
  await create(parents[0], "symbol", { perturbedBody: `${parents[0].targetEntry.body} (rejected edit)` }, "rejected");
  return gaps;
}
