// Applies one file's released-format hunks to its base text (pure): the patched version an
// annotator toggles to, without a checkout. The fitting is jsdiff's `applyPatch` (`diff`, as `patch`
// does it: a hunk may sit away from its header's position, but its context and deleted lines must
// match exactly, and later hunks go after earlier ones). Kept here: GitHub's CRLF lines compared
// without their \r (a tool on the way may have dropped it), the released format's parsed hunks
// turned into jsdiff's, and, when a hunk fits nowhere, which one and why, for the annotator.
import { applyPatch, type StructuredPatch } from "diff";
import { AppError } from "@/lib/errors";
import { NO_NEWLINE_MARKER as NO_NEWLINE, type PatchFile, type PatchHunk } from "@/lib/patch/released-patch";

const PREFIX = { context: " ", add: "+", del: "-" } as const;

function structured(file: PatchFile, hunks: readonly PatchHunk[]): StructuredPatch {
  return {
    oldFileName: file.oldPath,
    newFileName: file.path,
    oldHeader: undefined,
    newHeader: undefined,
    // unified diff's quirk: an empty side's start is one lower than its line (`@@ -0,0 +1,2 @@`); jsdiff's
    // parsePatch adds the one back, and so do we
    hunks: hunks.map((h) => ({
      oldStart: h.oldCount === 0 ? h.oldStart + 1 : h.oldStart,
      oldLines: h.oldCount,
      newStart: h.newCount === 0 ? h.newStart + 1 : h.newStart,
      newLines: h.newCount,
      lines: h.lines.flatMap((l) => (l.kind === "meta" ? (l.text === NO_NEWLINE ? [NO_NEWLINE] : []) : [`${PREFIX[l.kind]}${l.text}`])),
    })),
  };
}

// CRLF files: GitHub's patch keeps the \r, but a tool on the way may have dropped it. jsdiff asks about
// lines past the end of the base too (undefined); and it must not rewrite the line endings of added lines.
const sameLine = (a: string | undefined, b: string) => a !== undefined && (a === b || a.replace(/\r$/, "") === b.replace(/\r$/, ""));
const OPTIONS = {
  autoConvertLineEndings: false,
  compareLine: (_n: number, line: string | undefined, _op: string, patchContent: string) => sameLine(line, patchContent),
};

export interface AppliedFile {
  text: string;
  /** true when the patch removes the file */
  deleted: boolean;
}

/** Why `hunk` fits nowhere: the first line that differs at its header's position, or a base too short. */
function notApplying(file: PatchFile, hunk: PatchHunk, base: string): AppError {
  const lines = base === "" ? [] : base.replace(/\n$/, "").split("\n");
  const oldSide = hunk.lines.filter((l) => l.kind === "context" || l.kind === "del").map((l) => l.text);
  const wanted = hunk.oldCount === 0 ? hunk.oldStart : hunk.oldStart - 1;
  const firstBad = oldSide.findIndex((l, i) => !sameLine(lines[wanted + i], l));
  const detail =
    wanted + oldSide.length > lines.length && (firstBad < 0 || wanted + firstBad >= lines.length)
      ? `the base has only ${lines.length} lines`
      : `line ${wanted + Math.max(firstBad, 0) + 1} differs`;
  return new AppError("patch_does_not_apply", `The patch does not apply to ${file.path} at the base commit (${hunk.header}: ${detail}).`, {
    path: file.path,
    hunkHeader: hunk.header,
    detail,
  });
}

/** baseText null: the file does not exist at the base commit (new file). */
export function applyFilePatch(baseText: string | null, file: PatchFile): AppliedFile {
  const base = baseText ?? "";
  const text = applyPatch(base, structured(file, file.hunks), OPTIONS);
  if (text === false) {
    // the first hunk that does not fit after the ones before it
    const failing = file.hunks.findIndex((_, i) => applyPatch(base, structured(file, file.hunks.slice(0, i + 1)), OPTIONS) === false);
    throw notApplying(file, file.hunks[Math.max(failing, 0)], base);
  }
  const deleted = file.hunks.length > 0 && file.hunks.every((h) => h.newCount === 0 && h.newStart === 0);
  return { text, deleted };
}
