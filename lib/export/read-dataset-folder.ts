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
import { parse as parseYaml } from "yaml";

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
function frontMatterOf(card: string): string | null {
  const text = card.replace(/^\uFEFF/, "").replace(/\r\n/g, "\n");
  if (!text.startsWith("---\n")) return null;
  const end = text.indexOf("\n---", 3);
  return end < 0 ? null : text.slice(4, end);
}

/** The card's front matter as YAML; null when it has none; a clear error when it is not YAML. */
function frontMatterValue(card: string): unknown {
  const text = frontMatterOf(card);
  if (text === null) return null;
  try {
    return parseYaml(text);
  } catch (e) {
    throw new AppError("invalid_input", `The dataset card's front matter is not valid YAML: ${(e as Error).message.split("\n")[0]}`);
  }
}

const splitNamed = (name: unknown): SplitName => {
  const known = SplitNameSchema.safeParse(typeof name === "string" ? name.trim() : name);
  if (!known.success) throw new AppError("invalid_input", `The dataset card names an unknown split "${String(name)}".`);
  return known.data;
};

const pathsOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).flatMap((v) => (typeof v === "string" && v.trim() !== "" ? [v.trim()] : []));

/**
 * The data_files of a card's configs as the Hub reads them (huggingface.co/docs/hub/datasets-manual-configuration):
 * the config named `default`, else the first; `data_files` as a list of `{split, path}` (block or flow style,
 * `path` one pattern or a list), a mapping split → pattern(s), or one pattern (the train split). Paths may be
 * glob patterns (`train*.jsonl`, `data/train-*`); locateSplitFiles expands them. Empty when it lists none.
 */
export function dataFilesFromCard(card: string): DataFileEntry[] {
  const front = frontMatterValue(card);
  const configs = front && typeof front === "object" && "configs" in front ? (front as { configs: unknown }).configs : null;
  if (!Array.isArray(configs) || configs.length === 0) return [];
  const named = configs.find((c) => c && typeof c === "object" && (c as { config_name?: unknown }).config_name === "default");
  const config = (named ?? configs[0]) as { data_files?: unknown } | null;
  const dataFiles = config?.data_files;
  if (dataFiles === undefined || dataFiles === null) return [];
  if (typeof dataFiles === "string") return pathsOf(dataFiles).map((path) => ({ split: "train" as const, path }));
  if (Array.isArray(dataFiles))
    return dataFiles.flatMap((entry): DataFileEntry[] => {
      if (typeof entry === "string") return [{ split: "train", path: entry.trim() }];
      if (!entry || typeof entry !== "object") return [];
      const { split, path } = entry as { split?: unknown; path?: unknown };
      const name = splitNamed(split ?? "train");
      return pathsOf(path).map((p) => ({ split: name, path: p }));
    });
  if (typeof dataFiles === "object")
    return Object.entries(dataFiles as Record<string, unknown>).flatMap(([split, path]) =>
      pathsOf(path).map((p) => ({ split: splitNamed(split), path: p })),
    );
  return [];
}

const isGlob = (pattern: string) => /[*?[]/.test(pattern);

/**
 * A Hub data_files pattern as a regular expression over paths relative to the dataset's root, with the
 * glob rules the Hub resolves them by (fsspec): `*` and `?` stay within a folder, `**` crosses folders,
 * `[…]` is a character class.
 */
export function globToRegExp(pattern: string): RegExp {
  let out = "";
  const p = pattern.replace(/^\.\//, "");
  for (let i = 0; i < p.length; i++) {
    const ch = p[i];
    if (ch === "*" && p[i + 1] === "*") {
      // `**/` matches zero or more folders; a lone `**` anything
      if (p[i + 2] === "/") {
        out += "(?:.*/)?";
        i += 2;
      } else {
        out += ".*";
        i += 1;
      }
    } else if (ch === "*") out += "[^/]*";
    else if (ch === "?") out += "[^/]";
    else if (ch === "[") {
      const end = p.indexOf("]", i + 1);
      if (end < 0) out += "\\[";
      else {
        out += `[${p
          .slice(i + 1, end)
          .replace(/^!/, "^")
          .replace(/\\/g, "\\\\")}]`;
        i = end;
      }
    } else out += ch.replace(/[.+^${}()|\\]/g, "\\$&");
  }
  return new RegExp(`^${out}$`);
}

/** Every file under dir (relative, `/`-separated), hidden folders left out. */
function filesUnder(dir: string, prefix = ""): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true })
    .filter((e) => !e.name.startsWith("."))
    .flatMap((e) => {
      const rel = prefix ? `${prefix}/${e.name}` : e.name;
      return e.isDirectory() ? filesUnder(dir, rel) : e.isFile() ? [rel] : [];
    })
    .sort();
}

/** The card's entries with their globs expanded against the folder, in the card's order; a pattern matching nothing is an error. */
function expandDataFiles(dir: string, listed: DataFileEntry[]): DataFileEntry[] {
  let all: string[] | null = null;
  return listed.flatMap((e) => {
    if (!isGlob(e.path)) {
      if (!existsSync(path.join(dir, ...e.path.split("/"))))
        throw new AppError("invalid_input", `The dataset card lists ${e.path} for ${e.split}, which is not in ${dir}.`);
      return [e];
    }
    all ??= filesUnder(dir);
    const re = globToRegExp(e.path);
    const matched = all.filter((f) => re.test(f) && /\.(jsonl|parquet)$/i.test(f));
    if (!matched.length)
      throw new AppError(
        "invalid_input",
        `The dataset card's pattern ${e.path} for ${e.split} matches no .jsonl or .parquet file in ${dir}.`,
      );
    return matched.map((f) => ({ split: e.split, path: f }));
  });
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
      const files = expandDataFiles(dir, listed);
      return { files: files.map((e) => ({ ...e, format: formatOf(e.path) })), how: "the card's data_files", notes };
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
