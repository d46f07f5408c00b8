import { describe, expect, test } from "vitest";
import {
  countReleasedPatch,
  fileHeader,
  parseFileHeader,
  parseReleasedPatch,
  releasedPatchPaths,
  splitReleasedPatch,
  toGitApplyPatch,
  writeReleasedPatch,
} from "./released-patch";

const MODIFIED = ["@@ -1,3 +1,3 @@ def main():", " a", "-b", "+B", " c"];
const ADDED = ["@@ -0,0 +1,2 @@", "+first", "+second"];
const DELETED = ["@@ -1,2 +0,0 @@", "-gone", "-too"];
const RENAMED = ["@@ -1 +1 @@", "-NAME = 'old'", "+NAME = 'new'"];
const NO_NEWLINE = ["@@ -1 +1 @@", "-old", "\\ No newline at end of file", "+new", "\\ No newline at end of file"];

const PATCH = writeReleasedPatch([
  { path: "src/app.py", hunkLines: MODIFIED },
  { path: "docs/my notes b/draft.md", hunkLines: ADDED },
  { path: "legacy.py", hunkLines: DELETED },
  { path: "pkg/new_name.py", oldPath: "pkg/old_name.py", hunkLines: RENAMED },
  { path: "VERSION", hunkLines: NO_NEWLINE },
]);

describe("file headers", () => {
  test("equal halves split in the middle, so names may hold spaces and ' b/'", () => {
    expect(parseFileHeader(fileHeader("docs/my notes b/draft.md"))).toEqual({
      oldPath: "docs/my notes b/draft.md",
      path: "docs/my notes b/draft.md",
    });
    expect(parseFileHeader("diff --git a/with space.txt b/with space.txt")).toEqual({ oldPath: "with space.txt", path: "with space.txt" });
  });
  test("a rename keeps both paths; anything else is not a header", () => {
    expect(parseFileHeader("diff --git a/pkg/old_name.py b/pkg/new_name.py")).toEqual({
      oldPath: "pkg/old_name.py",
      path: "pkg/new_name.py",
    });
    expect(parseFileHeader("@@ -1 +1 @@")).toBeNull();
    expect(parseFileHeader("diff --git nonsense")).toBeNull();
  });
});

describe("parseReleasedPatch", () => {
  const files = parseReleasedPatch(PATCH);
  test("files, in order, with their paths", () => {
    expect(files.map((f) => [f.oldPath, f.path])).toEqual([
      ["src/app.py", "src/app.py"],
      ["docs/my notes b/draft.md", "docs/my notes b/draft.md"],
      ["legacy.py", "legacy.py"],
      ["pkg/old_name.py", "pkg/new_name.py"],
      ["VERSION", "VERSION"],
    ]);
  });
  test("hunks with numbered lines; an omitted count is 1", () => {
    const [modified, added, deleted, renamed] = files;
    expect(modified?.hunks[0]).toMatchObject({ header: MODIFIED[0], oldStart: 1, oldCount: 3, newStart: 1, newCount: 3 });
    expect(modified?.hunks[0]?.lines).toEqual([
      { kind: "context", text: "a", oldNo: 1, newNo: 1 },
      { kind: "del", text: "b", oldNo: 2, newNo: null },
      { kind: "add", text: "B", oldNo: null, newNo: 2 },
      { kind: "context", text: "c", oldNo: 3, newNo: 3 },
    ]);
    expect(added?.hunks[0]).toMatchObject({ oldStart: 0, oldCount: 0, newStart: 1, newCount: 2 });
    expect(deleted?.hunks[0]).toMatchObject({ oldStart: 1, oldCount: 2, newStart: 0, newCount: 0 });
    expect(renamed?.hunks[0]).toMatchObject({ oldCount: 1, newCount: 1 });
  });
  test("'\\ No newline at end of file' is a meta line that counts as neither added nor removed", () => {
    const version = files[4];
    expect(version?.hunks[0]?.lines.map((l) => l.kind)).toEqual(["del", "meta", "add", "meta"]);
    expect(version).toMatchObject({ additions: 1, deletions: 1 });
  });
  test("a binary file has a header and no hunks; its note is not a line", () => {
    const parsed = parseReleasedPatch(
      "diff --git a/logo.png b/logo.png\nBinary files a/logo.png and b/logo.png differ\ndiff --git a/a.txt b/a.txt\n@@ -1 +1 @@\n-x\n+y\n",
    );
    expect(parsed.map((f) => [f.path, f.hunks.length])).toEqual([
      ["logo.png", 0],
      ["a.txt", 1],
    ]);
    // the patch's final newline adds no line
    expect(parsed[1]?.hunks[0]?.lines).toHaveLength(2);
  });
});

describe("split and count", () => {
  test("one chunk per file that parses back to that file", () => {
    const chunks = splitReleasedPatch(PATCH);
    expect(chunks.map((c) => c.path)).toEqual(["src/app.py", "docs/my notes b/draft.md", "legacy.py", "pkg/new_name.py", "VERSION"]);
    expect(chunks.map((c) => c.text).join("\n")).toBe(PATCH);
    for (const c of chunks) expect(parseReleasedPatch(c.text).map((f) => f.path)).toEqual([c.path]);
  });
  test("counts files, added and removed lines; a line starting '++' or '--' counts like any other", () => {
    expect(countReleasedPatch(PATCH)).toEqual({ files: 5, additions: 1 + 2 + 0 + 1 + 1, deletions: 1 + 0 + 2 + 1 + 1 });
    expect(countReleasedPatch("diff --git a/q.sql b/q.sql\n@@ -1 +1 @@\n--- a comment\n+++ b comment")).toEqual({
      files: 1,
      additions: 1,
      deletions: 1,
    });
    expect(countReleasedPatch("")).toEqual({ files: 0, additions: 0, deletions: 0 });
  });
  test("paths are the new paths", () => {
    expect(releasedPatchPaths(PATCH)).toEqual(["src/app.py", "docs/my notes b/draft.md", "legacy.py", "pkg/new_name.py", "VERSION"]);
  });
});

describe("toGitApplyPatch (#44)", () => {
  const applied = toGitApplyPatch(PATCH);
  test("puts back what git apply needs: ---/+++ lines, new and deleted files, a rename's two paths", () => {
    expect(applied).toContain(
      "diff --git a/legacy.py b/legacy.py\ndeleted file mode 100644\n--- a/legacy.py\n+++ /dev/null\n@@ -1,2 +0,0 @@",
    );
    expect(applied).toContain(
      "diff --git a/pkg/old_name.py b/pkg/new_name.py\nrename from pkg/old_name.py\nrename to pkg/new_name.py\n--- a/pkg/old_name.py\n+++ b/pkg/new_name.py\n",
    );
    expect(applied).toContain("new file mode 100644\n--- /dev/null\n+++ b/docs/my notes b/draft.md\n@@ -0,0 +1,2 @@");
  });
  test("ends with one newline, with or without one after the released patch (git calls a last hunk without it corrupt)", () => {
    expect(PATCH.endsWith("\n")).toBe(false);
    expect(applied.endsWith("\\ No newline at end of file\n")).toBe(true);
    expect(toGitApplyPatch(`${PATCH}\n`)).toBe(applied);
    expect(toGitApplyPatch("")).toBe("");
  });
});
