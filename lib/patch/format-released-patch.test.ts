import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { unquoteGitPath } from "@/lib/patch/released-patch";
import { formatReleasedPatch } from "./format-released-patch";

// `git diff -M` between two commits of a scratch repository: a binary change, an edit, a file losing its
// trailing newline, a deletion, a rename with an edit, a C-quoted path, a path with a space, a non-ASCII path.
const mixed = readFileSync(new URL("./fixtures/git-diff-mixed-changes.txt", import.meta.url), "utf8");

describe("formatReleasedPatch", () => {
  test("keeps only the diff --git line and the hunks of each file, in git's order", () => {
    const out = formatReleasedPatch(mixed);
    expect(out.paths).toEqual(["keep.py", "nonl.txt", "old.txt", "pkg_moved.py", "tab\there.py", "with space.py", "ünï.py"]);
    expect(out.patch).toBe(
      [
        "diff --git a/keep.py b/keep.py",
        "@@ -1,3 +1,4 @@",
        " one",
        "-two",
        "+2",
        " three",
        "+four",
        "diff --git a/nonl.txt b/nonl.txt",
        "@@ -1 +1 @@",
        "-x",
        "\\ No newline at end of file",
        "+y",
        "\\ No newline at end of file",
        "diff --git a/old.txt b/old.txt",
        "@@ -1 +0,0 @@",
        "-gone",
        // a rename names its old path, as git's header does (the patch then applies where the file was)
        "diff --git a/moved.py b/pkg_moved.py",
        "@@ -4,4 +4,4 @@ c",
        " d",
        " e",
        " f",
        "-g",
        "+G",
        // a tab is C-quoted, as git writes it, so the header stays one readable line
        'diff --git "a/tab\\there.py" "b/tab\\there.py"',
        "@@ -0,0 +1 @@",
        "+new",
        "diff --git a/with space.py b/with space.py",
        "@@ -1 +1 @@",
        "-s",
        "+s2",
        "diff --git a/ünï.py b/ünï.py",
        "@@ -0,0 +1 @@",
        "+ü",
      ].join("\n"),
    );
  });

  test("never carries git's extended headers into the patch", () => {
    const { patch } = formatReleasedPatch(mixed);
    for (const header of [
      /^index /m,
      /^--- /m,
      /^\+\+\+ /m,
      /^similarity index/m,
      /^rename (from|to)/m,
      /^new file mode/m,
      /^deleted file mode/m,
      /^Binary files/m,
    ])
      expect(patch).not.toMatch(header);
  });

  test("counts files with hunks and added plus deleted lines", () => {
    const out = formatReleasedPatch(mixed);
    expect(out.filesEdited).toBe(7);
    // keep 3, nonl 2, old 1, moved 2, tab 1, space 2, unicode 1
    expect(out.linesEdited).toBe(12);
  });

  test("hunk lines that look like headers stay content", () => {
    const diff = [
      "diff --git a/notes.md b/notes.md",
      "index 1..2 100644",
      "--- a/notes.md",
      "+++ b/notes.md",
      "@@ -1,2 +1,2 @@",
      "--- a horizontal rule",
      "+++ bold claim",
      " index 3",
      "",
    ].join("\n");
    expect(formatReleasedPatch(diff)).toEqual({
      patch: "diff --git a/notes.md b/notes.md\n@@ -1,2 +1,2 @@\n--- a horizontal rule\n+++ bold claim\n index 3",
      filesEdited: 1,
      linesEdited: 2,
      paths: ["notes.md"],
      omitted: [],
    });
  });

  test("an empty diff is an empty patch", () => {
    expect(formatReleasedPatch("")).toEqual({ patch: "", filesEdited: 0, linesEdited: 0, paths: [], omitted: [] });
  });

  test("unquotes git's C-style paths, octal bytes included", () => {
    expect(unquoteGitPath('"a/tab\\there"')).toBe("a/tab\there");
    expect(unquoteGitPath('"b/\\303\\274.py"')).toBe("b/ü.py");
    expect(unquoteGitPath("plain/path.py")).toBe("plain/path.py");
  });
});
