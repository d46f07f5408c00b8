import { parquetMetadata, parquetReadObjects } from "hyparquet";
import { describe, expect, test } from "vitest";
import { canonicalJson } from "./canonical-json";
import { sortRows } from "./serialize-jsonl";
import { releasedSampleRows } from "./testing/released-sample";
import { rowsToParquet } from "./write-parquet";

// Parquet gives every struct field of the union (null where absent) and INT64 as bigint; undo both
function fromParquet(value: unknown): unknown {
  if (typeof value === "bigint") return Number(value);
  if (Array.isArray(value)) return value.map(fromParquet);
  if (value !== null && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k, v]) => v !== null || k === "user" || k === "judged_user")
        .map(([k, v]) => [k, fromParquet(v)]),
    );
  return value;
}

const toBuffer = (bytes: Uint8Array) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

describe("Parquet beside the JSONL", () => {
  const rows = releasedSampleRows();

  test("hyparquet reads back the same rows, nested fields and all, in the JSONL's order", async () => {
    const file = toBuffer(rowsToParquet(rows));
    expect(Number(parquetMetadata(file).num_rows)).toBe(rows.length);
    const read = (await parquetReadObjects({ file })).map(fromParquet);
    expect(read.map((r) => canonicalJson(r))).toEqual(sortRows(rows).map((r) => canonicalJson(r)));
  });

  test("the perturbed rows keep perturbation_kind, the others read it as null", async () => {
    const read = await parquetReadObjects({ file: toBuffer(rowsToParquet(rows)), columns: ["instance_id", "perturbation_kind"] });
    const kinds = read
      .filter((r) => r.perturbation_kind !== null)
      .map((r) => `${r.perturbation_kind}`)
      .sort();
    expect(kinds).toEqual(["location", "negation", "negation", "symbol"]);
    expect(read.filter((r) => String(r.instance_id).includes("#perturb")).length).toBe(4);
  });

  test("an empty split is a valid file with no rows, and the bytes are reproducible", async () => {
    const empty = toBuffer(rowsToParquet([]));
    expect(Number(parquetMetadata(empty).num_rows)).toBe(0);
    expect(Buffer.from(rowsToParquet(rows)).equals(Buffer.from(rowsToParquet(rows.slice().reverse())))).toBe(true);
  });
});
