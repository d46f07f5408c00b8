import { describe, expect, test } from "vitest";
import { splitPatchByFile } from "./patch-chunks";
import { parsePatch } from "./parse-patch";
import { countPatchRows, patchRows, renderedSpans, rowOfLine, rowsInReach } from "./patch-rows";

const PATCH = [
  "diff --git a/src/shard.py b/src/shard.py",
  "@@ -1,3 +1,3 @@ def shard(values):",
  " a = 1",
  "-b = 2",
  "+b = 3",
  "@@ -20,2 +20,3 @@ def merge(left, right):",
  " \treturn left",
  "+x = 'a longer line than the others, with a tab\tinside'",
  " y",
  "\\ No newline at end of file",
].join("\n");

describe("patchRows", () => {
  const [file] = parsePatch(PATCH);
  test("a row per hunk header and per line, lines numbered in file order", () => {
    const { rows, lines } = patchRows(file);
    expect(rows.map((r) => (r.kind === "header" ? "@@" : r.line.kind))).toEqual([
      "@@",
      "context",
      "del",
      "add",
      "@@",
      "context",
      "add",
      "context",
      "meta",
    ]);
    expect(lines).toHaveLength(7);
    expect(rows[6]).toMatchObject({ kind: "line", hunkIndex: 1, lineIndex: 1, n: 4 });
    expect(countPatchRows(file)).toBe(rows.length);
    expect(splitPatchByFile(PATCH)[0].rows).toBe(rows.length);
  });
  test("the widest row counts a tab as eight characters", () => {
    const widest = "x = 'a longer line than the others, with a tab\tinside'";
    expect(patchRows(file).widestChars).toBe(widest.length + 7);
  });
  test("rowOfLine finds a hunk's line among the rows, null past the hunk", () => {
    expect(rowOfLine(file, 0, 1)).toBe(2);
    expect(rowOfLine(file, 1, 2)).toBe(7);
    expect(rowOfLine(file, 1, 9)).toBeNull();
    expect(rowOfLine(file, 2, 0)).toBeNull();
  });
});

describe("rowsInReach", () => {
  const opts = { overscan: 100, block: 10 };
  test("a body below the viewport beyond the overscan renders nothing", () => {
    expect(rowsInReach({ top: 1200, viewportHeight: 1000, rowHeight: 20, rowCount: 500 }, opts)).toEqual({ start: 0, end: 0 });
  });
  test("a body scrolled past renders nothing", () => {
    expect(rowsInReach({ top: -10_200, viewportHeight: 1000, rowHeight: 20, rowCount: 500 }, opts)).toEqual({ start: 0, end: 0 });
  });
  test("the rows in view plus the overscan, widened to whole blocks", () => {
    // rows 495 .. 545 are in view (top -9,900 px), 490 .. 550 with the overscan; 5 rows lower, 492 .. 553
    expect(rowsInReach({ top: -9_900, viewportHeight: 1000, rowHeight: 20, rowCount: 1000 }, opts)).toEqual({ start: 490, end: 550 });
    expect(rowsInReach({ top: -9_950, viewportHeight: 1000, rowHeight: 20, rowCount: 1000 }, opts)).toEqual({ start: 490, end: 560 });
    expect(rowsInReach({ top: 300, viewportHeight: 1000, rowHeight: 20, rowCount: 23 }, opts)).toEqual({ start: 0, end: 23 });
  });
});

describe("renderedSpans", () => {
  test("merges overlapping and touching spans, keeps the commented row apart when far, clamps to the file", () => {
    expect(
      renderedSpans(
        [
          { start: 0, end: 32 },
          { start: 100, end: 101 },
          { start: 20, end: 40 },
        ],
        200,
      ),
    ).toEqual([
      { start: 0, end: 40 },
      { start: 100, end: 101 },
    ]);
    expect(
      renderedSpans(
        [
          { start: -5, end: 10 },
          { start: 10, end: 12 },
          { start: 190, end: 230 },
        ],
        200,
      ),
    ).toEqual([
      { start: 0, end: 12 },
      { start: 190, end: 200 },
    ]);
    expect(renderedSpans([{ start: 0, end: 0 }], 200)).toEqual([]);
  });
});
