import { describe, expect, test } from "vitest";
import { anchorComment, parsePatch } from "../parse-patch";
import { splitPatchByFile } from "../patch-chunks";
import { largePatchFixture } from "./large-patch-fixture";

describe("largePatchFixture", () => {
  test("matches the paper's largest patch: 2,070 edited lines over 48 files", () => {
    const fx = largePatchFixture();
    const files = parsePatch(fx.patch);
    expect(files).toHaveLength(48);
    expect(files.reduce((n, f) => n + f.additions + f.deletions, 0)).toBe(2070);
    expect(fx.editedLines).toBe(2070);
    expect(splitPatchByFile(fx.patch)).toHaveLength(48);
  });
  test("scale 4 is 8,280 edited lines over 192 files, its first comment in the last file", () => {
    const fx = largePatchFixture({ scale: 4 });
    const files = parsePatch(fx.patch);
    expect(files).toHaveLength(192);
    expect(fx.editedLines).toBe(8280);
    expect(files.reduce((n, f) => n + f.additions + f.deletions, 0)).toBe(8280);
    expect(anchorComment(files, fx.comments[0].path, fx.comments[0].diffHunk)?.fileIndex).toBe(191);
  });
  test("every comment anchors on a line of the patch, the first deep in its last file", () => {
    const fx = largePatchFixture();
    const files = parsePatch(fx.patch);
    for (const c of fx.comments) expect(anchorComment(files, c.path, c.diffHunk)).not.toBeNull();
    expect(anchorComment(files, fx.comments[0].path, fx.comments[0].diffHunk)?.fileIndex).toBe(47);
    expect(new Set(fx.comments.map((c) => c.path)).size).toBeGreaterThan(20);
  });
});
