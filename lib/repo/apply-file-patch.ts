// Applies one file's released-format hunks to its base text (pure): the patched version an
// annotator toggles to, without a checkout. Like `patch`, a hunk may sit a few lines away from
// its header's position (offset) but its context and deleted lines must match exactly.
import { NO_NEWLINE_MARKER as NO_NEWLINE, type PatchFile } from "@/lib/patch/released-patch";
import { AppError } from "@/lib/errors";

const MAX_OFFSET = 300;

interface SplitText {
  lines: string[];
  finalNewline: boolean;
}

function splitText(text: string): SplitText {
  if (text === "") return { lines: [], finalNewline: false };
  const finalNewline = text.endsWith("\n");
  const lines = (finalNewline ? text.slice(0, -1) : text).split("\n");
  return { lines, finalNewline };
}

// CRLF files: GitHub's patch keeps the \r, but a tool on the way may have dropped it.
const sameLine = (a: string | undefined, b: string) => a !== undefined && (a === b || a.replace(/\r$/, "") === b.replace(/\r$/, ""));

function matchesAt(base: string[], at: number, expected: string[]): boolean {
  if (at < 0 || at + expected.length > base.length) return false;
  for (let i = 0; i < expected.length; i++) if (!sameLine(base[at + i], expected[i])) return false;
  return true;
}

export interface AppliedFile {
  text: string;
  /** true when the patch removes the file */
  deleted: boolean;
}

/** baseText null: the file does not exist at the base commit (new file). */
export function applyFilePatch(baseText: string | null, file: PatchFile): AppliedFile {
  const base = splitText(baseText ?? "");
  const out: string[] = [];
  let cursor = 0;
  let newEndsWithoutNewline = false;
  let touchesEnd = false;
  for (const hunk of file.hunks) {
    const oldSide = hunk.lines.filter((l) => l.kind === "context" || l.kind === "del").map((l) => l.text);
    // an empty old side (-N,0) inserts after line N
    const wanted = hunk.oldCount === 0 ? hunk.oldStart : hunk.oldStart - 1;
    let at = -1;
    for (let off = 0; off <= MAX_OFFSET && at < 0; off++) {
      if (wanted + off >= cursor && matchesAt(base.lines, wanted + off, oldSide)) at = wanted + off;
      else if (off > 0 && wanted - off >= cursor && matchesAt(base.lines, wanted - off, oldSide)) at = wanted - off;
    }
    if (at < 0) {
      const firstBad = oldSide.findIndex((l, i) => !sameLine(base.lines[wanted + i], l));
      const detail =
        wanted + oldSide.length > base.lines.length && firstBad < 0
          ? `the base has only ${base.lines.length} lines`
          : `line ${wanted + Math.max(firstBad, 0) + 1} differs`;
      throw new AppError(
        "patch_does_not_apply",
        `The patch does not apply to ${file.path} at the base commit (${hunk.header}: ${detail}).`,
        {
          path: file.path,
          hunkHeader: hunk.header,
          detail,
        },
      );
    }
    out.push(...base.lines.slice(cursor, at));
    let previous: "old" | "new" | "both" | null = null;
    for (const line of hunk.lines) {
      if (line.kind === "context") {
        out.push(line.text);
        previous = "both";
      } else if (line.kind === "add") {
        out.push(line.text);
        previous = "new";
      } else if (line.kind === "del") {
        previous = "old";
      } else if (line.text === NO_NEWLINE && (previous === "new" || previous === "both")) {
        newEndsWithoutNewline = true;
      }
    }
    cursor = at + oldSide.length;
    touchesEnd = cursor >= base.lines.length;
  }
  out.push(...base.lines.slice(cursor));
  const deleted = file.hunks.length > 0 && file.hunks.every((h) => h.newCount === 0 && h.newStart === 0);
  if (out.length === 0) return { text: "", deleted };
  const finalNewline = touchesEnd ? !newEndsWithoutNewline : base.finalNewline;
  return { text: out.join("\n") + (finalNewline ? "\n" : ""), deleted };
}
