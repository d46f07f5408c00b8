import { describe, expect, it } from "vitest";
import { explainSelfCheck, selfCheck } from "./self-check";

const hunk = "@@ -10,6 +10,8 @@ def median(self):\n+    return self._cache.get(key)";
const otherHunk = "@@ -40,6 +42,7 @@ def mean(self):\n+    return 0";

describe("selfCheck: negation", () => {
  it("accepts one reversed expression", () => {
    expect(selfCheck("These imports are not used", "These imports are used", "negation")).toBe(true);
    expect(selfCheck("This doesn't handle it.", "This handles it.", "negation")).toBe(true);
  });

  it("rejects two edits, no edit, and whitespace-only edits", () => {
    expect(explainSelfCheck("a is b and c is d", "a is not b and c is not d", "negation").reason).toMatch(/2 places/);
    expect(selfCheck("Nice", "Nice", "negation")).toBe(false);
    expect(selfCheck("x  y", "x y", "negation")).toBe(false);
  });

  it("rejects edits inside code or links", () => {
    expect(explainSelfCheck("Use `x is not None` here", "Use `x is None` here", "negation").reason).toMatch(/must not change code/);
  });

  it("rejects a long rewrite and a moved anchor", () => {
    expect(
      selfCheck(
        "It is slow.",
        "It is not slow at all for small inputs, and for large ones it is hardly ever noticeably slower either.",
        "negation",
      ),
    ).toBe(false);
    expect(
      selfCheck({ body: "It is used", path: "a.py", diffHunk: hunk }, { body: "It is not used", path: "b.py", diffHunk: hunk }, "negation"),
    ).toBe(false);
  });
});

describe("selfCheck: symbol", () => {
  it("accepts one swapped code element, longer or shorter", () => {
    expect(selfCheck("Nit: `test_nanmedian` should cover it", "Nit: `test_nanmedian_impl` should cover it", "symbol")).toBe(true);
    expect(selfCheck("Call get_users() instead", "Call get_user() instead", "symbol")).toBe(true);
  });

  it("rejects wording changes; whether a swapped word is a name of the code is symbolNameProblem's call", () => {
    expect(selfCheck("`foo` is used", "`foo` is not used", "symbol")).toBe(false);
    expect(selfCheck("The cache is stale", "The caches is stale", "symbol")).toBe(true);
    expect(selfCheck("`a_b` and `c_d`", "`a_x` and `c_x`", "symbol")).toBe(false);
  });
});

describe("selfCheck: location", () => {
  const body = "This can be None here";
  it("accepts the same text on another file or hunk", () => {
    expect(selfCheck({ body, path: "a.py", diffHunk: hunk }, { body, path: "b.py", diffHunk: hunk }, "location")).toBe(true);
    expect(selfCheck({ body, path: "a.py", diffHunk: hunk }, { body, path: "a.py", diffHunk: otherHunk }, "location")).toBe(true);
  });

  it("rejects a changed text, a missing anchor, or the same hunk cut at another line", () => {
    expect(selfCheck({ body, path: "a.py", diffHunk: hunk }, { body: `${body}.`, path: "b.py", diffHunk: hunk }, "location")).toBe(false);
    expect(selfCheck({ body, path: "a.py", diffHunk: hunk }, { body, path: "", diffHunk: "" }, "location")).toBe(false);
    expect(
      explainSelfCheck({ body, path: "a.py", diffHunk: hunk }, { body, path: "a.py", diffHunk: `${hunk}\n+    pass` }, "location").reason,
    ).toMatch(/same file and hunk/);
  });

  it("accepts a line of the same hunk at least 10 lines away (a new file is one hunk), not a nearer one", () => {
    const newFile = ["@@ -0,0 +1,30 @@", ...Array.from({ length: 30 }, (_, k) => `+value_${k + 1} = ${k}`)];
    const at = (line: number) => newFile.slice(0, line + 1).join("\n");
    const own = { body, path: "pkg/new.py", diffHunk: at(3) };
    expect(selfCheck(own, { ...own, diffHunk: at(13) }, "location")).toBe(true);
    expect(selfCheck(own, { ...own, diffHunk: at(12) }, "location")).toBe(false);
  });
});

describe("selfCheck: sanity, not a second generator (issue #42)", () => {
  it("accepts the prompt's own contrast example: two phrases exchanged", () => {
    expect(selfCheck("This gets the id, not the object.", "This gets the object, not the id.", "negation")).toBe(true);
    expect(selfCheck("Add to the list, then sort the map.", "Add to the map, then sort the list.", "negation")).toBe(true);
  });

  it("refuses an edit inside a quote, a blockquote or a link", () => {
    expect(explainSelfCheck('It logs "not found" here', 'It logs "found" here', "negation").reason).toMatch(/quoted text/);
    expect(selfCheck("> it is not used\n\nAgreed, it is used.", "> it is used\n\nAgreed, it is used.", "negation")).toBe(false);
    expect(selfCheck("See https://x.org/not-used for it", "See https://x.org/used for it", "negation")).toBe(false);
  });

  it("refuses a symbol swap inside a code block, allows one inside inline code", () => {
    expect(selfCheck("Use `resp` here", "Use `response` here", "symbol")).toBe(true);
    expect(selfCheck("Use:\n```\nresp.get()\n```", "Use:\n```\nresponse.get()\n```", "symbol")).toBe(false);
  });
});

describe("selfCheck: one consistent swap, one short phrase", () => {
  it("accepts a symbol renamed alike in every mention, not two different swaps", () => {
    expect(selfCheck("`f` calls `g`, and `f` is slow", "`h` calls `g`, and `h` is slow", "symbol")).toBe(true);
    expect(selfCheck("`f` calls `g`, and `f` is slow", "`h` calls `g`, and `k` is slow", "symbol")).toBe(false);
  });

  it("accepts a negation phrase that keeps a word inside, within one sentence and short", () => {
    expect(selfCheck("This import is not used anymore.", "This import is still used.", "negation")).toBe(true);
    expect(selfCheck("It is used. It is read.", "It is not used. It is not read.", "negation")).toBe(false);
  });

  it("accepts code spans moved whole by a contrast swap, never code changed", () => {
    expect(selfCheck("This should be `>=`, not `>`.", "This should be `>`, not `>=`.", "negation")).toBe(true);
    expect(selfCheck("This should be `>=`, not `>`.", "This should be `<`, not `>`.", "negation")).toBe(false);
  });
});
