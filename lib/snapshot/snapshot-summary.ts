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

/** Counted by the database, grouped by status and reason: 70,000 instances are not read one by one (#14). */
export async function snapshotSummary(prisma: PrismaClient): Promise<SnapshotSummary> {
  const groups = await prisma.$queryRaw<{ status: string | null; reason: string | null; count: bigint }[]>`
    SELECT s.status::text AS status, CASE WHEN s.status = 'unavailable' THEN s.reason END AS reason, count(*) AS count
    FROM "Instance" i LEFT JOIN "PatchSnapshot" s ON s.id = i."snapshotId"
    WHERE i.source = 'human'
    GROUP BY 1, 2`;
  const summary: SnapshotSummary = { exact: 0, finalFallback: 0, unavailable: 0, notComputed: 0, reasons: [] };
  const reasons = new Map<string, number>();
  for (const { status, reason, count } of groups) {
    const n = Number(count);
    if (status === null) summary.notComputed += n;
    else if (status === "exact") summary.exact += n;
    else if (status === "final_fallback") summary.finalFallback += n;
    else {
      summary.unavailable += n;
      const kind = reasonKind(reason ?? "");
      reasons.set(kind, (reasons.get(kind) ?? 0) + n);
    }
  }
  summary.reasons = [...reasons].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count);
  return summary;
}
