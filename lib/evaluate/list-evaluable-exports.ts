import { z } from "zod";
import type { SplitName } from "@/lib/db/enums";
import type { Db } from "./load-gold";

/** The manifest tag of the bundled evaluation sample (lib/demo loads it); such an export is listed as a sample. */
export const SAMPLE_EVALUATION_TAG = "bundled-evaluation-sample-v1";

export interface EvaluableExport {
  id: string;
  createdAt: Date;
  label: string;
  /** the bundled sample loaded from the evaluate page, not a dataset built here */
  sample: boolean;
  hubRepoId: string | null;
  items: Record<SplitName, number>;
  runs: Record<SplitName, number>;
}

// The export stage owns the manifest's full shape; only naming fields are read here.
const ManifestNamingSchema = z.looseObject({
  sample: z.string().optional(),
  title: z.string().optional(),
  name: z.string().optional(),
});

const emptyCounts = (): Record<SplitName, number> => ({ train: 0, validation: 0, test: 0 });

/** Every export, newest first, with its item and run counts per split. */
export async function listEvaluableExports(prisma: Db): Promise<EvaluableExport[]> {
  const [exports, items, runs] = await Promise.all([
    prisma.export.findMany({
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      select: { id: true, createdAt: true, manifest: true, contentHash: true, hubRepoId: true },
    }),
    prisma.exportItem.groupBy({ by: ["exportId", "split"], _count: { _all: true } }),
    prisma.evalRun.groupBy({ by: ["exportId", "split"], _count: { _all: true } }),
  ]);
  return exports.map((row) => {
    const naming = ManifestNamingSchema.safeParse(row.manifest);
    const manifest = naming.success ? naming.data : {};
    const sample = manifest.sample === SAMPLE_EVALUATION_TAG;
    const day = row.createdAt.toISOString().slice(0, 16).replace("T", " ");
    const title = manifest.title ?? manifest.name ?? row.hubRepoId ?? `Export ${row.contentHash.slice(0, 8)}`;
    const itemCounts = emptyCounts();
    for (const group of items) if (group.exportId === row.id) itemCounts[group.split] = group._count._all;
    const runCounts = emptyCounts();
    for (const group of runs) if (group.exportId === row.id) runCounts[group.split] = group._count._all;
    return {
      id: row.id,
      createdAt: row.createdAt,
      label: `${title} · ${day} UTC`,
      sample,
      hubRepoId: row.hubRepoId,
      items: itemCounts,
      runs: runCounts,
    };
  });
}
