// Splits a released-format patch into one text per file, so the diff view can hand each file to
// the browser as it is and parse only the files an annotator opens.
import { parsePatch } from "./parse-patch";

export interface PatchFileChunk {
  path: string;
  oldPath: string;
  additions: number;
  deletions: number;
  /** this file's part of the patch, from its `diff --git` line */
  text: string;
}

export function splitPatchByFile(patch: string): PatchFileChunk[] {
  const lines = patch.split("\n");
  const starts = lines.flatMap((l, i) => (l.startsWith("diff --git a/") ? [i] : []));
  return starts.map((start, k) => {
    const text = lines.slice(start, starts[k + 1] ?? lines.length).join("\n");
    const [file] = parsePatch(text);
    return { path: file.path, oldPath: file.oldPath, additions: file.additions, deletions: file.deletions, text };
  });
}
