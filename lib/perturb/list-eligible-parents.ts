import type { PrismaClient } from "@/lib/db/generated/client";
import type { PerturbationKind } from "./candidate-schema";

/** What the last offer of a kind held for a parent (PerturbationOffer), or null when none was made yet. */
export type OfferSummary = { offered: number; fromModel: number; withheld: number; model: string | null } | null;

export type EligibleParent = {
  id: string;
  repo: string;
  pullNumber: number;
  commentKind: string;
  author: string | null;
  body: string;
  path: string | null;
  perturbations: Record<PerturbationKind, number>;
  offers: Record<PerturbationKind, OfferSummary>;
};

/**
 * How likely a parent is to yield an accepted candidate of a kind (issue #42 item 7), highest first:
 * candidates the critic passed, then rule candidates, then not asked yet, then an offer that held
 * nothing; a parent that already has a perturbation of the kind comes after every other.
 */
export function yieldRank(parent: Pick<EligibleParent, "offers" | "perturbations">, kind: PerturbationKind): number {
  if (parent.perturbations[kind] > 0) return -1;
  const offer = parent.offers[kind];
  if (!offer) return 1;
  if (offer.fromModel > 0) return 3 + offer.fromModel;
  return offer.offered > 0 ? 2 : 0;
}

/** Parents best first for a kind (a stable sort: equal ranks keep their order). */
export function orderByYield<P extends Pick<EligibleParent, "offers" | "perturbations">>(
  parents: readonly P[],
  kind: PerturbationKind,
): P[] {
  return parents
    .map((p, i) => ({ p, i, rank: yieldRank(p, kind) }))
    .sort((a, b) => b.rank - a.rank || a.i - b.i)
    .map((x) => x.p);
}

/** Human instances the experts labelled trustworthy: the only ones perturbed (paper §2). */
export async function listEligibleParents(
  prisma: PrismaClient,
  options: { take?: number; orderFor?: PerturbationKind } = {},
): Promise<EligibleParent[]> {
  const rows = await prisma.instance.findMany({
    where: { source: "human", finalLabel: "trustworthy" },
    include: {
      targetEntry: { select: { kind: true, authorLogin: true, body: true, path: true } },
      pullRequest: { select: { number: true, repository: { select: { fullName: true } } } },
      perturbations: { select: { perturbationKind: true } },
      offers: { select: { kind: true, offered: true, fromModel: true, withheld: true, model: true } },
    },
    orderBy: [{ pullRequest: { number: "asc" } }, { targetEntry: { createdAt: "asc" } }],
    take: options.take ?? 500,
  });
  const parents = rows.map((r) => {
    const perturbations = { negation: 0, symbol: 0, location: 0 };
    for (const p of r.perturbations) if (p.perturbationKind) perturbations[p.perturbationKind]++;
    const offers: Record<PerturbationKind, OfferSummary> = { negation: null, symbol: null, location: null };
    for (const o of r.offers) offers[o.kind] = { offered: o.offered, fromModel: o.fromModel, withheld: o.withheld, model: o.model };
    return {
      id: r.id,
      repo: r.pullRequest.repository.fullName,
      pullNumber: r.pullRequest.number,
      commentKind: r.targetEntry.kind,
      author: r.targetEntry.authorLogin,
      body: r.targetEntry.body,
      path: r.targetEntry.path,
      perturbations,
      offers,
    };
  });
  return options.orderFor ? orderByYield(parents, options.orderFor) : parents;
}
