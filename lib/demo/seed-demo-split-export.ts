// The split and export stages on the demo world: once earlier stages have labelled something,
// one PR-disjoint split (the paper's seed, 42) and one export of it, so the splits page, the
// downloads and the evaluation demo have real data. With nothing labelled it does nothing.
import type { PrismaClient } from "@/lib/db/generated/client";
import { createSplitRun } from "@/lib/split/create-split-run";
import { loadEligibleInstances } from "@/lib/split/eligible-instances";
import { exportDataset } from "@/lib/export/export-dataset";

const DEMO_DATASET_TITLE = "Demo Review Trust Benchmark";

export async function seedDemoSplitExport(
  prisma: PrismaClient,
  options: { exportsRoot?: string } = {},
): Promise<{ splitRunId: string; exportId: string } | null> {
  if ((await loadEligibleInstances(prisma)).length === 0) return null;
  const { splitRunId } = await createSplitRun(prisma, { seed: 42 });
  const { exportId } = await exportDataset(prisma, { splitRunId, exportsRoot: options.exportsRoot, title: DEMO_DATASET_TITLE });
  return { splitRunId, exportId };
}
