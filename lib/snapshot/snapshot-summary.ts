// Where the human instances stand on snapshots (issue #12), for the screening page beside the funnel:
// how many are judged on the code their comment was written on, on the marked final diff, on nothing yet
// (unavailable, awaiting the user's choice), or have no snapshot computed; with the unavailable reasons.
import type { PrismaClient } from "@/lib/db/generated/client";
import { reasonKind } from "./anchor-tally";

export interface SnapshotSummary {
  exact: number;
  finalFallback: number;
  unavailable: number;
  notComputed: number;
  /** unavailable instances by reason kind */
  reasons: { reason: string; count: number }[];
}

export async function snapshotSummary(prisma: PrismaClient): Promise<SnapshotSummary> {
  const instances = await prisma.instance.findMany({
    where: { source: "human" },
    select: { snapshot: { select: { status: true, reason: true } } },
  });
  const summary: SnapshotSummary = { exact: 0, finalFallback: 0, unavailable: 0, notComputed: 0, reasons: [] };
  const reasons = new Map<string, number>();
  for (const { snapshot } of instances) {
    if (!snapshot) summary.notComputed++;
    else if (snapshot.status === "exact") summary.exact++;
    else if (snapshot.status === "final_fallback") summary.finalFallback++;
    else {
      summary.unavailable++;
      const kind = reasonKind(snapshot.reason);
      reasons.set(kind, (reasons.get(kind) ?? 0) + 1);
    }
  }
  summary.reasons = [...reasons].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count);
  return summary;
}
