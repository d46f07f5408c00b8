import { describe, expect, test } from "vitest";
import { DEMO_REPOSITORIES } from "@/lib/demo/demo-world";
import { anchorComment, parsePatch } from "./parse-patch";

const nanmedian = DEMO_REPOSITORIES[0].pullRequests[0];

describe("parsePatch", () => {
  test("splits a released-format patch into files, hunks and numbered lines", () => {
    const files = parsePatch(nanmedian.patch);
    expect(files.map((f) => f.path)).toEqual([
      "frameworks/core/nanops.py",
      "frameworks/tests/test_nanops.py",
      "doc/source/whatsnew/v3.0.0.rst",
    ]);
    const [nanops] = files;
    expect(nanops.hunks).toHaveLength(1);
    expect(nanops.additions).toBe(8);
    expect(nanops.deletions).toBe(2);
    const first = nanops.hunks[0].lines[0];
    expect(first).toEqual({ kind: "context", text: "    def get_median(x, _mask=None):", oldNo: 712, newNo: 712 });
    const firstAdd = nanops.hunks[0].lines.find((l) => l.kind === "add")!;
    expect(firstAdd.newNo).toBe(719);
    expect(firstAdd.oldNo).toBeNull();
  });

  test("keeps the no-newline marker as a meta line", () => {
    const files = parsePatch(DEMO_REPOSITORIES[0].pullRequests[1].patch);
    const last = files[1].hunks[0].lines.at(-1)!;
    expect(last.kind).toBe("meta");
    expect(last.text).toBe("\\ No newline at end of file");
  });

  test("handles an empty patch and new files", () => {
    expect(parsePatch("")).toEqual([]);
    const files = parsePatch("diff --git a/new.py b/new.py\n@@ -0,0 +1,2 @@\n+a\n+b");
    expect(files[0].hunks[0].lines.map((l) => l.newNo)).toEqual([1, 2]);
  });
});

describe("anchorComment", () => {
  test("anchors an inline comment on the last line of its diff_hunk", () => {
    const files = parsePatch(nanmedian.patch);
    const comment = nanmedian.timeline.find((t) => t.id === 1990000203)!;
    const anchor = anchorComment(files, comment.path!, comment.hunk!)!;
    expect(anchor.fileIndex).toBe(1);
    const line = files[1].hunks[anchor.hunkIndex].lines[anchor.lineIndex];
    expect(line.text).toBe("    assert np.isnan(result)");
    expect(line.newNo).toBe(1192);
  });
  test("returns null for PR-level comments and unknown files", () => {
    const files = parsePatch(nanmedian.patch);
    expect(anchorComment(files, null, null)).toBeNull();
    expect(anchorComment(files, "nope.py", "@@ -1 +1 @@\n+x")).toBeNull();
  });
});
