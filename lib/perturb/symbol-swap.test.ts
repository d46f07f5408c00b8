import { describe, expect, it } from "vitest";
import { findCodeElements } from "./code-elements";
import { explainSelfCheck } from "./self-check";
import { symbolCandidates } from "./symbol-swap";

const pandasSymbols = [
  "test_nanmedian", "test_nanmedian_impl", "test_nanmean", "groupby", "_groupby", "GroupBy",
  "sort_values", "_cache", "cache", "get_user", "get_users", "pandas/core/frame.py",
  "pandas/core/frame.pyi", "pandas/core/series.py",
];

function swaps(comment: string, knownSymbols: string[] = pandasSymbols): Array<[string, string, boolean]> {
  return symbolCandidates(comment, { knownSymbols }).candidates.map((c) => [c.before, c.after, c.existsInRepository]);
}

describe("findCodeElements", () => {
  it("finds backticked identifiers, dotted paths, calls and file paths", () => {
    const elements = findCodeElements("Use `self.cache` and get_user() from pandas/core/frame.py, not `DataFrame.merge`.");
    expect(elements.map((e) => [e.element, e.name, e.shape])).toEqual([
      ["self.cache", "cache", "identifier"],
      ["get_user()", "get_user", "identifier"],
      ["pandas/core/frame.py", "frame.py", "path"],
      ["DataFrame.merge", "merge", "identifier"],
    ]);
  });

  it("finds bare snake_case, camelCase and PascalCase names in prose", () => {
    const names = findCodeElements("The sample_weight passed to useLayoutEffect breaks DataFrameGroupBy and MAX_RETRIES.").map((e) => e.name);
    expect(names).toEqual(["sample_weight", "useLayoutEffect", "DataFrameGroupBy", "MAX_RETRIES"]);
  });

  it("ignores keywords, builtins, brand names, abbreviations, URLs and code blocks", () => {
    const comment = "e.g. GitHub and Node.js: `None`, `len(x)`, `self` are fine. See https://example.com/get_user_v2.\n```python\nfetch_rows()\n```";
    expect(findCodeElements(comment)).toEqual([]);
  });

  it("takes identifiers out of an expression in backticks, skipping string literals", () => {
    expect(findCodeElements("Off-by-one when `n == len(buf)` or `key == \"user_id\"`").map((e) => e.name)).toEqual(["buf", "key"]);
  });

  it("keeps a builtin name when it is a method of something", () => {
    expect(findCodeElements("`monkeypatch.setattr` restores it").map((e) => e.name)).toEqual(["setattr"]);
  });
});

describe("symbolCandidates", () => {
  it("paper example: test_nanmedian → test_nanmedian_impl comes first, as an existing name", () => {
    const comment = "Nit: `test_nanmedian` should also cover the all-NaN case";
    const [best, ...rest] = symbolCandidates(comment, { knownSymbols: pandasSymbols }).candidates;
    expect(best).toMatchObject({
      text: "Nit: `test_nanmedian_impl` should also cover the all-NaN case",
      before: "test_nanmedian",
      after: "test_nanmedian_impl",
      existsInRepository: true,
      element: "test_nanmedian",
    });
    expect(rest.map((c) => c.after)).toContain("test_nanmean");
  });

  it("ranks every existing near miss before every invented name", () => {
    const candidates = symbolCandidates("Use `self.cache` and get_user() here.", { knownSymbols: pandasSymbols }).candidates;
    const firstInvented = candidates.findIndex((c) => !c.existsInRepository);
    expect(firstInvented).toBeGreaterThan(0);
    expect(candidates.slice(firstInvented).every((c) => !c.existsInRepository)).toBe(true);
    expect(candidates.slice(0, firstInvented).map((c) => c.text)).toEqual([
      "Use `self._cache` and get_user() here.",
      "Use `self.cache` and get_users() here.",
    ]);
  });

  it("invents names that exist nowhere when the repository offers no near miss", () => {
    const result = swaps("`get_user` is called twice", []);
    expect(result).toEqual([
      ["get_user", "get_user_impl", false],
      ["get_user", "get_users", false],
      ["get_user", "_get_user", false],
      ["get_user", "fetch_user", false],
      ["get_user", "getUser", false],
      ["get_user", "get_user_v2", false],
    ]);
  });

  it("never invents a name that exists in the repository", () => {
    const invented = swaps("`get_user` is called twice").filter(([, , exists]) => !exists).map(([, after]) => after);
    expect(invented).not.toContain("get_users");
    expect(swaps("`get_user` is called twice")[0]).toEqual(["get_user", "get_users", true]);
  });

  it("converts camelCase and snake_case both ways", () => {
    expect(swaps("`useLayoutEffect` is required", []).map(([, after]) => after)).toContain("use_layout_effect");
    expect(swaps("call `render_frame` here", []).map(([, after]) => after)).toContain("renderFrame");
  });

  it("swaps file paths for sibling files", () => {
    const result = swaps("This belongs in pandas/core/frame.py");
    expect(result[0]).toEqual(["pandas/core/frame.py", "pandas/core/frame.pyi", true]);
    expect(result.map(([, after]) => after)).toContain("pandas/core/frames.py");
  });

  it("does not swap one element for another one the comment already names", () => {
    const afters = swaps("Inconsistent: `renderFrame` vs `render_frame`.", ["renderFrame", "render_frame"]).map(([, after]) => after);
    expect(afters).not.toContain("render_frame");
    expect(afters).not.toContain("renderFrame");
  });

  it("changes exactly one element and keeps the wording, for every candidate", () => {
    const comments = [
      "Nit: `test_nanmedian` should also cover the all-NaN case",
      "`df.groupby` already sorts by default; no need for `sort=True`",
      "Shouldn't this be `>=`? Off-by-one when `n == len(buf)`",
      "Use self.cache here instead of recomputing; get_user() is expensive.",
      "This belongs in pandas/core/frame.py, not in `series.py`.",
      "`Mobject.copy()` doesn't copy `updaters`, so the animation will share state.",
    ];
    for (const comment of comments) {
      const { candidates } = symbolCandidates(comment, { knownSymbols: pandasSymbols });
      expect(candidates.length).toBeGreaterThan(0);
      for (const candidate of candidates) {
        expect(explainSelfCheck(comment, candidate.text, "symbol")).toMatchObject({ ok: true });
      }
    }
  });

  it.each([
    ["?", /no code element/],
    ["Nice", /no code element/],
    ["These imports are not used", /no code element/],
    ["```suggestion\nreturn get_user(x)\n```", /no code element/],
    ["`__init__` should call super", /no plausible near-miss/],
    ["", /empty/],
  ])("returns no candidates and a reason for %j", (comment, reason) => {
    const result = symbolCandidates(comment, { knownSymbols: pandasSymbols });
    expect(result.candidates).toEqual([]);
    expect(result.reason).toMatch(reason);
  });

  it("accepts any iterable of known symbols", () => {
    const fromSet = symbolCandidates("`get_user` is slow", { knownSymbols: new Set(["get_users"]) });
    expect(fromSet.candidates[0]).toMatchObject({ after: "get_users", existsInRepository: true });
  });
});
