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

const C_ESCAPES: Record<string, string> = { a: "\x07", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v", '"': '"', "\\": "\\" };
const C_QUOTES: Record<string, string> = Object.fromEntries(Object.entries(C_ESCAPES).map(([k, v]) => [v, `\\${k}`]));
/** Characters git C-quotes in a path (core.quotePath): controls, `"`, `\`, and the bytes of a name that is not UTF-8. */
const needsQuoting = (path: string) =>
  [...path].some((ch) => {
    const code = ch.charCodeAt(0);
    return code < 0x20 || code === 0x7f || ch === '"' || ch === "\\" || (code >= 0xdc80 && code <= 0xdcff);
  });

/**
 * Bytes as text; a byte that is not part of valid UTF-8 becomes U+DC80+byte (a lone surrogate, as
 * Python's surrogateescape), so a file name git gives as raw bytes comes back out byte for byte.
 */
function decodeEscapingBytes(bytes: number[]): string {
  const strict = new TextDecoder("utf-8", { fatal: true });
  let out = "";
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i];
    const n = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (n && i + n <= bytes.length) {
      try {
        out += strict.decode(Uint8Array.from(bytes.slice(i, i + n)));
        i += n;
        continue;
      } catch {
        // not a valid sequence: escape its first byte
      }
    }
    out += String.fromCharCode(0xdc00 + b);
    i++;
  }
  return out;
}

/** Git C-quotes paths with control characters, quotes or backslashes: `"a/tab\there"`, octal for raw bytes. */
export function unquoteGitPath(raw: string): string {
  if (!raw.startsWith('"') || !raw.endsWith('"') || raw.length < 2) return raw;
  const bytes: number[] = [];
  const utf8 = (text: string) => bytes.push(...new TextEncoder().encode(text));
  const body = raw.slice(1, -1);
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (ch !== "\\") {
      utf8(ch);
      continue;
    }
    const next = body[i + 1];
    if (/[0-7]/.test(next ?? "")) {
      bytes.push(parseInt(body.slice(i + 1, i + 4), 8));
      i += 3;
    } else {
      utf8(C_ESCAPES[next] ?? next);
      i += 1;
    }
  }
  return decodeEscapingBytes(bytes);
}

/** A path as git writes it in a header: C-quoted when it holds what git quotes, as is otherwise. */
function quoteGitPath(path: string): string {
  if (!needsQuoting(path)) return path;
  let out = "";
  for (const ch of path) {
    const code = ch.charCodeAt(0);
    if (C_QUOTES[ch]) out += C_QUOTES[ch];
    else if (code >= 0xdc80 && code <= 0xdcff) out += `\\${(code - 0xdc00).toString(8).padStart(3, "0")}`;
    else if (code < 0x20 || code === 0x7f) out += `\\${code.toString(8).padStart(3, "0")}`;
    else out += ch;
  }
  return `"${out}"`;
}

/** One path of a header line from `at`: a quoted one up to its closing quote, or the rest of the line. */
function quotedToken(text: string, at: number): { token: string; end: number } | null {
  if (text[at] !== '"') return null;
  for (let i = at + 1; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === '"') return { token: text.slice(at, i + 1), end: i + 1 };
  }
  return null;
}

/**
 * The paths of a `diff --git a/<old> b/<new>` line. The writer puts the same path on both sides,
 * so equal halves are split in the middle (a name may hold spaces and even ` b/`); a rename from
 * a hand-written patch falls back to the last ` b/`. A path git quotes (a newline, a tab, a quote,
 * bytes that are not UTF-8) is read back from its quotes.
 */
export function parseFileHeader(line: string): { oldPath: string; path: string } | null {
  if (!isFileHeader(line)) return null;
  const rest = line.slice(FILE_PREFIX.length);
  const quoted = quotedToken(rest, 0);
  if (quoted || rest.endsWith('"')) {
    // `"a/x\ty" "b/x\ty"`, or one side quoted: git quotes each side on its own
    const left = quoted ? quoted.token : rest.slice(0, rest.lastIndexOf(' "'));
    const rightRaw = quoted ? rest.slice(quoted.end + 1) : rest.slice(rest.lastIndexOf(' "') + 1);
    const oldPath = unquoteGitPath(left);
    const path = unquoteGitPath(rightRaw);
    if (oldPath.startsWith("a/") && path.startsWith("b/")) return { oldPath: oldPath.slice(2), path: path.slice(2) };
  }
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
  return `${FILE_PREFIX}${quoteGitPath(`a/${oldPath}`)} ${quoteGitPath(`b/${path}`)}`;
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

/**
 * The released patch as `git apply` reads it: each file's `---`/`+++` lines, which the released format
 * leaves out, put back (`/dev/null` and a new-file mode for a file whose hunks all start at 0,0, a
 * deleted-file mode for one whose hunks all end at 0,0, `rename from`/`rename to` for a header naming two
 * paths). Ends with a newline: without it `git apply` calls the last hunk corrupt (#44). What a judge that
 * applies the patch, or a check of it, feeds to git. Changes the released format cannot carry (binary
 * files, pure renames, modes, empty files) are in the PR's git patch (git-patch.ts), not here.
 */
export function toGitApplyPatch(patch: string): string {
  const text = splitReleasedPatch(patch)
    .map((chunk) => {
      const [header, ...rest] = chunk.text.replace(/\n$/, "").split("\n");
      const file = parseReleasedPatch(chunk.text)[0];
      const hunks = file?.hunks ?? [];
      const added = hunks.length > 0 && hunks.every((h) => h.oldStart === 0 && h.oldCount === 0);
      const deleted = hunks.length > 0 && hunks.every((h) => h.newStart === 0 && h.newCount === 0);
      const renamed = chunk.oldPath !== chunk.path;
      const from = added
        ? ["new file mode 100644", "--- /dev/null"]
        : [
            ...(deleted ? ["deleted file mode 100644"] : []),
            ...(renamed ? [`rename from ${quoteGitPath(chunk.oldPath)}`, `rename to ${quoteGitPath(chunk.path)}`] : []),
            `--- ${quoteGitPath(`a/${chunk.oldPath}`)}`,
          ];
      const to = deleted ? "+++ /dev/null" : `+++ ${quoteGitPath(`b/${chunk.path}`)}`;
      return [header, ...from, to, ...rest].join("\n");
    })
    .join("\n");
  return text ? `${text}\n` : "";
}
