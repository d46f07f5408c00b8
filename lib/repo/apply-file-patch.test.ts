import { describe, expect, test } from "vitest";
import { parseReleasedPatch as parsePatch } from "@/lib/patch/released-patch";
import { applyFilePatch } from "./apply-file-patch";

const settingsBase = ["import os", "", "DEBUG = False", "TIMEOUT = 30", "RETRIES = 3", "", "def load():", "    return os.environ", ""].join(
  "\n",
);

const settingsPatch = [
  "diff --git a/app/settings.py b/app/settings.py",
  "@@ -2,4 +2,5 @@",
  " ",
  " DEBUG = False",
  "-TIMEOUT = 30",
  "+TIMEOUT = 60",
  "+BACKOFF = 0.5",
  " RETRIES = 3",
].join("\n");

describe("applyFilePatch", () => {
  test("replaces and inserts lines at the hunk's position, keeping the rest", () => {
    const [file] = parsePatch(settingsPatch);
    const { text, deleted } = applyFilePatch(settingsBase, file);
    expect(deleted).toBe(false);
    expect(text).toBe(
      [
        "import os",
        "",
        "DEBUG = False",
        "TIMEOUT = 60",
        "BACKOFF = 0.5",
        "RETRIES = 3",
        "",
        "def load():",
        "    return os.environ",
        "",
      ].join("\n"),
    );
  });

  test("finds a hunk a few lines away from its header (offset), like patch(1)", () => {
    const [file] = parsePatch(settingsPatch);
    const shifted = `# header comment\n# second line\n${settingsBase}`;
    expect(applyFilePatch(shifted, file).text).toContain("TIMEOUT = 60\nBACKOFF = 0.5\nRETRIES = 3");
  });

  test("carries an earlier hunk's offset to the later ones, so a repeated line is matched where the patch meant it", () => {
    const [file] = parsePatch(
      ["diff --git a/b.py b/b.py", "@@ -1,1 +1,1 @@", "-alpha", "+ALPHA", "@@ -4,1 +4,2 @@", " }", "+delta"].join("\n"),
    );
    const base = ["alpha", "}", "beta", "}", "gamma", ""].join("\n");
    expect(applyFilePatch(base, file).text).toBe(["ALPHA", "}", "beta", "}", "delta", "gamma", ""].join("\n"));
    // two lines more at the top: the second hunk's "}" is the second one, two lines below its header's place
    expect(applyFilePatch(`# a\n# b\n${base}`, file).text).toBe(["# a", "# b", "ALPHA", "}", "beta", "}", "delta", "gamma", ""].join("\n"));
  });

  test("keeps a CRLF line the patch adds as it is, and matches context whose \\r was dropped on the way", () => {
    const [file] = parsePatch("diff --git a/w.txt b/w.txt\n@@ -1,2 +1,3 @@\n one\r\n+new\r\n two");
    expect(applyFilePatch("one\ntwo\n", file).text).toBe("one\nnew\r\ntwo\n");
  });

  test("refuses a base whose lines differ, naming the file and hunk", () => {
    const [file] = parsePatch(settingsPatch);
    const other = settingsBase.replace("TIMEOUT = 30", "TIMEOUT = 45");
    expect(() => applyFilePatch(other, file)).toThrow(expect.objectContaining({ code: "patch_does_not_apply" }));
    expect(() => applyFilePatch(other, file)).toThrowError(/app\/settings\.py/);
    expect(() => applyFilePatch(other, file)).toThrowError("(@@ -2,4 +2,5 @@: line 4 differs)");
    expect(() => applyFilePatch("import os\n", file)).toThrowError("the base has only 1 lines");
  });

  test("creates a new file and deletes a removed one", () => {
    const [created] = parsePatch("diff --git a/pkg/new.py b/pkg/new.py\n@@ -0,0 +1,2 @@\n+A = 1\n+B = 2");
    expect(applyFilePatch(null, created)).toEqual({ text: "A = 1\nB = 2\n", deleted: false });
    const [removed] = parsePatch("diff --git a/old.py b/old.py\n@@ -1,2 +0,0 @@\n-A = 1\n-B = 2");
    expect(applyFilePatch("A = 1\nB = 2\n", removed)).toEqual({ text: "", deleted: true });
  });

  test("honours 'No newline at end of file' on the new side", () => {
    const [file] = parsePatch("diff --git a/a.txt b/a.txt\n@@ -1,2 +1,3 @@\n one\n two\n+three\n\\ No newline at end of file");
    expect(applyFilePatch("one\ntwo\n", file).text).toBe("one\ntwo\nthree");
  });
});
