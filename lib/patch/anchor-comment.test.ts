import { describe, expect, test } from "vitest";
import { diffHunkTarget, placeComment } from "./anchor-comment";
import { parseReleasedPatch } from "./released-patch";

const patch = [
  "diff --git a/cache.py b/cache.py",
  "@@ -1,3 +1,4 @@",
  " import os",
  "+max_file_cached = 7",
  " ",
  " def load():",
  "@@ -20,6 +21,5 @@ def load():",
  "     a = 1",
  "-    b = 2",
  "     c = 3",
  "+    d = 4",
  "-    e = 5",
  "-    f = 6",
  " ",
  "diff --git a/new_name.py b/new_name.py",
  "@@ -2,2 +2,2 @@ def helper():",
  "     return 1",
  "-    return 2",
  "+    return 3",
].join("\n");
const files = parseReleasedPatch(patch);
const hunk = (...lines: string[]) => lines.join("\n");

describe("diffHunkTarget", () => {
  test("the last line decides side and number; meta lines do not count", () => {
    expect(diffHunkTarget(hunk("@@ -20,6 +21,5 @@", "     a = 1", "-    b = 2"))).toMatchObject({
      side: "LEFT",
      lineNo: 21,
      text: "    b = 2",
    });
    expect(diffHunkTarget(hunk("@@ -20,6 +21,5 @@", "     a = 1", "-    b = 2", "     c = 3", "+    d = 4"))).toMatchObject({
      side: "RIGHT",
      lineNo: 23,
    });
    expect(diffHunkTarget(hunk("@@ -1 +1 @@", "-a", "\\ No newline at end of file", "+b", "\\ No newline at end of file"))).toMatchObject({
      side: "RIGHT",
      lineNo: 1,
      text: "b",
    });
    expect(diffHunkTarget("not a hunk")).toBeNull();
  });
});

describe("placeComment", () => {
  test("an added line: GitHub's original line and the hunk agree and the text matches", () => {
    const placed = placeComment(files, {
      path: "cache.py",
      diffHunk: hunk("@@ -1,3 +1,4 @@", " import os", "+max_file_cached = 7"),
      originalLine: 2,
    });
    expect(placed).toMatchObject({
      placed: true,
      fileIndex: 0,
      hunkIndex: 0,
      lineIndex: 1,
      side: "RIGHT",
      lineNo: 2,
      text: "max_file_cached = 7",
      method: "position",
    });
  });

  test("a line whose text differs is not placeable, and says both texts", () => {
    const placed = placeComment(files, {
      path: "cache.py",
      diffHunk: hunk("@@ -1,3 +1,4 @@", " import os", "+max_files_cached = 7"),
      originalLine: 2,
    });
    expect(placed).toEqual({
      placed: false,
      reason: 'line 2 reads "max_file_cached = 7" here, the comment\'s hunk ends with "max_files_cached = 7"',
      hunk: "@@ -1,3 +1,4 @@\n import os\n+max_files_cached = 7",
    });
  });

  test("deleted (LEFT) lines in the second hunk of a file", () => {
    const left = placeComment(files, {
      path: "cache.py",
      diffHunk: hunk("@@ -20,6 +21,5 @@ def load():", "     a = 1", "-    b = 2", "     c = 3", "+    d = 4", "-    e = 5", "-    f = 6"),
      originalLine: 24,
    });
    expect(left).toMatchObject({ placed: true, hunkIndex: 1, lineIndex: 5, side: "LEFT", lineNo: 24, text: "    f = 6" });
  });

  test("a hunk longer than the patch's is not clamped to its last line", () => {
    const long = hunk("@@ -1,3 +1,4 @@", " import os", "+max_file_cached = 7", " ", " def load():", " ", "     return 1");
    expect(placeComment(files, { path: "cache.py", diffHunk: long })).toMatchObject({
      placed: false,
      reason: "new line 6 of cache.py is outside this patch's hunks",
    });
  });

  test("the same hunk under a different header is placed by its content, when it appears once", () => {
    const shifted = hunk("@@ -30,6 +31,5 @@ def load():", "     a = 1", "-    b = 2", "     c = 3", "+    d = 4");
    expect(placeComment(files, { path: "cache.py", diffHunk: shifted })).toMatchObject({
      placed: true,
      hunkIndex: 1,
      lineIndex: 3,
      lineNo: 23,
      method: "hunk content",
    });
  });

  test("GitHub's original line must agree with the hunk", () => {
    const placed = placeComment(files, {
      path: "cache.py",
      diffHunk: hunk("@@ -1,3 +1,4 @@", " import os", "+max_file_cached = 8"),
      originalLine: 9,
    });
    expect(placed).toMatchObject({
      placed: false,
      reason: "GitHub's original line 9 disagrees with the comment's diff hunk, which ends at line 2",
    });
  });

  test("a renamed file is found under its new or its old path", () => {
    const renamed = parseReleasedPatch(patch.replace("diff --git a/new_name.py b/new_name.py", "diff --git a/old_name.py b/new_name.py"));
    const diffHunk = hunk("@@ -2,2 +2,2 @@ def helper():", "     return 1", "-    return 2", "+    return 3");
    expect(placeComment(renamed, { path: "new_name.py", diffHunk })).toMatchObject({ placed: true, fileIndex: 1, lineNo: 3 });
    expect(placeComment(renamed, { path: "old_name.py", diffHunk })).toMatchObject({ placed: true, fileIndex: 1, lineNo: 3 });
  });

  test("files GitHub shows no diff for, and comments without a hunk, are stated", () => {
    expect(placeComment(files, { path: "logo.png", diffHunk: hunk("@@ -0,0 +1 @@", "+x") })).toMatchObject({
      placed: false,
      reason: expect.stringContaining("logo.png has no diff in this patch"),
    });
    expect(placeComment(files, { path: "logo.png", diffHunk: "" })).toMatchObject({
      placed: false,
      reason: expect.stringContaining("GitHub gives no diff hunk"),
      hunk: null,
    });
    expect(placeComment(files, { path: null, diffHunk: null })).toMatchObject({ placed: false, reason: "the comment is not on a file" });
  });

  test("on a later revision the comment is placed at GitHub's current line, else stated", () => {
    const diffHunk = hunk("@@ -1,3 +1,4 @@", " import os", "+max_file_cached = 7");
    expect(
      placeComment(files, { path: "cache.py", diffHunk, originalLine: 2, line: 2, originalCommitId: "p1", commitId: "p3" }, "p3"),
    ).toMatchObject({ placed: true, lineNo: 2, method: "position" });
    const outdated = placeComment(
      files,
      {
        path: "cache.py",
        diffHunk: hunk("@@ -1,3 +1,4 @@", " import os", "+max_file_cached = 9"),
        originalLine: 2,
        line: null,
        originalCommitId: "p1",
        commitId: "p3",
      },
      "p3",
    );
    expect(outdated).toMatchObject({
      placed: false,
      reason: "this patch is not the revision the comment was written on, and GitHub no longer places the comment",
    });
  });
});
