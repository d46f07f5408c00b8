// Parses `patch_to_review` for the diff view (lib/patch/released-patch.ts owns the format) and
// anchors review comments in it.
import { placeComment } from "@/lib/patch/anchor-comment";
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
 * Where a review comment sits in the whole patch, from its path and diff_hunk alone (a perturbed or
 * hand-made comment has no GitHub position data): lib/patch/anchor-comment.ts places it only where
 * the marked line reads like the hunk's last line; null when it cannot be placed exactly.
 */
export function anchorComment(files: PatchFile[], path: string | null, diffHunk: string | null): CommentAnchor | null {
  const placed = placeComment(files, { path, diffHunk });
  return placed.placed ? { fileIndex: placed.fileIndex, hunkIndex: placed.hunkIndex, lineIndex: placed.lineIndex } : null;
}
