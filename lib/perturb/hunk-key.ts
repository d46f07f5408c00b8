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
