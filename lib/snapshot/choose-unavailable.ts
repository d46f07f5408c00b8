// The user's choice for instances whose snapshot is unavailable (issue #12): judge them on the PR's final
// diff, marked as such (status final_fallback), or leave them out of the dataset (status unavailable, which
// keeps them out of splits). Either way the choice is reversible and audited; the reason why the snapshot is
// missing stays with the row.
import { z } from "zod";
import type { PrismaClient } from "@/lib/db/generated/client";
import { applyFinalDiffToUnavailable, FINAL_DIFF_FALLBACK_NOTE } from "./final-diff-snapshots";
import { recordAudit } from "@/lib/audit/record-audit";

export const UnavailableChoiceSchema = z.object({
  choice: z.enum(["final_diff", "leave_out"]),
  /** one snapshot, or every snapshot the choice applies to when absent */
  snapshotId: z.string().min(1).optional(),
});
export type UnavailableChoice = z.infer<typeof UnavailableChoiceSchema>;

const FALLBACK_SUFFIX = `; ${FINAL_DIFF_FALLBACK_NOTE}`;

/** Applies the choice; returns how many snapshots (and their instances) changed. */
export async function chooseForUnavailable(
  prisma: PrismaClient,
  { choice, snapshotId }: UnavailableChoice,
  actorId: string,
): Promise<{ snapshots: number; instances: number }> {
  const from = choice === "final_diff" ? "unavailable" : "final_fallback";
  const rows = await prisma.patchSnapshot.findMany({
    where: { status: from, ...(snapshotId ? { id: snapshotId } : {}) },
    select: { id: true, reason: true, _count: { select: { instances: true } } },
  });
  const ids = rows.map((r) => r.id);
  if (choice === "final_diff") await applyFinalDiffToUnavailable(prisma, ids);
  else
    for (const row of rows)
      await prisma.patchSnapshot.update({
        where: { id: row.id },
        data: {
          status: "unavailable",
          patch: "",
          reason: row.reason.endsWith(FALLBACK_SUFFIX) ? row.reason.slice(0, -FALLBACK_SUFFIX.length) : row.reason,
        },
      });
  const instances = rows.reduce((n, r) => n + r._count.instances, 0);
  if (rows.length > 0)
    await recordAudit(prisma, {
      actorId,
      action: choice === "final_diff" ? "snapshot.final_diff_chosen" : "snapshot.left_out",
      subjectId: snapshotId ?? "all",
      details: { snapshots: ids, instances },
    });
  return { snapshots: rows.length, instances };
}

export interface UnavailableSnapshotRow {
  id: string;
  status: "unavailable" | "final_fallback";
  repo: string;
  number: number;
  commitSha: string | null;
  reason: string;
  instances: number;
}

/** The snapshots awaiting or carrying the user's choice, for the screening page (at most `take`). */
export async function listUnavailableSnapshots(prisma: PrismaClient, take = 50): Promise<UnavailableSnapshotRow[]> {
  const rows = await prisma.patchSnapshot.findMany({
    where: { status: { in: ["unavailable", "final_fallback"] } },
    select: {
      id: true,
      status: true,
      commitSha: true,
      reason: true,
      pullRequest: { select: { number: true, repository: { select: { fullName: true } } } },
      _count: { select: { instances: true } },
    },
    orderBy: [{ status: "desc" }, { createdAt: "asc" }],
    take,
  });
  return rows.flatMap((r) =>
    r.status === "exact"
      ? []
      : [
          {
            id: r.id,
            status: r.status,
            repo: r.pullRequest.repository.fullName,
            number: r.pullRequest.number,
            commitSha: r.commitSha,
            reason: r.reason.endsWith(FALLBACK_SUFFIX) ? r.reason.slice(0, -FALLBACK_SUFFIX.length) : r.reason,
            instances: r._count.instances,
          },
        ],
  );
}
