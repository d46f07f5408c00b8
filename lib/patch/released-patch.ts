// The released patch format (`patch_to_review`, shared/reference/dataset-format.md): per file a
// `diff --git a/<old> b/<new>` line followed directly by its `@@` hunks — GitHub's per-file patches
// without git's extended headers (index, modes, renames, ---/+++); `\ No newline at end of file`
// stays. The one module that writes, parses, splits and counts it. Pure (the diff view runs it in
// the browser too).

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

const FILE_PREFIX = "diff --git ";
/** A hunk header, and with the optional space after it, what to strip to leave the section heading. */
export const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@ ?/;
export const NO_NEWLINE_MARKER = "\\ No newline at end of file";

export function isFileHeader(line: string): boolean {
  return line.startsWith(FILE_PREFIX);
}

/**
 * The paths of a `diff --git a/<old> b/<new>` line. The writer puts the same path on both sides,
 * so equal halves are split in the middle (a name may hold spaces and even ` b/`); a rename from
 * a hand-written patch falls back to the last ` b/`.
 */
export function parseFileHeader(line: string): { oldPath: string; path: string } | null {
  if (!isFileHeader(line)) return null;
  const rest = line.slice(FILE_PREFIX.length);
  if (rest.length % 2 === 1) {
    const mid = (rest.length - 1) / 2;
    const left = rest.slice(0, mid);
    const right = rest.slice(mid + 1);
    if (rest[mid] === " " && left.startsWith("a/") && right.startsWith("b/") && left.slice(2) === right.slice(2)) {
      return { oldPath: left.slice(2), path: right.slice(2) };
    }
  }
  const m = /^a\/(.*) b\/(.*)$/.exec(rest);
  if (!m || m[1] === undefined || m[2] === undefined) return null;
  return { oldPath: m[1], path: m[2] };
}

export function fileHeader(path: string, oldPath = path): string {
  return `${FILE_PREFIX}a/${oldPath} b/${path}`;
}

/** Writes files (each its hunks' lines, headers included) in the released format. */
export function writeReleasedPatch(files: { path: string; oldPath?: string; hunkLines: string[] }[]): string {
  return files.map((f) => [fileHeader(f.path, f.oldPath), ...f.hunkLines].join("\n")).join("\n");
}

function parseHunkHeader(text: string): PatchHunk | null {
  const h = HUNK_HEADER.exec(text);
  if (!h) return null;
  // an omitted count means 1 (unified diff format)
  const count = (s: string | undefined) => (s === undefined ? 1 : Number(s));
  return { header: text, oldStart: Number(h[1]), oldCount: count(h[2]), newStart: Number(h[3]), newCount: count(h[4]), lines: [] };
}

/** Files, hunks and numbered lines, as the diff view shows them. */
export function parseReleasedPatch(patch: string): PatchFile[] {
  const files: PatchFile[] = [];
  let file: PatchFile | null = null;
  let hunk: PatchHunk | null = null;
  let oldNo = 0;
  let newNo = 0;
  const all = patch.split("\n");
  for (const [index, text] of all.entries()) {
    const header = parseFileHeader(text);
    if (header) {
      file = { ...header, hunks: [], additions: 0, deletions: 0 };
      files.push(file);
      hunk = null;
      continue;
    }
    const next = file ? parseHunkHeader(text) : null;
    if (next && file) {
      hunk = next;
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

export interface ReleasedPatchChunk {
  path: string;
  oldPath: string;
  /** this file's part of the patch, from its `diff --git` line */
  text: string;
}

/** One text per file, each starting at its `diff --git` line (lines before the first file are dropped). */
export function splitReleasedPatch(patch: string): ReleasedPatchChunk[] {
  const lines = patch.split("\n");
  const starts = lines.flatMap((l, i) => (parseFileHeader(l) ? [i] : []));
  return starts.map((start, k) => {
    const text = lines.slice(start, starts[k + 1] ?? lines.length).join("\n");
    const header = parseFileHeader(lines[start] ?? "") ?? { oldPath: "", path: "" };
    return { ...header, text };
  });
}

export interface PatchCounts {
  /** files in the patch (each `diff --git` line) */
  files: number;
  additions: number;
  deletions: number;
}

export function countReleasedPatch(patch: string): PatchCounts {
  const files = parseReleasedPatch(patch);
  return {
    files: files.length,
    additions: files.reduce((n, f) => n + f.additions, 0),
    deletions: files.reduce((n, f) => n + f.deletions, 0),
  };
}

/** The (new) paths a patch touches, in order. */
export function releasedPatchPaths(patch: string): string[] {
  return patch.split("\n").flatMap((l) => {
    const header = parseFileHeader(l);
    return header ? [header.path] : [];
  });
}
