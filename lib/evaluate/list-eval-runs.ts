import { EvalReportSchema } from "./eval-report-schema";
import type { SplitName } from "@/lib/db/enums";
import type { Db } from "./load-gold";
import type { StoredEvalRun } from "./record-eval-run";

export interface UnreadableEvalRun {
  id: string;
  name: string;
  createdAt: Date;
  problem: string;
}

/**
 * The runs recorded on one split of an export, oldest first. A stored report that no longer
 * matches the schema is listed apart with the reason, not rendered half-broken.
 */
export async function listEvalRuns(
  prisma: Db,
  exportId: string,
  split: SplitName,
): Promise<{ runs: StoredEvalRun[]; unreadable: UnreadableEvalRun[] }> {
  const rows = await prisma.evalRun.findMany({ where: { exportId, split }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  const runs: StoredEvalRun[] = [];
  const unreadable: UnreadableEvalRun[] = [];
  for (const row of rows) {
    const parsed = EvalReportSchema.safeParse(row.report);
    if (parsed.success) {
      runs.push({ id: row.id, name: row.name, exportId: row.exportId, split: row.split, createdAt: row.createdAt, report: parsed.data });
    } else {
      const issue = parsed.error.issues[0];
      unreadable.push({
        id: row.id,
        name: row.name,
        createdAt: row.createdAt,
        problem: `stored report does not match the current format (${issue.path.join(".") || "report"}: ${issue.message})`,
      });
    }
  }
  return { runs, unreadable };
}
