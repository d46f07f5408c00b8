// Parquet beside each JSONL split, with the nested layout the Hub's own JSONL→Parquet conversion
// gives these rows: structs for objects, lists of structs for arrays, and code_review entries as
// one struct holding the union of the five entry types' fields (absent fields are null).
import { parquetWriteBuffer } from "hyparquet-writer";
import type { ReleasedRow } from "./released-row-schema";
import { sortRows } from "./serialize-jsonl";

type Leaf = "STRING" | "INT64" | "BOOLEAN";
type Field = { name: string; leaf?: Leaf; optional?: boolean; struct?: Field[]; list?: Field[] };

const CODE_REVIEW_FIELDS: Field[] = [
  { name: "type", leaf: "STRING" },
  { name: "id", leaf: "INT64", optional: true },
  { name: "sha", leaf: "STRING", optional: true },
  { name: "user", leaf: "STRING", optional: true },
  { name: "created_at", leaf: "STRING" },
  { name: "body", leaf: "STRING", optional: true },
  { name: "message", leaf: "STRING", optional: true },
  { name: "review_path", leaf: "STRING", optional: true },
  { name: "diff_hunk", leaf: "STRING", optional: true },
  { name: "in_reply_to_id", leaf: "INT64", optional: true },
  { name: "review_state", leaf: "STRING", optional: true },
];

const PARQUET_COLUMNS: Field[] = [
  { name: "instance_id", leaf: "STRING" },
  { name: "judged_entry_id", leaf: "INT64" },
  { name: "judged_user", leaf: "STRING", optional: true },
  { name: "repo", leaf: "STRING" },
  { name: "language", leaf: "STRING" },
  {
    name: "pull_request",
    struct: [
      { name: "pull_number", leaf: "INT64" },
      { name: "title", leaf: "STRING" },
      { name: "body", leaf: "STRING" },
      { name: "created_at", leaf: "STRING" },
      { name: "base_commit", leaf: "STRING" },
      { name: "patch_to_review", leaf: "STRING" },
    ],
  },
  {
    name: "resolved_issues",
    list: [
      { name: "number", leaf: "INT64" },
      { name: "title", leaf: "STRING" },
      { name: "body", leaf: "STRING" },
    ],
  },
  { name: "code_review", list: CODE_REVIEW_FIELDS },
  { name: "problem_domain", leaf: "STRING" },
  { name: "hint_text", leaf: "STRING" },
  { name: "trustworthy", leaf: "BOOLEAN" },
  { name: "source", leaf: "STRING" },
  { name: "perturbation_kind", leaf: "STRING", optional: true },
];

type ParquetSchema = NonNullable<Parameters<typeof parquetWriteBuffer>[0]["schema"]>;
type SchemaElement = ParquetSchema[number];

function schemaOf(field: Field): SchemaElement[] {
  const repetition_type = field.optional ? "OPTIONAL" : "REQUIRED";
  if (field.struct) return [{ name: field.name, repetition_type, num_children: field.struct.length }, ...field.struct.flatMap(schemaOf)];
  if (field.list)
    return [
      { name: field.name, repetition_type, converted_type: "LIST", num_children: 1 },
      { name: "list", repetition_type: "REPEATED", num_children: 1 },
      { name: "element", repetition_type: "REQUIRED", num_children: field.list.length },
      ...field.list.flatMap(schemaOf),
    ];
  if (field.leaf === "STRING") return [{ name: field.name, type: "BYTE_ARRAY", converted_type: "UTF8", repetition_type }];
  return [{ name: field.name, type: field.leaf, repetition_type }];
}

// hyparquet-writer takes INT64 values as bigint, and needs every struct field present (null when absent).
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function toParquetValue(field: Field, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  const { struct, list } = field;
  if (struct) return structValue(struct, expectRecord(field, value));
  if (list) {
    if (!Array.isArray(value)) throw new TypeError(`Parquet column ${field.name} expects a list`);
    return value.map((item) => structValue(list, expectRecord(field, item)));
  }
  if (field.leaf === "INT64") {
    if (typeof value !== "number" && typeof value !== "bigint") throw new TypeError(`Parquet column ${field.name} expects an integer`);
    return BigInt(value);
  }
  return value;
}

// rows were checked against ReleasedRowSchema before they get here; a mismatch is a programming error
function expectRecord(field: Field, value: unknown): Record<string, unknown> {
  if (!isRecord(value)) throw new TypeError(`Parquet column ${field.name} expects an object`);
  return value;
}

function structValue(fields: Field[], value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(fields.map((f) => [f.name, toParquetValue(f, value[f.name])]));
}

/** The split's rows (sorted like the JSONL) as one Parquet file. */
export function rowsToParquet(rows: readonly ReleasedRow[]): Uint8Array {
  const sorted: Record<string, unknown>[] = sortRows(rows).map((row) => ({ ...row }));
  const schema: ParquetSchema = [{ name: "schema", num_children: PARQUET_COLUMNS.length }, ...PARQUET_COLUMNS.flatMap(schemaOf)];
  const buffer = parquetWriteBuffer({
    columnData: PARQUET_COLUMNS.map((f) => ({ name: f.name, data: sorted.map((row) => toParquetValue(f, row[f.name])) })),
    schema,
    createdBy: "crjudge-workbench",
    // HF's viewer reads the first row group for its preview; keep groups modest
    rowGroupSize: 1000,
  });
  return new Uint8Array(buffer);
}
