// One file of a patch as the diff view's rows: each hunk's header, then its lines. The view renders
// rows of one fixed height (lines do not wrap), so a file's height is its row count times that height
// and only the rows in view need to be in the DOM (issue #31 item 10).
import type { PatchFile, PatchLine } from "./parse-patch";

export type PatchRow =
  | { kind: "header"; header: string; hunkIndex: number }
  | { kind: "line"; line: PatchLine; hunkIndex: number; lineIndex: number /** index among the file's lines */; n: number };

export interface PatchRows {
  rows: PatchRow[];
  /** the file's lines in order, meta lines included (row `n` of a line is its index here) */
  lines: PatchLine[];
  /** the widest row in characters (a tab counts as 8, CSS's default tab-size), to size a table that does not wrap */
  widestChars: number;
}

const TAB_WIDTH = 8;
const widthOf = (text: string) => text.length + (TAB_WIDTH - 1) * (text.split("\t").length - 1);

export function countPatchRows(file: Pick<PatchFile, "hunks">): number {
  return file.hunks.reduce((n, h) => n + 1 + h.lines.length, 0);
}

export function patchRows(file: Pick<PatchFile, "hunks">): PatchRows {
  const rows: PatchRow[] = [];
  const lines: PatchLine[] = [];
  let widestChars = 0;
  file.hunks.forEach((hunk, hunkIndex) => {
    rows.push({ kind: "header", header: hunk.header, hunkIndex });
    widestChars = Math.max(widestChars, widthOf(hunk.header));
    hunk.lines.forEach((line, lineIndex) => {
      rows.push({ kind: "line", line, hunkIndex, lineIndex, n: lines.length });
      lines.push(line);
      widestChars = Math.max(widestChars, widthOf(line.text));
    });
  });
  return { rows, lines, widestChars };
}

/** The row of a hunk's line, or null when the file has no such line. */
export function rowOfLine(file: Pick<PatchFile, "hunks">, hunkIndex: number, lineIndex: number): number | null {
  const hunk = file.hunks[hunkIndex];
  if (!hunk || lineIndex < 0 || lineIndex >= hunk.lines.length) return null;
  let row = 0;
  for (let h = 0; h < hunkIndex; h++) row += 1 + file.hunks[h].lines.length;
  return row + 1 + lineIndex;
}

export interface RowSpan {
  start: number;
  end: number;
}

/**
 * The rows to render for a file body whose top is `top` px from the viewport's top: those within
 * `overscan` px of the viewport, widened to whole blocks of `block` rows, so scrolling re-renders a
 * file only when a block boundary comes into reach. Empty (start = end = 0) when none is in reach.
 */
export function rowsInReach(
  { top, viewportHeight, rowHeight, rowCount }: { top: number; viewportHeight: number; rowHeight: number; rowCount: number },
  { overscan, block }: { overscan: number; block: number },
): RowSpan {
  const first = Math.max(0, Math.floor((-top - overscan) / rowHeight));
  const last = Math.min(rowCount, Math.ceil((viewportHeight - top + overscan) / rowHeight));
  if (first >= last) return { start: 0, end: 0 };
  return { start: Math.floor(first / block) * block, end: Math.min(rowCount, Math.ceil(last / block) * block) };
}

/** The spans to render, in order and merged (the rows in reach, the commented line that is always there). */
export function renderedSpans(spans: RowSpan[], rowCount: number): RowSpan[] {
  const sorted = spans
    .map((s) => ({ start: Math.max(0, s.start), end: Math.min(rowCount, s.end) }))
    .filter((s) => s.end > s.start)
    .sort((a, b) => a.start - b.start);
  const merged: RowSpan[] = [];
  for (const s of sorted) {
    const last = merged[merged.length - 1];
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else merged.push(s);
  }
  return merged;
}
