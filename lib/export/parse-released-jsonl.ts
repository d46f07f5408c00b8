// Reads a released-format JSONL file (dataset-format.md) into validated rows, or says exactly
// which lines are wrong and why.
import { AppError } from "@/lib/errors";
import type { z } from "zod";
import type { SplitName } from "@/lib/db/enums";
import { sha256Hex } from "./build-manifest";
import { ReleasedRowSchema, type ReleasedRow } from "./released-row-schema";
import { parseUntrustedJson } from "@/lib/untrusted-json";

export interface ReleasedFile {
  name: string;
  sha256: string;
  /** the split the file's rows belong to, when known (train.jsonl, validation.jsonl, test.jsonl) */
  split: SplitName | null;
  rows: ReleasedRow[];
  /** the file line of each row */
  lines: number[];
}

export interface ReleasedFileIssue {
  file: string;
  line: number | null;
  message: string;
}

/** A released file that cannot be imported: an AppError listing the problems (all of them in details.issues). */
export function releasedFileError(issues: ReleasedFileIssue[]): AppError {
  const shown = issues.slice(0, 20).map((i) => `${i.file}${i.line ? `:${i.line}` : ""}: ${i.message}`);
  const more = issues.length > 20 ? `\n… and ${issues.length - 20} more` : "";
  return new AppError("unreadable_file", `The file cannot be imported:\n${shown.join("\n")}${more}`, { issues });
}

const SPLIT_WORDS: Record<string, SplitName> = {
  train: "train",
  validation: "validation",
  valid: "validation",
  val: "validation",
  dev: "validation",
  test: "test",
};

/** train.jsonl, data/validation.jsonl, crj_test.jsonl … → the split; anything else → null. */
export function splitFromFileName(name: string): SplitName | null {
  const base = (name.split(/[\\/]/).at(-1) ?? name).toLowerCase().replace(/\.jsonl$/, "");
  for (const word of base.split(/[^a-z]+/).reverse()) if (SPLIT_WORDS[word]) return SPLIT_WORDS[word];
  return null;
}

const megabytes = (n: number) => `${(n / 1024 / 1024).toFixed(n < 10 * 1024 * 1024 ? 1 : 0)} MB`;

function describeIssue(issue: z.core.$ZodIssue): string {
  const where = issue.path
    .map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`))
    .join("")
    .replace(/^\./, "");
  return where ? `${where}: ${issue.message}` : issue.message;
}

/** the default of IMPORT_MAX_LINE_MB: a released row is tens of kilobytes; the largest real ones are a few MB */
const DEFAULT_MAX_LINE_BYTES = 32 * 1024 * 1024;

export function parseReleasedJsonl(
  name: string,
  text: string,
  split: SplitName | null = splitFromFileName(name),
  options: { maxLineBytes?: number } = {},
): ReleasedFile {
  const maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  const rows: ReleasedRow[] = [];
  const lines: number[] = [];
  const issues: ReleasedFileIssue[] = [];
  text
    .replace(/^\uFEFF/, "")
    .split("\n")
    .forEach((raw, index) => {
      const line = index + 1;
      if (raw.trim() === "") return;
      // refused before parsing: a huge line costs seconds and memory for nothing
      const bytes = raw.length > maxLineBytes / 4 ? Buffer.byteLength(raw, "utf8") : raw.length;
      if (bytes > maxLineBytes) {
        issues.push({
          file: name,
          line,
          message: `is ${megabytes(bytes)}, over the import's limit of ${megabytes(maxLineBytes)} a row (IMPORT_MAX_LINE_MB)`,
        });
        return;
      }
      // not JSON, nested past any real row, or a JSON-escaped NUL (PostgreSQL text cannot hold it): named
      // here by line and field, before anything is written
      const reading = parseUntrustedJson(raw);
      if (!reading.ok) {
        issues.push({ file: name, line, message: reading.reason });
        return;
      }
      const value = reading.value;
      const parsed = ReleasedRowSchema.safeParse(value);
      if (parsed.success) {
        rows.push(parsed.data);
        lines.push(line);
      } else for (const issue of parsed.error.issues.slice(0, 5)) issues.push({ file: name, line, message: describeIssue(issue) });
    });
  // an empty split file is valid (a small release can have no validation rows); an empty unnamed file is a mistake
  if (issues.length === 0 && rows.length === 0 && split === null) issues.push({ file: name, line: null, message: "has no rows" });
  if (issues.length > 0) throw releasedFileError(issues);
  return { name, sha256: sha256Hex(text), split, rows, lines };
}
