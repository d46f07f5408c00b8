import { describe, expect, test } from "vitest";
import { DEMO_REPOSITORIES } from "@/lib/demo/demo-world";
import { anchorComment, parsePatch } from "./parse-patch";
import { splitPatchByFile } from "./patch-chunks";

describe("splitPatchByFile", () => {
  test("each file's chunk parses to the same file the whole patch does, so anchors carry over", () => {
    const pr = DEMO_REPOSITORIES[1].pullRequests[0];
    const whole = parsePatch(pr.patch);
    const chunks = splitPatchByFile(pr.patch);
    expect(chunks.map((c) => [c.path, c.additions, c.deletions])).toEqual(whole.map((f) => [f.path, f.additions, f.deletions]));
    chunks.forEach((c, i) => {
      expect(parsePatch(c.text)[0]).toEqual(whole[i]);
    });
    const comment = pr.timeline.find((t) => t.id === 1990000404)!;
    const anchor = anchorComment(whole, comment.path!, comment.hunk!)!;
    expect(anchor.fileIndex).toBe(1);
    expect(parsePatch(chunks[1].text)[0].hunks[anchor.hunkIndex].lines[anchor.lineIndex].text).toBe("        )");
  });
  test("an empty patch has no files", () => {
    expect(splitPatchByFile("")).toEqual([]);
  });
});
