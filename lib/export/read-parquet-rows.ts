// A split in Parquet (the Hub's conversion, or the file our export writes beside the JSONL) back to the
// JSONL lines the importer reads: INT64 as numbers, and of the union struct each timeline entry is stored
// as, only the fields of its own type (a deleted account's `user: null` stays).
import { parquetReadObjects } from "hyparquet";
import { AppError } from "@/lib/errors";
import {
  CommitEntrySchema,
  InlineEntrySchema,
  InlineReplyEntrySchema,
  PrCommentEntrySchema,
  ReviewEntrySchema,
} from "./released-row-schema";

const ENTRY_FIELDS: Record<string, readonly string[]> = Object.fromEntries(
  [CommitEntrySchema, PrCommentEntrySchema, InlineEntrySchema, InlineReplyEntrySchema, ReviewEntrySchema].map((s) => [
    s.shape.type.value,
    Object.keys(s.shape),
  ]),
);

function plain(value: unknown): unknown {
  if (typeof value === "bigint") return Number(value);
  if (Array.isArray(value)) return value.map(plain);
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

function entryOf(value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const entry = Object.fromEntries(Object.entries(value));
  const fields = ENTRY_FIELDS[String(entry.type)];
  // an unknown type keeps every field, so the importer names it instead of this reader guessing
  return fields ? Object.fromEntries(fields.filter((f) => f in entry).map((f) => [f, entry[f]])) : entry;
}

function rowOf(value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const row = Object.fromEntries(Object.entries(plain(value) ?? {}));
  if (row.perturbation_kind === null) delete row.perturbation_kind;
  if (Array.isArray(row.code_review)) row.code_review = row.code_review.map(entryOf);
  return row;
}

/** The rows of a Parquet split as JSONL text; a file that is not Parquet is a clear 422 naming it. */
export async function parquetToJsonl(bytes: Uint8Array, name = "the Parquet file"): Promise<string> {
  const file = new Uint8Array(bytes).buffer;
  let rows: Record<string, unknown>[];
  try {
    rows = await parquetReadObjects({ file });
  } catch (e) {
    throw new AppError("invalid_input", `${name} is not a readable Parquet file (${e instanceof Error ? e.message : String(e)}).`);
  }
  return rows.map((r) => `${JSON.stringify(rowOf(r))}\n`).join("");
}
