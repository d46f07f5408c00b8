import type { ReleasedRow } from "./released-row-schema";

// Reproducible bytes: rows in one fixed order, keys in the order the writer built them,
// one line per row, each line ending in "\n" (an empty split is an empty file).

const compareStrings = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** dataset order: instance_id, then judged_entry_id (instance_id alone is not unique) */
export function compareRows(a: ReleasedRow, b: ReleasedRow): number {
  return compareStrings(a.instance_id, b.instance_id) || a.judged_entry_id - b.judged_entry_id;
}

export function sortRows(rows: readonly ReleasedRow[]): ReleasedRow[] {
  return rows.slice().sort(compareRows);
}

export function rowsToJsonl(rows: readonly ReleasedRow[]): string {
  return sortRows(rows)
    .map((row) => `${JSON.stringify(row)}\n`)
    .join("");
}
