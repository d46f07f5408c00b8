import type { PrismaClient } from "@/lib/db/generated/client";
import type { PerturbationKind } from "./candidate-schema";

import { PERTURBATION_KINDS, VERIFICATION_STATUSES, type VerificationStatus } from "@/lib/db/enums";

export { PERTURBATION_KINDS, VERIFICATION_STATUSES };
export type VerificationStatusName = VerificationStatus;

export type StatusCounts = Record<VerificationStatusName, number> & { total: number };
export type PerturbationCounts = { byKind: Record<PerturbationKind, StatusCounts>; total: StatusCounts };

const empty = (): StatusCounts => ({ pending: 0, accepted: 0, rejected: 0, total: 0 });

/** Perturbed instances per kind × verification status (accepted = verified negatives). */
export async function perturbationCounts(prisma: PrismaClient): Promise<PerturbationCounts> {
  const rows = await prisma.instance.groupBy({
    by: ["perturbationKind", "verification"],
    where: { source: "perturbation" },
    _count: { _all: true },
  });
  const byKind = { negation: empty(), symbol: empty(), location: empty() };
  const total = empty();
  for (const row of rows) {
    if (!row.perturbationKind) continue;
    const status = row.verification ?? "pending";
    const n = row._count._all;
    byKind[row.perturbationKind][status] += n;
    byKind[row.perturbationKind].total += n;
    total[status] += n;
    total.total += n;
  }
  return { byKind, total };
}
