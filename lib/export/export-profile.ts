// Where an export puts its split files (dataset-format.md, "Files"): the Hub release keeps them at the
// repository root (`train.jsonl`, …; the Hub converts to Parquet itself), its GitHub copy under `data/`.
// We add Parquet beside the JSONL only in the `github` profile, for readers without the Hub's conversion.
import { z } from "zod";
import type { SplitName } from "@/lib/db/enums";

export const ExportProfileSchema = z.enum(["hub", "github"]);
export type ExportProfile = z.infer<typeof ExportProfileSchema>;

export const DEFAULT_EXPORT_PROFILE: ExportProfile = "hub";

export const EXPORT_PROFILE_LABELS: Record<ExportProfile, string> = {
  hub: "Hub: train.jsonl, validation.jsonl, test.jsonl at the root, as the Hugging Face release",
  github: "GitHub: data/<split>.jsonl with Parquet beside it, as the release's GitHub copy",
};

export type DataFormat = "jsonl" | "parquet";

export function publishedFormats(profile: ExportProfile): DataFormat[] {
  return profile === "hub" ? ["jsonl"] : ["jsonl", "parquet"];
}

export function dataFilePath(profile: ExportProfile, split: SplitName, format: DataFormat): string {
  return profile === "hub" ? `${split}.${format}` : `data/${split}.${format}`;
}
