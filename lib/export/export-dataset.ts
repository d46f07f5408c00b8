// Runs one export of a split: rows → files → a folder on disk → an Export row with one ExportItem
// per example (its opaque eval_id). The folder is written first and removed again if the database
// refuses the rows, so an Export row always has its files.
import { config, exportsDir } from "@/lib/config";
import { mustGet } from "@/lib/must";
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { PrismaClient } from "@/lib/db/generated/client";
import { buildExportFiles, type TasksManifest } from "./build-export-files";
import { sha256Hex } from "./build-manifest";
import { crossSplitSentence } from "./dataset-statistics";
import { newEvalIdSecret } from "./eval-id";
import { exportFolderProblem, staleSplit } from "./export-errors";
import type { ExportProfile } from "./export-profile";
import type { ExportConventions } from "./export-conventions";
import { loadExportContext } from "./preview-export";
import type { StoredExportManifest } from "./stored-export-manifest";
import { recordAudit } from "@/lib/audit/record-audit";

/** Where an export has got to, for a job's progress bar: each step is reported before the next starts. */
export const EXPORT_STEPS = ["rows and statistics loaded", "files built", "files written", "recorded"] as const;
export type ExportStep = (typeof EXPORT_STEPS)[number];

export interface ExportOptions extends ExportConventions {
  splitRunId: string;
  /** exact folder to write (must be empty or absent); default `<exportsRoot>/<export id>` */
  outDir?: string;
  exportsRoot?: string;
  title?: string;
  /** where the split files go: the Hub release's root layout by default, or data/ as its GitHub copy */
  profile?: ExportProfile;
  /** HMAC secret for eval_ids; random when absent (then task ids differ between exports) */
  evalIdSecret?: string;
  /** who asked for it; null when a CLI or the demo seed made it */
  actorId?: string | null;
  /**
   * Called after each step; a throw up to "files written" stops the export with nothing left behind (a
   * cancelled job); after "recorded" the export exists, so a throw there is the caller's to handle.
   */
  onStep?: (step: ExportStep, done: number, total: number) => Promise<void>;
}

export interface ExportResult {
  exportId: string;
  dir: string;
  /** what a user must know about the rows written (the card says the same): PRs spread over splits */
  warnings: string[];
  manifest: StoredExportManifest;
  tasksManifest: TasksManifest;
}

function writeTree(dir: string, files: ReadonlyMap<string, Uint8Array>) {
  for (const [relative, data] of files) {
    const target = path.join(dir, ...relative.split("/"));
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, data);
  }
}

export async function exportDataset(prisma: PrismaClient, options: ExportOptions): Promise<ExportResult> {
  const step = async (name: ExportStep) => options.onStep?.(name, EXPORT_STEPS.indexOf(name) + 1, EXPORT_STEPS.length);
  const { splitRows, cardInput } = await loadExportContext(prisma, options.splitRunId, options.title, {
    license: options.license,
    sourceNames: options.sourceNames,
  });
  if (splitRows.stale.length > 0) throw staleSplit(splitRows.stale);
  await step("rows and statistics loaded");
  const files = buildExportFiles({
    ...cardInput,
    profile: options.profile,
    rows: splitRows.rows,
    evalIdSecret: options.evalIdSecret ?? newEvalIdSecret(),
  });
  await step("files built");

  const exportId = randomUUID();
  // the folder is chosen at run time; the bundler must not trace it as part of the app
  const dir = path.resolve(
    /*turbopackIgnore: true*/ options.outDir ?? path.join(/*turbopackIgnore: true*/ options.exportsRoot ?? exportsDir(config()), exportId),
  );
  if (existsSync(/*turbopackIgnore: true*/ dir) && readdirSync(/*turbopackIgnore: true*/ dir).length > 0)
    throw exportFolderProblem(`The output folder ${dir} is not empty; choose a new folder so no old file is mixed into the export.`);
  writeTree(dir, files.dataset);
  writeTree(dir, files.tasks);

  const manifest: StoredExportManifest = {
    ...files.manifest,
    // sha256 over both parts' content hashes: one figure for the whole export
    dir,
    tasks: { count: files.tasksManifest.tasks, content_hash: files.tasksManifest.content_hash },
    export_hash: sha256Hex(`${files.manifest.content_hash}\n${files.tasksManifest.content_hash}\n`),
  };
  try {
    await step("files written");
    await prisma.$transaction(async (tx) => {
      await tx.export.create({
        data: {
          id: exportId,
          splitRunId: splitRows.splitRun.id,
          manifest: manifest as object,
          contentHash: files.manifest.content_hash,
          items: {
            createMany: {
              data: files.items.map((item) => ({
                instanceId: mustGet(splitRows.instanceOfRow, item.rowKey, "instance of an exported row"),
                evalId: item.evalId,
                split: item.split,
              })),
            },
          },
        },
      });
      await recordAudit(tx, {
        actorId: options.actorId ?? null,
        action: "export.create",
        subjectId: exportId,
        details: { splitRunId: splitRows.splitRun.id, contentHash: files.manifest.content_hash },
      });
    });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  await step("recorded");
  const crossing = cardInput.statistics.crossSplitPullRequests;
  const warnings = crossing.length ? [`${crossSplitSentence(crossing)}: the splits are not PR-disjoint; the card says so`] : [];
  return { exportId, dir, manifest, tasksManifest: files.tasksManifest, warnings };
}
