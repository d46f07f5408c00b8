import { describe, expect, it } from "vitest";
import { commentedLine, commentedLineNumber, linesByFile } from "./patch-lines";

describe("linesByFile", () => {
  it("collects each file's shown lines without diff markers, under old and new names", () => {
    const patch = "diff --git a/a.py b/b.py\n--- a/a.py\n+++ b/b.py\n@@ -1,2 +1,3 @@\n x = 1\n-y = 2\n+y = 3\n";
    const files = linesByFile(patch);
    expect([...(files.get("b.py") ?? [])]).toEqual(["x = 1", "y = 2", "y = 3"]);
    expect(files.get("a.py")).toBe(files.get("b.py"));
  });
});

describe("commentedLine", () => {
  it("is the hunk's last non-blank line", () => {
    expect(commentedLine("@@ -1,2 +1,3 @@ def f():\n x = 1\n+    return x\n")).toBe("return x");
    expect(commentedLine("@@ -1 +1 @@")).toBeUndefined();
  });
});

describe("commentedLineNumber", () => {
  it("counts the new file's lines from the header's +start, skipping removed lines", () => {
    expect(commentedLineNumber("@@ -10,4 +12,5 @@ def f():\n context\n-removed\n+added\n+commented")).toBe(14);
    expect(commentedLineNumber("@@ -0,0 +1,3 @@\n+a\n+b")).toBe(2);
  });

  it("has no number for a removed line or a hunk without a header", () => {
    expect(commentedLineNumber("@@ -1,2 +1,1 @@\n a\n-b")).toBeUndefined();
    expect(commentedLineNumber("+a\n+b")).toBeUndefined();
  });
});
