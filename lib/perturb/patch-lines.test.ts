import { describe, expect, it } from "vitest";
import { commentedLine, linesByFile } from "./patch-lines";

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
