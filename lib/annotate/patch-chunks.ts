// Splits a released-format patch into one text per file, so the diff view can hand each file to
// the browser as it is and parse only the files an annotator opens.
import { parseReleasedPatch, splitReleasedPatch } from "@/lib/patch/released-patch";
import { countPatchRows } from "./patch-rows";

export interface PatchFileChunk {
  path: string;
  oldPath: string;
  additions: number;
  deletions: number;
  /** hunk headers plus lines: the view lays a file out at its full height before parsing it */
  rows: number;
  /** this file's part of the patch, from its `diff --git` line */
  text: string;
}

export function splitPatchByFile(patch: string): PatchFileChunk[] {
  return splitReleasedPatch(patch).map(({ path, oldPath, text }) => {
    const [file] = parseReleasedPatch(text);
    return {
      path,
      oldPath,
      additions: file?.additions ?? 0,
      deletions: file?.deletions ?? 0,
      rows: file ? countPatchRows(file) : 0,
      text,
    };
  });
}
