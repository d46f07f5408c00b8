import { describe, expect, it } from "vitest";
import type { InlineAnchor } from "./candidate-schema";
import { locationCandidates } from "./relocate-comment";
import { selfCheck } from "./self-check";

const groupbyHunkA =
  '@@ -2201,7 +2201,8 @@ def median(self, numeric_only: bool = False):\n         result = self._cython_agg_general(\n+            "median", sort=True,';
const groupbyHunkB =
  "@@ -1120,6 +1121,9 @@ class GroupBy(BaseGroupBy[NDFrameT]):\n     def _lookup(self, key):\n+        entry = self._cache.get(key)";
const groupbyHunkBLater = `${groupbyHunkB}\n+        return entry.values`;
const testHunk = "@@ -512,6 +512,18 @@ def test_median_empty_bins(observed):\n+def test_nanmedian(skipna):";
const pyxHunk = "@@ -1,6 +1,8 @@\n+from libc.math cimport isnan";

const target: InlineAnchor = { id: 1003, path: "pandas/core/groupby/groupby.py", diffHunk: groupbyHunkB };

describe("locationCandidates", () => {
  it("offers another file of the same type first, then another hunk of the same file, then the other files", () => {
    const others: InlineAnchor[] = [
      { id: 1002, path: "pandas/core/groupby/groupby.py", diffHunk: groupbyHunkA },
      { id: 1004, path: "pandas/_libs/groupby.pyx", diffHunk: pyxHunk },
      { id: 1001, path: "pandas/tests/groupby/test_reductions.py", diffHunk: testHunk },
    ];
    const result = locationCandidates(target, others);
    expect(result.reason).toBeUndefined();
    expect(result.candidates.map((c) => [c.id, c.sameFile])).toEqual([
      [1001, false],
      [1002, true],
      [1004, false],
    ]);
    expect(result.candidates[0]).toMatchObject({ path: "pandas/tests/groupby/test_reductions.py", diffHunk: testHunk });
    expect(result.candidates[1].rationale).toMatch(/another hunk of pandas\/core\/groupby\/groupby.py/);
  });

  it("moves nothing for a comment that names its own place: it stays right wherever it is shown", () => {
    const others: InlineAnchor[] = [{ id: 1001, path: "pandas/tests/groupby/test_reductions.py", diffHunk: testHunk }];
    for (const body of ["`_lookup` in groupby.py misses the cache", "The lookup on line 1124 misses the cache"]) {
      const result = locationCandidates(target, others, { body });
      expect(result.candidates).toEqual([]);
      expect(result.reason).toMatch(/names its own place/);
    }
  });

  it("skips a place whose code has every name the comment is about, and keeps the others", () => {
    const others: InlineAnchor[] = [
      { id: 1001, path: "pandas/tests/groupby/test_reductions.py", diffHunk: testHunk },
      { id: 1002, path: target.path, diffHunk: groupbyHunkA },
    ];
    const result = locationCandidates(target, others, { body: "`test_nanmedian` should pass `skipna` through" });
    expect(result.candidates.map((c) => c.id)).toEqual([1002]);
  });

  it("never offers a comment on the same hunk, even when it is cut at a later line", () => {
    const others: InlineAnchor[] = [
      { id: 1007, path: target.path, diffHunk: groupbyHunkBLater },
      { id: 1002, path: target.path, diffHunk: groupbyHunkA },
    ];
    expect(locationCandidates(target, others).candidates.map((c) => c.id)).toEqual([1002]);
  });

  it("within one hunk (a new file), moves only to a line at least 10 lines from the comment's own, after other hunks", () => {
    const newFile = ["@@ -0,0 +1,40 @@", ...Array.from({ length: 40 }, (_, k) => `+line_${k + 1} = compute_${k + 1}()`)];
    const cut = (line: number) => newFile.slice(0, line + 1).join("\n");
    const own: InlineAnchor = { id: 3001, path: "pkg/new_module.py", diffHunk: cut(5) };
    const others: InlineAnchor[] = [
      { id: 3002, path: own.path, diffHunk: cut(12) },
      { id: 3003, path: own.path, diffHunk: cut(30) },
      { id: 3004, path: "pkg/other.py", diffHunk: testHunk },
    ];
    const result = locationCandidates(own, others);
    expect(result.candidates.map((c) => c.id)).toEqual([3004, 3003]);
    expect(result.candidates[1].rationale).toMatch(/25 lines away within the same hunk of pkg\/new_module.py/);
  });

  it("explains when all other comments share the target's hunk", () => {
    const result = locationCandidates(target, [target, { id: 1007, path: target.path, diffHunk: groupbyHunkBLater }]);
    expect(result.candidates).toEqual([]);
    expect(result.reason).toMatch(/same hunk/);
  });

  it("explains when the PR has no other inline comment", () => {
    const prLevel: InlineAnchor = { id: 2005, path: "", diffHunk: "" };
    expect(locationCandidates(target, [target, prLevel])).toEqual({
      candidates: [],
      reason: "The pull request has no other inline review comment whose location could be borrowed.",
    });
  });

  it("refuses to move a PR-level comment", () => {
    const result = locationCandidates({ id: 9, path: "", diffHunk: "" }, [{ id: 1002, path: target.path, diffHunk: groupbyHunkA }]);
    expect(result.candidates).toEqual([]);
    expect(result.reason).toMatch(/not an inline comment/);
  });

  it("offers each borrowed location once", () => {
    const others: InlineAnchor[] = [
      { id: 1004, path: "pandas/_libs/groupby.pyx", diffHunk: pyxHunk },
      { id: 1008, path: "pandas/_libs/groupby.pyx", diffHunk: pyxHunk },
    ];
    expect(locationCandidates(target, others).candidates.map((c) => c.id)).toEqual([1004]);
  });

  it("keeps the text and changes the anchor, which the self-check accepts", () => {
    const body = "This can be None here if the cache misses, so we should guard it";
    const others: InlineAnchor[] = [
      { id: 1002, path: target.path, diffHunk: groupbyHunkA },
      { id: 1001, path: "pandas/tests/groupby/test_reductions.py", diffHunk: testHunk },
    ];
    for (const candidate of locationCandidates(target, others).candidates) {
      expect(
        selfCheck(
          { body, path: target.path, diffHunk: target.diffHunk },
          { body, path: candidate.path, diffHunk: candidate.diffHunk },
          "location",
        ),
      ).toBe(true);
    }
  });

  it("skips an older comment on the same line from an earlier push: same place by content", () => {
    const earlier = groupbyHunkB.replace("+1121,9", "+1121,8");
    const result = locationCandidates(target, [
      { id: 2001, path: target.path, diffHunk: earlier },
      { id: 1001, path: "pandas/tests/groupby/test_reductions.py", diffHunk: testHunk },
    ]);
    expect(result.candidates.map((c) => c.id)).toEqual([1001]);
  });

  it("with the judged patch, moves only onto code the patch shows", () => {
    const patch = [
      "diff --git a/pandas/core/groupby/groupby.py b/pandas/core/groupby/groupby.py",
      "--- a/pandas/core/groupby/groupby.py",
      "+++ b/pandas/core/groupby/groupby.py",
      groupbyHunkB,
      "diff --git a/pandas/tests/groupby/test_reductions.py b/pandas/tests/groupby/test_reductions.py",
      testHunk,
    ].join("\n");
    const others: InlineAnchor[] = [
      { id: 1004, path: "pandas/_libs/groupby.pyx", diffHunk: pyxHunk },
      { id: 1001, path: "pandas/tests/groupby/test_reductions.py", diffHunk: testHunk },
    ];
    expect(locationCandidates(target, others, { patch }).candidates.map((c) => c.id)).toEqual([1001]);
    const stray: InlineAnchor = { id: 9, path: "pandas/_libs/groupby.pyx", diffHunk: pyxHunk };
    expect(locationCandidates(stray, others, { patch })).toMatchObject({
      candidates: [],
      reason: expect.stringMatching(/not in the patch/),
    });
  });

  it("counts two pushes' comments on one line once, keeping the hunk of the judged patch", () => {
    const older = testHunk.replace("+512,18", "+512,16");
    const patch = [
      "diff --git a/pandas/core/groupby/groupby.py b/pandas/core/groupby/groupby.py",
      groupbyHunkB,
      "diff --git a/pandas/tests/groupby/test_reductions.py b/pandas/tests/groupby/test_reductions.py",
      testHunk,
    ].join("\n");
    const result = locationCandidates(
      target,
      [
        { id: 3001, path: "pandas/tests/groupby/test_reductions.py", diffHunk: older },
        { id: 1001, path: "pandas/tests/groupby/test_reductions.py", diffHunk: testHunk },
      ],
      { patch },
    );
    expect(result.candidates.map((c) => c.id)).toEqual([1001]);
  });

  it("moves nothing for a comment that answers its thread or points to another comment (issue #28, real replies)", () => {
    const others: InlineAnchor[] = [{ id: 1001, path: "pandas/tests/groupby/test_reductions.py", diffHunk: testHunk }];
    for (const body of [
      "Fixed!",
      "Yeah, I set them to be the same for now.",
      "Good point - let's add tests for these",
      "Oh right! I need to change that.",
      "I did my best here.",
      "I've moved it into the config.",
      "If you like! Submit a pull request upstream.",
      "see previous comment",
    ]) {
      const result = locationCandidates(target, others, { body });
      expect(result.candidates, body).toEqual([]);
      expect(result.reason).toMatch(/answers its thread/);
    }
    // a claim about the code is still moved, also when it opens with "I" as a reviewer's view
    for (const body of ["I think this misses the cache on a hit", "This lookup misses the cache", "Right now this misses the cache"]) {
      expect(
        locationCandidates(target, others, { body }).candidates.map((c) => c.id),
        body,
      ).toEqual([1001]);
    }
  });

  it("skips a place whose code already has a line the comment's suggestion proposes", () => {
    const importsHunk = "@@ -1,3 +1,5 @@\n import json\n import openai\n+import dirtyjson\n+def call(model):";
    const others: InlineAnchor[] = [
      { id: 1101, path: "scripts/ai.py", diffHunk: importsHunk },
      { id: 1001, path: "pandas/tests/groupby/test_reductions.py", diffHunk: testHunk },
    ];
    const body = "```suggestion\r\nimport openai\r\n```";
    expect(locationCandidates(target, others, { body }).candidates.map((c) => c.id)).toEqual([1001]);
    // a removed line is not code the place shows
    const removed = { id: 1102, path: "scripts/ai.py", diffHunk: "@@ -1,3 +1,2 @@\n-import openai\n+def call(model):" };
    expect(locationCandidates(target, [removed], { body }).candidates.map((c) => c.id)).toEqual([1102]);
  });

  it("skips a place whose commented line has the same construct (a shared compound name or string literal)", () => {
    const own: InlineAnchor = {
      id: 1,
      path: "scripts/chat.py",
      diffHunk: '@@ -66,7 +66,7 @@\n-                model="gpt-4",\n+                model="gpt-3.5-turbo",',
    };
    const others: InlineAnchor[] = [
      { id: 2, path: "scripts/config.py", diffHunk: '@@ -21,9 +21,21 @@\n+        self.smart_llm_model = "gpt-3.5-turbo"' },
      { id: 3, path: "scripts/ai.py", diffHunk: "@@ -9,2 +9,2 @@\n+def call(function, model=cfg.smart_llm_model):" },
    ];
    const body = "Should this be hard-coded?";
    // the same literal at 2; at 3 only the short word `model` is shared
    expect(locationCandidates(own, others, { body }).candidates.map((c) => c.id)).toEqual([3]);
    const config = others[0];
    // from the config line, the call that reads `smart_llm_model` has the same construct
    expect(locationCandidates(config, [own, others[1]], { body }).candidates.map((c) => c.id)).toEqual([]);
  });

  it("never moves a comment onto an import line", () => {
    const others: InlineAnchor[] = [
      { id: 5, path: "scripts/config.py", diffHunk: "@@ -1,3 +1,9 @@\n+import os\n+" },
      { id: 6, path: "src/a.ts", diffHunk: '@@ -1,2 +1,3 @@\n+import { x } from "./x";' },
      { id: 7, path: "src/b.py", diffHunk: "@@ -1,2 +1,3 @@\n+from config import Config" },
      { id: 1001, path: "pandas/tests/groupby/test_reductions.py", diffHunk: testHunk },
    ];
    expect(locationCandidates(target, others, { body: "Should this be hard-coded?" }).candidates.map((c) => c.id)).toEqual([1001]);
  });
});
