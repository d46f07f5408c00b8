import type { ReleasedRow } from "./released-row-schema";

// Reproducible bytes: rows in one fixed order, keys in the order the writer built them,
// one line per row, each line ending in "\n" (an empty split is an empty file). Rows imported from a
// release keep the order they had there (#32 item 9), ahead of the rows made here.

/** Imported rows' places in their import, remembered by the loader (load-split-rows.ts) for the writer. */
const importedPositions = new WeakMap<ReleasedRow, number>();
export const rememberImportedPosition = (row: ReleasedRow, position: number) => importedPositions.set(row, position);

const compareStrings = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** dataset order: imported rows in their import's order first, then instance_id, then judged_entry_id (instance_id alone is not unique) */
function compareRows(a: ReleasedRow, b: ReleasedRow): number {
  const pa = importedPositions.get(a);
  const pb = importedPositions.get(b);
  if (pa !== undefined || pb !== undefined) {
    if (pa === undefined) return 1;
    if (pb === undefined) return -1;
    if (pa !== pb) return pa - pb;
  }
  return compareStrings(a.instance_id, b.instance_id) || a.judged_entry_id - b.judged_entry_id;
}

/** How the rows of an export are ordered: how many keep their import's order (ahead of the rest), of how many. */
export interface RowOrder {
  imported: number;
  total: number;
}

export function rowOrderOf(rows: Iterable<ReleasedRow>): RowOrder {
  let imported = 0;
  let total = 0;
  for (const row of rows) {
    total += 1;
    if (importedPositions.has(row)) imported += 1;
  }
  return { imported, total };
}

export function sortRows(rows: readonly ReleasedRow[]): ReleasedRow[] {
  return rows.slice().sort(compareRows);
}

export function rowsToJsonl(rows: readonly ReleasedRow[]): string {
  return sortRows(rows)
    .map((row) => `${JSON.stringify(row)}\n`)
    .join("");
}
