// Reads a dataset folder the way the Hub's loader does (dataset-format.md, "Files"): the card's front
// matter names each split's files when it has `configs: … data_files`; otherwise split files are found by
// name, at the root (the Hub release) or under data/ (its GitHub copy), JSONL or Parquet, with or without a
// README. Used by `scripts/import-dataset.ts`, `scripts/export.ts --import` and the tests that load an export back.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { SplitNameSchema, type SplitName } from "@/lib/db/enums";
import { AppError } from "@/lib/errors";
import type { ImportInputFile } from "./import-released-dataset";
import { parquetToJsonl } from "./read-parquet-rows";

export interface DataFileEntry {
  split: SplitName;
  path: string;
}

export interface DatasetFolderLayout {
  /** split null: a JSONL file of no split, imported as rows without a split (a folder with no split files) */
  files: { split: SplitName | null; path: string; format: "jsonl" | "parquet" }[];
  /** how the files were found, for the importer's report */
  how: string;
  /** what was looked at and set aside (a card without front matter, Parquet beside JSONL, …) */
  notes: string[];
}

/** The card's YAML front matter, or null when it has none. */
export function frontMatterOf(card: string): string | null {
  const text = card.replace(/^\uFEFF/, "").replace(/\r\n/g, "\n");
  if (!text.startsWith("---\n")) return null;
  const end = text.indexOf("\n---", 3);
  return end < 0 ? null : text.slice(4, end);
}

const unquote = (s: string) => s.trim().replace(/^(["'])(.*)\1$/, "$2");

/**
 * The data_files of a card's configs (the first config, `default` when named), in the two spellings the
 * Hub documents: `path: file` and `path: [a, b]` or a `- file` list under `path:`. Empty when it lists none.
 */
export function dataFilesFromCard(card: string): DataFileEntry[] {
  const yaml = frontMatterOf(card);
  if (yaml === null) return [];
  const entries: DataFileEntry[] = [];
  let inDataFiles = false;
  let split: SplitName | null = null;
  let inPathList = false;
  for (const line of yaml.split("\n")) {
    if (/^\s*data_files:\s*$/.test(line)) {
      if (entries.length > 0) break; // a second config: the first one is the default the Hub loads
      inDataFiles = true;
      continue;
    }
    if (inDataFiles && /^\S/.test(line)) inDataFiles = false;
    if (!inDataFiles) continue;
    const s = line.match(/^\s*-\s*split:\s*(.+?)\s*$/);
    const p = line.match(/^\s*path:\s*(.*?)\s*$/);
    const item = line.match(/^\s*-\s*(?!split:)(.+?)\s*$/);
    if (s) {
      const known = SplitNameSchema.safeParse(unquote(s[1] ?? ""));
      if (!known.success) throw new AppError("invalid_input", `The dataset card names an unknown split "${unquote(s[1] ?? "")}".`);
      split = known.data;
      inPathList = false;
    } else if (p && split) {
      const value = p[1] ?? "";
      if (value === "") inPathList = true;
      else if (value.startsWith("[")) for (const v of value.replace(/^\[|\]$/g, "").split(",")) entries.push({ split, path: unquote(v) });
      else entries.push({ split, path: unquote(value) });
    } else if (item && split && inPathList) entries.push({ split, path: unquote(item[1] ?? "") });
  }
  return entries.filter((e) => e.path !== "");
}

// The Hub's split keywords in file names (train, validation/valid/dev, test), then any suffix.
const SPLIT_FILE = /^(train|training|validation|valid|val|dev|test|testing)(?:[-_.][^/]*)?\.(jsonl|parquet)$/i;
const SPLIT_OF: Record<string, SplitName> = {
  train: "train",
  training: "train",
  validation: "validation",
  valid: "validation",
  val: "validation",
  dev: "validation",
  test: "test",
  testing: "test",
};

function formatOf(file: string): "jsonl" | "parquet" {
  return file.toLowerCase().endsWith(".parquet") ? "parquet" : "jsonl";
}

/** Where a folder's split files are, and how they were found. Throws a clear error when there are none. */
export function locateSplitFiles(dir: string): DatasetFolderLayout {
  const notes: string[] = [];
  const readme = path.join(dir, "README.md");
  if (existsSync(readme)) {
    const card = readFileSync(readme, "utf8");
    const listed = dataFilesFromCard(card);
    if (listed.length > 0) {
      for (const e of listed)
        if (!existsSync(path.join(dir, ...e.path.split("/"))))
          throw new AppError("invalid_input", `The dataset card lists ${e.path} for ${e.split}, which is not in ${dir}.`);
      return { files: listed.map((e) => ({ ...e, format: formatOf(e.path) })), how: "the card's data_files", notes };
    }
    notes.push(
      frontMatterOf(card) === null
        ? "README.md has no YAML front matter; split files found by name"
        : "README.md's front matter lists no data_files; split files found by name",
    );
  }
  const found = new Map<SplitName, (DataFileEntry & { format: "jsonl" | "parquet" })[]>();
  for (const sub of ["", "data"]) {
    const folder = path.join(dir, sub);
    if (!existsSync(folder) || !statSync(folder).isDirectory()) continue;
    for (const name of readdirSync(folder).sort()) {
      const m = name.match(SPLIT_FILE);
      if (!m || !statSync(path.join(folder, name)).isFile()) continue;
      const split = SPLIT_OF[(m[1] ?? "").toLowerCase()];
      if (!split) continue;
      const list = found.get(split) ?? [];
      list.push({ split, path: sub ? `${sub}/${name}` : name, format: formatOf(name) });
      found.set(split, list);
    }
  }
  const files: DatasetFolderLayout["files"] = [];
  const where = new Set<string>();
  for (const [split, list] of found) {
    // one copy of each split: JSONL (the release's own files) over the Parquet the Hub or our export adds,
    // and the root (the Hub layout) over data/ when a folder holds both
    const jsonl = list.filter((f) => f.format === "jsonl");
    const pick = jsonl.length > 0 ? jsonl : list;
    const dirOf = (p: string) => (p.includes("/") ? "data/" : "root");
    const firstDir = dirOf(pick[0]?.path ?? "");
    const chosen = pick.filter((f) => dirOf(f.path) === firstDir);
    const skipped = list.filter((f) => !chosen.includes(f));
    if (skipped.length > 0)
      notes.push(`${split}: read ${chosen.map((f) => f.path).join(", ")}; set aside ${skipped.map((f) => f.path).join(", ")}`);
    for (const f of chosen) {
      files.push(f);
      where.add(firstDir);
    }
  }
  if (files.length === 0) {
    const loose = readdirSync(dir)
      .filter((n) => n.toLowerCase().endsWith(".jsonl") && statSync(path.join(dir, n)).isFile())
      .sort();
    if (loose.length > 0)
      return {
        files: loose.map((n) => ({ split: null, path: n, format: "jsonl" as const })),
        how: "no split files; every .jsonl at the root, without a split",
        notes,
      };
    throw new AppError(
      "invalid_input",
      `${dir} holds no split files: looked for the card's data_files, then train/validation/test .jsonl or .parquet at the root and in data/.`,
    );
  }
  return { files, how: `split files found by name (${[...where].join(" and ")})`, notes };
}

/** The folder's split files as import input: JSONL as is, Parquet turned back into the same rows. */
export async function readDatasetFolder(dir: string): Promise<ImportInputFile[]> {
  return readLocatedFiles(dir, locateSplitFiles(dir));
}

export async function readLocatedFiles(dir: string, layout: DatasetFolderLayout): Promise<ImportInputFile[]> {
  return Promise.all(
    layout.files.map(async (entry) => {
      const full = path.join(dir, ...entry.path.split("/"));
      const text = entry.format === "parquet" ? await parquetToJsonl(readFileSync(full), entry.path) : readFileSync(full, "utf8");
      return { name: entry.path, text, split: entry.split };
    }),
  );
}
