// Reads a dataset folder the way the Hub's loader does: the card's front matter names each split's
// files (`configs: - config_name: default / data_files: - split: … path: …`), and those are read.
// Used to load an export back (tests, `scripts/export.ts --import <folder>`).
import { readFileSync } from "node:fs";
import path from "node:path";
import { SplitNameSchema, type SplitName } from "@/lib/db/enums";
import type { ImportInputFile } from "./import-released-dataset";

export interface DataFileEntry {
  split: SplitName;
  path: string;
}

/** The default config's data_files from a card; only the layout this app writes and the release uses. */
export function dataFilesFromCard(card: string): DataFileEntry[] {
  const end = card.indexOf("\n---", 4);
  if (!card.startsWith("---\n") || end < 0) throw new Error("The dataset card has no YAML front matter.");
  const lines = card.slice(4, end).split("\n");
  const entries: DataFileEntry[] = [];
  let inDataFiles = false;
  let split: string | null = null;
  for (const line of lines) {
    if (/^\s*data_files:\s*$/.test(line)) inDataFiles = true;
    else if (inDataFiles && /^\S/.test(line)) inDataFiles = false;
    if (!inDataFiles) continue;
    const s = line.match(/^\s*-\s*split:\s*(\S+)\s*$/);
    const p = line.match(/^\s*path:\s*(\S+)\s*$/);
    if (s) split = s[1];
    else if (p && split) {
      const known = SplitNameSchema.safeParse(split);
      if (!known.success) throw new Error(`The card names an unknown split "${split}".`);
      entries.push({ split: known.data, path: p[1] });
      split = null;
    }
  }
  if (entries.length === 0) throw new Error("The dataset card lists no data_files.");
  return entries;
}

export function readDatasetFolder(dir: string): ImportInputFile[] {
  const card = readFileSync(path.join(dir, "README.md"), "utf8");
  return dataFilesFromCard(card).map((entry) => ({
    name: entry.path,
    text: readFileSync(path.join(dir, ...entry.path.split("/")), "utf8"),
    split: entry.split,
  }));
}
