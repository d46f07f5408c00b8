// Parses `patch_to_review` (released format: per file a `diff --git a/<p> b/<p>` line followed
// directly by its `@@` hunks) into files, hunks and numbered lines for the diff view.

export type PatchLineKind = "context" | "add" | "del" | "meta";

export interface PatchLine {
  kind: PatchLineKind;
  text: string;
  oldNo: number | null;
  newNo: number | null;
}

export interface PatchHunk {
  header: string;
  oldStart: number;
  oldCount: number;
  newStart: number;
  newCount: number;
  lines: PatchLine[];
}

export interface PatchFile {
  path: string;
  oldPath: string;
  hunks: PatchHunk[];
  additions: number;
  deletions: number;
}

const FILE_RE = /^diff --git a\/(.*) b\/(.*)$/;
const HUNK_RE = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

export function parsePatch(patch: string): PatchFile[] {
  const files: PatchFile[] = [];
  let file: PatchFile | null = null;
  let hunk: PatchHunk | null = null;
  let oldNo = 0, newNo = 0;
  const all = patch.split("\n");
  for (const [index, text] of all.entries()) {
    const f = FILE_RE.exec(text);
    if (f) {
      file = { oldPath: f[1], path: f[2], hunks: [], additions: 0, deletions: 0 };
      files.push(file);
      hunk = null;
      continue;
    }
    const h = HUNK_RE.exec(text);
    if (h && file) {
      // an omitted count means 1 (unified diff format)
      hunk = { header: text, oldStart: Number(h[1]), oldCount: h[2] === undefined ? 1 : Number(h[2]), newStart: Number(h[3]), newCount: h[4] === undefined ? 1 : Number(h[4]), lines: [] };
      file.hunks.push(hunk);
      oldNo = hunk.oldStart;
      newNo = hunk.newStart;
      continue;
    }
    if (!hunk || !file) continue; // stray lines before the first hunk (e.g. binary notes) carry nothing to show
    if (text.startsWith("\\")) {
      hunk.lines.push({ kind: "meta", text, oldNo: null, newNo: null });
      continue;
    }
    // Lines, not the header's counts, decide (hand-edited patches miscount); a patch's final newline adds no line.
    if (text === "" && index === all.length - 1) continue;
    if (text.startsWith("+")) {
      hunk.lines.push({ kind: "add", text: text.slice(1), oldNo: null, newNo: newNo++ });
      file.additions++;
    } else if (text.startsWith("-")) {
      hunk.lines.push({ kind: "del", text: text.slice(1), oldNo: oldNo++, newNo: null });
      file.deletions++;
    } else {
      hunk.lines.push({ kind: "context", text: text.slice(1), oldNo: oldNo++, newNo: newNo++ });
    }
  }
  return files;
}

export interface CommentAnchor {
  fileIndex: number;
  hunkIndex: number;
  lineIndex: number;
}

/**
 * Where a review comment sits in the whole patch. GitHub's `diff_hunk` is the hunk header plus
 * the lines up to the commented line, so the anchor is the hunk with the same header in the
 * comment's file, at the position of the diff_hunk's last line.
 */
export function anchorComment(files: PatchFile[], path: string | null, diffHunk: string | null): CommentAnchor | null {
  if (!path || !diffHunk) return null;
  const fileIndex = files.findIndex((f) => f.path === path);
  if (fileIndex < 0) return null;
  const hunkLines = diffHunk.split("\n");
  const header = hunkLines[0];
  const body = hunkLines.slice(1).filter((l) => !l.startsWith("\\"));
  const hunks = files[fileIndex].hunks;
  const sameHeader = (a: string, b: string) => a.replace(/ @@.*$/, "") === b.replace(/ @@.*$/, "");
  const hunkIndex = hunks.findIndex((h) => sameHeader(h.header, header));
  if (hunkIndex < 0) return null;
  const lines = hunks[hunkIndex].lines.filter((l) => l.kind !== "meta");
  const lineIndex = Math.min(Math.max(body.length - 1, 0), lines.length - 1);
  // map back to the index in the unfiltered list
  const target = lines[lineIndex];
  return { fileIndex, hunkIndex, lineIndex: hunks[hunkIndex].lines.indexOf(target) };
}
