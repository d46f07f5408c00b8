// Parses `patch_to_review` for the diff view (lib/patch/released-patch.ts owns the format) and
// anchors review comments in it.
import { parseReleasedPatch, type PatchFile } from "@/lib/patch/released-patch";

export type { PatchFile, PatchHunk, PatchLine, PatchLineKind } from "@/lib/patch/released-patch";

export function parsePatch(patch: string): PatchFile[] {
  return parseReleasedPatch(patch);
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
