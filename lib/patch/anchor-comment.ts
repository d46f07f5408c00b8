// Places a review comment in a released-format patch (issue #12), from GitHub's position data together
// with the comment's diff_hunk: the hunk's header and lines give the side (a last line starting with `-`
// is on the LEFT, the old file) and the line number in the revision the comment was written on; GitHub's
// original_line must agree; the patch line at that position must be of the same kind and read exactly
// like the hunk's last line. When the position does not hold, the comment is placed only where the
// hunk's whole body appears verbatim, once. Anything else is "not placeable" with the reason and the
// comment's own hunk to show — never a guess. Pure (the diff view runs it in the browser).
import { HUNK_HEADER, type PatchFile, type PatchLine } from "./released-patch";

export type DiffSide = "LEFT" | "RIGHT";

export interface CommentPosition {
  /** the thread root's for a reply */
  path: string | null;
  diffHunk: string | null;
  /** GitHub's line in the comment's current commit (null once outdated) */
  line?: number | null;
  /** GitHub's line in the commit the comment was written on */
  originalLine?: number | null;
  commitId?: string | null;
  originalCommitId?: string | null;
}

export interface PlacedComment {
  placed: true;
  fileIndex: number;
  hunkIndex: number;
  /** index into the hunk's lines (meta lines included) */
  lineIndex: number;
  side: DiffSide;
  /** line number on that side */
  lineNo: number;
  text: string;
  /** how it was placed: GitHub's position, or the hunk's content found verbatim */
  method: "position" | "hunk content";
}

export interface UnplaceableComment {
  placed: false;
  reason: string;
  /** the comment's own diff_hunk, to show instead */
  hunk: string | null;
}

export type CommentPlacement = PlacedComment | UnplaceableComment;

interface HunkTarget {
  side: DiffSide;
  lineNo: number;
  kind: PatchLine["kind"];
  text: string;
  /** the hunk's lines after its header, meta lines dropped, as [kind, text] */
  body: { kind: PatchLine["kind"]; text: string }[];
}

const kindOf = (line: string): PatchLine["kind"] => (line.startsWith("+") ? "add" : line.startsWith("-") ? "del" : "context");

/** The commented line of a diff_hunk: its last line, with its side and number in the hunk's revision. */
export function diffHunkTarget(diffHunk: string): HunkTarget | null {
  const lines = diffHunk.replace(/\n$/, "").split("\n");
  const header = HUNK_HEADER.exec(lines[0] ?? "");
  if (!header) return null;
  const body = lines
    .slice(1)
    .filter((l) => !l.startsWith("\\"))
    .map((l) => ({ kind: kindOf(l), text: l.slice(1) }));
  const last = body.at(-1);
  if (!last) return null;
  let oldNo = Number(header[1]);
  let newNo = Number(header[3]);
  for (const l of body.slice(0, -1)) {
    if (l.kind !== "add") oldNo++;
    if (l.kind !== "del") newNo++;
  }
  return last.kind === "del"
    ? { side: "LEFT", lineNo: oldNo, kind: last.kind, text: last.text, body }
    : { side: "RIGHT", lineNo: newNo, kind: last.kind, text: last.text, body };
}

const show = (s: string) => JSON.stringify(s.length > 80 ? `${s.slice(0, 77)}...` : s);

function findAt(file: PatchFile, side: DiffSide, lineNo: number): { hunkIndex: number; lineIndex: number; line: PatchLine } | null {
  for (const [hunkIndex, hunk] of file.hunks.entries()) {
    for (const [lineIndex, line] of hunk.lines.entries()) {
      const no = side === "LEFT" ? (line.kind === "del" ? line.oldNo : null) : line.kind === "del" ? null : line.newNo;
      if (no === lineNo) return { hunkIndex, lineIndex, line };
    }
  }
  return null;
}

/** Where the hunk's whole body appears verbatim in the file's patch; several places count as none. */
function findByContent(file: PatchFile, target: HunkTarget): { hunkIndex: number; lineIndex: number; line: PatchLine }[] {
  const found: { hunkIndex: number; lineIndex: number; line: PatchLine }[] = [];
  for (const [hunkIndex, hunk] of file.hunks.entries()) {
    const lines = hunk.lines.map((line, lineIndex) => ({ line, lineIndex })).filter((l) => l.line.kind !== "meta");
    for (let end = target.body.length - 1; end < lines.length; end++) {
      const start = end - target.body.length + 1;
      const same = target.body.every((b, k) => {
        const l = lines[start + k]?.line;
        return l !== undefined && l.kind === b.kind && l.text === b.text;
      });
      const at = lines[end];
      if (same && at) found.push({ hunkIndex, lineIndex: at.lineIndex, line: at.line });
    }
  }
  return found;
}

export function placeComment(files: PatchFile[], comment: CommentPosition, patchCommit?: string | null): CommentPlacement {
  const hunk = comment.diffHunk?.trim() ? comment.diffHunk : null;
  const notPlaceable = (reason: string): UnplaceableComment => ({ placed: false, reason, hunk });
  if (!comment.path) return notPlaceable("the comment is not on a file");
  if (!hunk) return notPlaceable(`GitHub gives no diff hunk for this comment on ${comment.path} (binary or too large a file)`);
  const target = diffHunkTarget(hunk);
  if (!target) return notPlaceable("the comment's diff hunk has no hunk header or no lines");
  let fileIndex = files.findIndex((f) => f.path === comment.path);
  if (fileIndex < 0) fileIndex = files.findIndex((f) => f.oldPath === comment.path);
  const file = files[fileIndex];
  if (!file)
    return notPlaceable(
      `${comment.path} has no diff in this patch (GitHub omits binary and very large files; or the change is undone at this revision)`,
    );

  const positions: { lineNo: number; what: string }[] = [];
  const mismatches: string[] = [];
  const onOriginal = !patchCommit || !comment.originalCommitId || patchCommit === comment.originalCommitId;
  if (onOriginal) {
    if (comment.originalLine != null && comment.originalLine !== target.lineNo)
      mismatches.push(
        `GitHub's original line ${comment.originalLine} disagrees with the comment's diff hunk, which ends at line ${target.lineNo}`,
      );
    else positions.push({ lineNo: target.lineNo, what: `line ${target.lineNo}` });
  }
  if (patchCommit && patchCommit === comment.commitId && comment.line != null)
    positions.push({ lineNo: comment.line, what: `current line ${comment.line}` });

  for (const p of positions) {
    const at = findAt(file, target.side, p.lineNo);
    if (!at) {
      mismatches.push(`${target.side === "LEFT" ? "old" : "new"} ${p.what} of ${file.path} is outside this patch's hunks`);
      continue;
    }
    if (at.line.kind !== target.kind || at.line.text !== target.text) {
      mismatches.push(`${p.what} reads ${show(at.line.text)} here, the comment's hunk ends with ${show(target.text)}`);
      continue;
    }
    return {
      placed: true,
      fileIndex,
      hunkIndex: at.hunkIndex,
      lineIndex: at.lineIndex,
      side: target.side,
      lineNo: p.lineNo,
      text: at.line.text,
      method: "position",
    };
  }
  const byContent = findByContent(file, target);
  const only = byContent[0];
  if (byContent.length === 1 && only) {
    const lineNo = (target.side === "LEFT" ? only.line.oldNo : only.line.newNo) ?? target.lineNo;
    return {
      placed: true,
      fileIndex,
      hunkIndex: only.hunkIndex,
      lineIndex: only.lineIndex,
      side: target.side,
      lineNo,
      text: only.line.text,
      method: "hunk content",
    };
  }
  if (!onOriginal && !positions.length)
    mismatches.push("this patch is not the revision the comment was written on, and GitHub no longer places the comment");
  if (byContent.length > 1) mismatches.push(`its hunk appears ${byContent.length} times`);
  return notPlaceable(mismatches.join("; "));
}
