// Which instances take part in a split (issue #7): human instances that reached `labelled` with a
// trustworthy/untrustworthy final label, and perturbations the experts accepted, which are
// untrustworthy by construction (paper §2: "verified that it is technically incorrect"). An instance
// whose snapshot is unavailable (the code its comment was written on is gone, issue #12) stays out until
// the user chooses to judge it on the PR's final diff (snapshot status final_fallback).
import type { Prisma } from "@/lib/db/generated/client";

export interface EligibleInstance {
  id: string;
  pullRequestId: string;
  /** `owner/name#number`: the group a split keeps together */
  groupKey: string;
  trustworthy: boolean;
  source: "human" | "perturbation";
}

const UNAVAILABLE = { is: { status: "unavailable" } } as const;

const ELIGIBLE_WHERE = {
  OR: [
    { source: "human", stage: "labelled", finalLabel: { in: ["trustworthy", "untrustworthy"] } },
    { source: "perturbation", verification: "accepted" },
  ],
  NOT: [{ snapshot: UNAVAILABLE }, { snapshotId: null, parent: { is: { snapshot: UNAVAILABLE } } }],
} satisfies Prisma.InstanceWhereInput;

export async function loadEligibleInstances(db: Prisma.TransactionClient): Promise<EligibleInstance[]> {
  const rows = await db.instance.findMany({
    where: ELIGIBLE_WHERE,
    select: {
      id: true,
      source: true,
      finalLabel: true,
      pullRequestId: true,
      pullRequest: { select: { number: true, repository: { select: { fullName: true } } } },
    },
    orderBy: { id: "asc" },
  });
  return rows.map((r) => ({
    id: r.id,
    pullRequestId: r.pullRequestId,
    groupKey: `${r.pullRequest.repository.fullName}#${r.pullRequest.number}`,
    trustworthy: r.source === "human" && r.finalLabel === "trustworthy",
    source: r.source,
  }));
}

export interface EligibleSummary {
  instances: number;
  pullRequests: number;
  trustworthy: number;
  untrustworthy: number;
  perturbations: number;
}

export function summarizeEligible(instances: readonly EligibleInstance[]): EligibleSummary {
  const trustworthy = instances.filter((i) => i.trustworthy).length;
  return {
    instances: instances.length,
    pullRequests: new Set(instances.map((i) => i.groupKey)).size,
    trustworthy,
    untrustworthy: instances.length - trustworthy,
    perturbations: instances.filter((i) => i.source === "perturbation").length,
  };
}
