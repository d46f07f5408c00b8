// Every file of one export, in memory, from the rows and the card's inputs. Two parts:
// - the dataset: the published tree (README.md and the split files where the profile puts them, see
//   export-profile.ts), what a push sends; its bytes depend only on the rows, the card and the profile, so
//   the same split exports identically; plus manifest.json (sha256 of every published file), kept beside it
//   and never pushed;
// - the judge task bundles (tasks/…), whose eval_ids depend on the per-export secret: private, never pushed.
import { AppError } from "@/lib/errors";
import { buildJudgeTaskBundle } from "./build-judge-task";
import { contentHashOf, describeFiles, type ManifestFile } from "./build-manifest";
import { SPLITS, type RowsBySplit, type SplitName } from "./dataset-statistics";
import { evalIdFor } from "./eval-id";
import { datasetLicense, type SourceNames } from "./export-conventions";
import { DEFAULT_EXPORT_PROFILE, dataFilePath, publishedFormats, type ExportProfile } from "./export-profile";
import { renderDatasetCard, type DatasetCardInput, type SplitDescription } from "./render-dataset-card";
import { rowKey, ReleasedRowSchema } from "./released-row-schema";
import { rowOrderOf, rowsToJsonl, sortRows } from "./serialize-jsonl";
import { rowsToParquet } from "./write-parquet";

export const MANIFEST_PATH = "manifest.json";
export const TASKS_MANIFEST_PATH = "tasks/manifest.json";

export interface DatasetManifest {
  format: "crjudgebench-release/1";
  title: string;
  /** where the split files sit; absent in exports made before profiles (then data/) */
  profile?: ExportProfile;
  /** the Hub licence id the card declares; absent in exports made before it could be chosen (then cc-by-4.0) */
  license?: string;
  /** the `source` words chosen for this export; absent when the release's were used (imported rows keep their own) */
  source_names?: SourceNames;
  split: SplitDescription;
  rows: Record<SplitName, number>;
  files: ManifestFile[];
  content_hash: string;
}

export interface TasksManifest {
  format: "crjudgebench-judge-tasks/1";
  tasks: number;
  files: ManifestFile[];
  content_hash: string;
}

export interface ExportItemPlan {
  rowKey: string;
  evalId: string;
  split: SplitName;
}

export interface ExportFiles {
  dataset: Map<string, Uint8Array>;
  tasks: Map<string, Uint8Array>;
  manifest: DatasetManifest;
  tasksManifest: TasksManifest;
  items: ExportItemPlan[];
  card: string;
}

/**
 * The card's inputs (the statistics of these rows, computed once by the caller) and the rows; the
 * row order the card states is read from the rows when the caller has not (#45 L).
 */
export interface ExportFilesInput extends Omit<DatasetCardInput, "rowOrder"> {
  rowOrder?: DatasetCardInput["rowOrder"];
  rows: RowsBySplit;
  evalIdSecret: string;
}

const utf8 = (text: string) => new TextEncoder().encode(text);
const jsonFile = (value: unknown) => utf8(`${JSON.stringify(value, null, 2)}\n`);

function checkRows(rows: RowsBySplit) {
  const seen = new Set<string>();
  for (const split of SPLITS)
    for (const row of rows[split]) {
      ReleasedRowSchema.parse(row);
      const key = rowKey(row);
      if (seen.has(key))
        throw new AppError("duplicate", `Two rows share (instance_id, judged_entry_id) = ${key}; the release needs that pair unique.`, {
          key: key,
        });
      seen.add(key);
    }
}

export function buildExportFiles(input: ExportFilesInput): ExportFiles {
  checkRows(input.rows);
  const profile = input.profile ?? DEFAULT_EXPORT_PROFILE;
  const rowOrder = input.rowOrder ?? rowOrderOf(SPLITS.flatMap((split) => input.rows[split]));
  const card = renderDatasetCard({ ...input, profile, rowOrder });

  const dataset = new Map<string, Uint8Array>();
  dataset.set("README.md", utf8(card));
  for (const split of SPLITS)
    for (const format of publishedFormats(profile))
      dataset.set(
        dataFilePath(profile, split, format),
        format === "jsonl" ? utf8(rowsToJsonl(input.rows[split])) : rowsToParquet(input.rows[split]),
      );
  const files = describeFiles(dataset);
  const manifest: DatasetManifest = {
    format: "crjudgebench-release/1",
    title: input.title,
    profile,
    license: (input.license ?? datasetLicense()).id,
    ...(input.sourceNames ? { source_names: input.sourceNames } : {}),
    split: input.split,
    rows: { train: input.rows.train.length, validation: input.rows.validation.length, test: input.rows.test.length },
    files,
    content_hash: contentHashOf(files),
  };
  dataset.set(MANIFEST_PATH, jsonFile(manifest));

  const tasks = new Map<string, Uint8Array>();
  const items: ExportItemPlan[] = [];
  const evalIds = new Set<string>();
  for (const split of SPLITS)
    for (const row of sortRows(input.rows[split])) {
      const evalId = evalIdFor(row, input.evalIdSecret);
      if (evalIds.has(evalId)) throw new Error(`eval_id collision on ${evalId}; export again with a new secret`);
      evalIds.add(evalId);
      items.push({ rowKey: rowKey(row), evalId, split });
      for (const file of buildJudgeTaskBundle(row, evalId).files) tasks.set(`tasks/${split}/${evalId}/${file.path}`, utf8(file.text));
    }
  const taskFiles = describeFiles(tasks);
  const tasksManifest: TasksManifest = {
    format: "crjudgebench-judge-tasks/1",
    tasks: items.length,
    files: taskFiles,
    content_hash: contentHashOf(taskFiles),
  };
  tasks.set(TASKS_MANIFEST_PATH, jsonFile(tasksManifest));
  return { dataset, tasks, manifest, tasksManifest, items, card };
}
