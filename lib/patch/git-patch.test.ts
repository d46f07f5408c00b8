import { describe, expect, test } from "vitest";
import { formatGitPatch } from "./git-patch";

const Z = "0".repeat(40);
const A = "a".repeat(40);
const B = "b".repeat(40);

describe("formatGitPatch (#44)", () => {
  test("keeps every change as git wrote it: copies, pure renames, modes, empty files, binary files", () => {
    const diff = [
      "diff --git a/src.py b/copy.py",
      "similarity index 90%",
      "copy from src.py",
      "copy to copy.py",
      `index ${A}..${B} 100644`,
      "--- a/src.py",
      "+++ b/copy.py",
      "@@ -1 +1 @@",
      "-x",
      "+y",
      "diff --git a/old.py b/new.py",
      "similarity index 100%",
      "rename from old.py",
      "rename to new.py",
      "diff --git a/run.sh b/run.sh",
      "old mode 100644",
      "new mode 100755",
      "diff --git a/empty b/empty",
      "new file mode 100644",
      `index ${Z}..e69de29bb2d1d6434b8b29ae775ad8c2e48c5391`,
      "diff --git a/logo.png b/logo.png",
      `index ${A}..${B} 100644`,
      "Binary files a/logo.png and b/logo.png differ",
      "",
    ].join("\n");
    expect(formatGitPatch(diff)).toBe(diff);
  });

  test("a text file holding a NUL or bytes that were not UTF-8 is written as git writes a binary file", () => {
    const diff = [
      "diff --git a/log.txt b/log.txt",
      "new file mode 100644",
      `index ${Z}..${B}`,
      "--- /dev/null",
      "+++ b/log.txt",
      "@@ -0,0 +1 @@",
      "+junk \u0000 here",
      "diff --git a/latin1.txt b/latin1.txt",
      `index ${A}..${B} 100644`,
      "--- a/latin1.txt",
      "+++ b/latin1.txt",
      "@@ -1 +1 @@",
      "-caf\uFFFD",
      "+cafe",
      "diff --git a/ok.txt b/ok.txt",
      `index ${A}..${B} 100644`,
      "--- a/ok.txt",
      "+++ b/ok.txt",
      "@@ -1 +1 @@",
      "-a",
      "+b",
    ].join("\n");
    expect(formatGitPatch(diff)).toBe(
      [
        "diff --git a/log.txt b/log.txt",
        "new file mode 100644",
        `index ${Z}..${B}`,
        "Binary files /dev/null and b/log.txt differ",
        "diff --git a/latin1.txt b/latin1.txt",
        `index ${A}..${B} 100644`,
        "Binary files a/latin1.txt and b/latin1.txt differ",
        "diff --git a/ok.txt b/ok.txt",
        `index ${A}..${B} 100644`,
        "--- a/ok.txt",
        "+++ b/ok.txt",
        "@@ -1 +1 @@",
        "-a",
        "+b",
        "",
      ].join("\n"),
    );
  });

  test("an empty diff is an empty patch", () => {
    expect(formatGitPatch("")).toBe("");
  });
});
