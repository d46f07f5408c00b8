// What an export of a split is made from, read once: its rows, their statistics and the card's other
// inputs. The split page previews the card from it; exportDataset writes the files from the same
// object, so the statistics and the card are computed once per export (and the preview is the card
// that gets written, for the same layout).
import type { PrismaClient } from "@/lib/db/generated/client";
import { loadAgreementSummary } from "@/lib/annotate/load-agreement";
import { datasetStatistics, SPLITS } from "./dataset-statistics";
import { describeSplit } from "./describe-split";
import { datasetLicense, type ExportConventions } from "./export-conventions";
import type { ExportProfile } from "./export-profile";
import { loadFunnel } from "./load-card-context";
import { loadSplitRows, type SplitRows } from "./load-split-rows";
import { renderDatasetCard, type DatasetCardInput } from "./render-dataset-card";
import { rowOrderOf } from "./serialize-jsonl";

export const DEFAULT_DATASET_TITLE = "Code Review Trustworthiness Benchmark";

export interface ExportContext {
  splitRows: SplitRows;
  /** everything the card shows, statistics included (the layout is chosen at export) */
  cardInput: Omit<DatasetCardInput, "profile">;
}

export async function loadExportContext(
  prisma: PrismaClient,
  splitRunId: string,
  title = DEFAULT_DATASET_TITLE,
  conventions: ExportConventions = {},
): Promise<ExportContext> {
  const splitRows = await loadSplitRows(prisma, splitRunId, conventions.sourceNames);
  const statistics = datasetStatistics(splitRows.rows);
  const [funnel, agreement] = await Promise.all([loadFunnel(prisma, statistics.splits.all.total), loadAgreementSummary(prisma)]);
  return {
    splitRows,
    cardInput: {
      title,
      statistics,
      split: describeSplit(splitRows.splitRun.seed, splitRows.splitRun.params),
      funnel,
      agreement,
      license: datasetLicense(conventions.license),
      sourceNames: conventions.sourceNames,
      rowOrder: rowOrderOf(SPLITS.flatMap((split) => splitRows.rows[split])),
    },
  };
}

export interface ExportPreview extends ExportContext {
  card: string;
}

/** Everything the card shows, without writing anything: the preview before an export or a push. */
export async function previewExport(
  prisma: PrismaClient,
  splitRunId: string,
  options: { title?: string; profile?: ExportProfile } & ExportConventions = {},
): Promise<ExportPreview> {
  const context = await loadExportContext(prisma, splitRunId, options.title, options);
  return { ...context, card: renderDatasetCard({ ...context.cardInput, profile: options.profile }) };
}
