import type { PrismaClient } from "@/lib/db/generated/client";
import type { PerturbationKind } from "./candidate-schema";

export type EligibleParent = {
  id: string;
  repo: string;
  pullNumber: number;
  commentKind: string;
  author: string | null;
  body: string;
  path: string | null;
  perturbations: Record<PerturbationKind, number>;
};

/** Human instances the experts labelled trustworthy: the only ones perturbed (paper §2). */
export async function listEligibleParents(prisma: PrismaClient, take = 500): Promise<EligibleParent[]> {
  const rows = await prisma.instance.findMany({
    where: { source: "human", finalLabel: "trustworthy" },
    include: {
      targetEntry: { select: { kind: true, authorLogin: true, body: true, path: true } },
      pullRequest: { select: { number: true, repository: { select: { fullName: true } } } },
      perturbations: { select: { perturbationKind: true } },
    },
    orderBy: [{ pullRequest: { number: "asc" } }, { targetEntry: { createdAt: "asc" } }],
    take,
  });
  return rows.map((r) => {
    const perturbations = { negation: 0, symbol: 0, location: 0 };
    for (const p of r.perturbations) if (p.perturbationKind) perturbations[p.perturbationKind]++;
    return {
      id: r.id,
      repo: r.pullRequest.repository.fullName,
      pullNumber: r.pullRequest.number,
      commentKind: r.targetEntry.kind,
      author: r.targetEntry.authorLogin,
      body: r.targetEntry.body,
      path: r.targetEntry.path,
      perturbations,
    };
  });
}
