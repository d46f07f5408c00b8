// What the splits page lists: every split run with its per-split counts, and every export with
// what its manifest says, newest first. Runs and exports made by other tools are listed as such.
import type { PrismaClient } from "@/lib/db/generated/client";
import type { SplitName } from "@/lib/db/enums";
import { SplitRunParamsSchema, type SplitRunParams } from "@/lib/split/split-run-params";
import { StoredExportManifestSchema } from "./stored-export-manifest";

export interface SplitRunSummary {
  id: string;
  seed: number;
  createdAt: Date;
  /** null: made by another tool (e.g. the evaluation sample) */
  params: SplitRunParams | null;
  instances: Record<SplitName, number>;
  exports: number;
}

export interface ExportSummary {
  id: string;
  splitRunId: string;
  createdAt: Date;
  contentHash: string;
  title: string | null;
  rows: Record<SplitName, number> | null;
  /** false: a record without files (e.g. the evaluation sample) */
  hasFiles: boolean;
  hubRepoId: string | null;
  hubCommit: string | null;
}

const zero = (): Record<SplitName, number> => ({ train: 0, validation: 0, test: 0 });

export async function listSplitRuns(prisma: PrismaClient): Promise<SplitRunSummary[]> {
  const [runs, counts] = await Promise.all([
    prisma.splitRun.findMany({ orderBy: [{ createdAt: "desc" }, { id: "asc" }], include: { _count: { select: { exports: true } } } }),
    prisma.splitAssignment.groupBy({ by: ["splitRunId", "split"], _count: { _all: true } }),
  ]);
  return runs.map((run) => {
    const instances = zero();
    for (const c of counts) if (c.splitRunId === run.id) instances[c.split] = c._count._all;
    const params = SplitRunParamsSchema.safeParse(run.params);
    return {
      id: run.id,
      seed: run.seed,
      createdAt: run.createdAt,
      params: params.success ? params.data : null,
      instances,
      exports: run._count.exports,
    };
  });
}

export async function listExports(prisma: PrismaClient, where: { splitRunId?: string } = {}): Promise<ExportSummary[]> {
  const rows = await prisma.export.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "asc" }] });
  return rows.map((row) => {
    const manifest = StoredExportManifestSchema.safeParse(row.manifest);
    return {
      id: row.id,
      splitRunId: row.splitRunId,
      createdAt: row.createdAt,
      contentHash: row.contentHash,
      title: manifest.success ? manifest.data.title : null,
      rows: manifest.success ? manifest.data.rows : null,
      hasFiles: manifest.success,
      hubRepoId: row.hubRepoId,
      hubCommit: row.hubCommit,
    };
  });
}
