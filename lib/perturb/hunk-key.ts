import { commentedLineNumber } from "./patch-lines";

/**
 * Names a hunk by its file and `@@ -a,b +c,d @@` header. GitHub cuts a review comment's
 * diff_hunk at the commented line, so two comments in one hunk have different diff_hunk text
 * but the same header.
 */
export function hunkKey(anchor: { path: string; diffHunk: string }): string {
  const header = anchor.diffHunk.split("\n").find((line) => line.startsWith("@@"));
  const hunk = header ? header.replace(/^(@@[^@]*@@).*$/, "$1") : anchor.diffHunk;
  return `${anchor.path}\u0000${hunk}`;
}

/**
 * Within one hunk (a new file is a single hunk), a commented line at least this many lines from
 * another is another place: another function or block, not the line's neighbours.
 */
const SAME_HUNK_MIN_LINES = 10;

/** How many lines apart two comments of one hunk sit, or undefined when a line number cannot be read. */
export function linesApart(a: { diffHunk: string }, b: { diffHunk: string }): number | undefined {
  const x = commentedLineNumber(a.diffHunk);
  const y = commentedLineNumber(b.diffHunk);
  return x === undefined || y === undefined ? undefined : Math.abs(x - y);
}

/** Another file, another hunk, or a line of the same hunk far enough away to be another place. */
export function isAnotherPlace(a: { path: string; diffHunk: string }, b: { path: string; diffHunk: string }): boolean {
  if (hunkKey(a) !== hunkKey(b)) return true;
  const apart = linesApart(a, b);
  return apart !== undefined && apart >= SAME_HUNK_MIN_LINES;
}
