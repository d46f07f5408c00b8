import { AppError } from "@/lib/errors";
import { z } from "zod";
import { ExportProfileSchema } from "./export-profile";

// The Export row's `manifest` JSON as this stage writes it: manifest.json's content plus where the
// files are and the task part's hash. Other stages may record exports without files (the evaluate
// page's bundled sample), so readers parse it and treat anything else as "no files".

const ManifestFileSchema = z.object({ path: z.string(), bytes: z.number().int(), sha256: z.string() });
const perSplit = z.object({ train: z.number().int(), validation: z.number().int(), test: z.number().int() });

export const StoredExportManifestSchema = z.looseObject({
  format: z.literal("crjudgebench-release/1"),
  title: z.string(),
  /** absent on exports made before profiles: those wrote data/ (the github layout, Parquet included) */
  profile: ExportProfileSchema.optional(),
  license: z.string().optional(),
  source_names: z.object({ human: z.string(), perturbation: z.string() }).optional(),
  split: z.unknown(),
  rows: perSplit,
  files: z.array(ManifestFileSchema),
  content_hash: z.string(),
  dir: z.string(),
  tasks: z.object({ count: z.number().int(), content_hash: z.string() }),
  export_hash: z.string(),
});
export type StoredExportManifest = z.infer<typeof StoredExportManifestSchema>;

export function readStoredManifest(exportId: string, value: unknown): StoredExportManifest {
  const parsed = StoredExportManifestSchema.safeParse(value);
  if (!parsed.success)
    throw new AppError(
      "conflict",
      `Export ${exportId} has no files: it was recorded by another tool (for example the evaluation sample), not written by the export stage.`,
      { exportId, reason: "not_a_file_export" },
    );
  return parsed.data;
}
