// Turns `git diff` output into the released dataset's `patch_to_review` (shared/reference/dataset-format.md):
// GitHub's per-file patches joined file by file, each introduced by `diff --git a/<path> b/<path>`
// followed directly by its `@@` hunks. Git's extended headers (index, modes, renames, ---/+++) are what
// GitHub's `/pulls/{n}/files` leaves out of `patch`, so they go; `\ No newline at end of file` stays.
import { countReleasedPatch, isFileHeader, unquoteGitPath, writeReleasedPatch } from "./released-patch";

export interface ReleasedPatch {
  patch: string;
  /** files with at least one hunk; binary files and pure renames have no patch on GitHub either */
  filesEdited: number;
  /** added plus deleted lines */
  linesEdited: number;
  /** GitHub's `filename` of each emitted file, in order */
  paths: string[];
  /** files left out of the patch, with why (besides binary files and pure renames, which have no hunks) */
  omitted: { path: string; reason: string }[];
}

/**
 * Binary files: git prints "Binary files … differ" and no hunk, and GitHub's per-file `patch` is absent, so
 * they have no place in the released patch. Git decides "binary" from a NUL byte in a file's first 8,000
 * bytes only; a text file with a NUL further on is diffed as text. Such a file is treated as the binary
 * file it is (left out, and named): PostgreSQL text cannot hold NUL, and one such file would lose the PR.
 */
export const NUL_IN_TEXT_FILE =
  "holds a NUL byte past git's 8,000-byte binary check; left out as a binary file (GitHub gives binary files no patch)";

function stripPrefix(p: string, prefix: "a/" | "b/"): string {
  const unquoted = unquoteGitPath(p);
  return unquoted.startsWith(prefix) ? unquoted.slice(2) : unquoted;
}

/** A renamed file's old path (GitHub's `previous_filename`), from git's `rename from`; null for any other file. */
function renamedFrom(header: string[]): string | null {
  const line = header.find((l) => l.startsWith("rename from "));
  return line ? unquoteGitPath(line.slice("rename from ".length)) : null;
}

/** The path GitHub reports as `filename`: the new path, or the old one for a deleted file. */
function fileNameOf(header: string[]): string {
  let plus: string | undefined;
  let minus: string | undefined;
  let renameTo: string | undefined;
  for (const line of header) {
    if (line.startsWith("+++ ")) plus = line.slice(4).replace(/\t$/, "");
    else if (line.startsWith("--- ")) minus = line.slice(4).replace(/\t$/, "");
    else if (line.startsWith("rename to ")) renameTo = unquoteGitPath(line.slice(10));
  }
  if (plus && plus !== "/dev/null") return stripPrefix(plus, "b/");
  if (minus && minus !== "/dev/null") return stripPrefix(minus, "a/");
  if (renameTo) return renameTo;
  // `diff --git a/X b/X` with an unquoted X: both halves are the same length
  const rest = header[0].slice("diff --git ".length);
  if (rest.startsWith('"')) {
    const end = rest.indexOf('" ', 1);
    return stripPrefix(rest.slice(end + 2), "b/");
  }
  return rest.slice(Math.floor(rest.length / 2) + 1).replace(/^b\//, "");
}

export function formatReleasedPatch(gitDiff: string): ReleasedPatch {
  const lines = gitDiff.split("\n");
  if (lines.at(-1) === "") lines.pop();
  const files: { path: string; oldPath?: string; hunks: string[] }[] = [];
  let header: string[] | null = null;
  let hunks: string[] = [];
  const flush = () => {
    // a renamed file's header names its old path, as git's does, so the patch applies where the file was (#44)
    if (header && hunks.length) files.push({ path: fileNameOf(header), oldPath: renamedFrom(header) ?? undefined, hunks });
  };
  for (const line of lines) {
    if (isFileHeader(line)) {
      flush();
      header = [line];
      hunks = [];
    } else if (header && (hunks.length || line.startsWith("@@"))) {
      hunks.push(line);
    } else if (header) {
      header.push(line);
    }
  }
  flush();
  const omitted: ReleasedPatch["omitted"] = [];
  const kept = files.filter((f) => {
    if (!f.hunks.some((h) => h.includes("\u0000"))) return true;
    omitted.push({ path: f.path, reason: NUL_IN_TEXT_FILE });
    return false;
  });
  const patch = writeReleasedPatch(kept.map((f) => ({ path: f.path, oldPath: f.oldPath, hunkLines: f.hunks })));
  const counts = countReleasedPatch(patch);
  return {
    patch,
    filesEdited: counts.files,
    linesEdited: counts.additions + counts.deletions,
    paths: kept.map((f) => f.path),
    omitted,
  };
}
