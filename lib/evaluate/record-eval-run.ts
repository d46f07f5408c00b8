import { z } from "zod";
import type { BootstrapOptions } from "./bootstrap";
import { buildEvalReport } from "./build-eval-report";
import type { EvalReport } from "./eval-report-schema";
import { duplicateRunName } from "./evaluation-errors";
import { SplitNameSchema, type SplitName } from "@/lib/db/enums";
import { loadGold, type Db } from "./load-gold";
import { showNul } from "@/lib/untrusted-json";
import { recordAudit } from "@/lib/audit/record-audit";

export const RunNameSchema = z
  .string()
  .trim()
  .min(1, "Give the run a name")
  .max(120, "Keep the run name under 120 characters")
  .refine((name) => !name.includes("\u0000"), "The run name contains the NUL character (\\u0000)");

const RecordEvalRunInputSchema = z.object({
  exportId: z.string().min(1, "Choose an export"),
  split: SplitNameSchema,
  name: RunNameSchema,
  files: z.array(z.object({ name: z.string(), text: z.string() })).min(1, "Upload a predictions JSONL or one or more trajectory files"),
});
export type RecordEvalRunInput = z.input<typeof RecordEvalRunInputSchema>;

export interface StoredEvalRun {
  id: string;
  name: string;
  exportId: string;
  split: SplitName;
  createdAt: Date;
  report: EvalReport;
}

/**
 * Scores a judge's predictions against one split of an export and stores the report.
 * Run names are unique per export and split: they label rows and bars in the comparison.
 */
export async function recordEvalRun(
  prisma: Db,
  input: RecordEvalRunInput,
  options: { bootstrap?: BootstrapOptions; actorId?: string } = {},
): Promise<StoredEvalRun> {
  const { exportId, split, name, files } = RecordEvalRunInputSchema.parse(input);
  const gold = await loadGold(prisma, exportId, split);
  const taken = await prisma.evalRun.findFirst({ where: { exportId, split, name }, select: { id: true } });
  if (taken) throw duplicateRunName(name, split);
  // invalid rows' reasons quote the upload, which may hold NUL: shown as ␀ so the report can be stored
  const report = showNul(buildEvalReport(gold, files, { bootstrap: options.bootstrap }));
  const row = await prisma.evalRun.create({ data: { name, exportId, split, report } });
  await recordAudit(prisma, {
    actorId: options.actorId ?? null,
    action: "evaluate.run_recorded",
    subjectId: row.id,
    details: { exportId, split, name, n: report.metrics.n, accuracy: report.metrics.accuracy },
  });
  return { id: row.id, name: row.name, exportId: row.exportId, split: row.split, createdAt: row.createdAt, report };
}
