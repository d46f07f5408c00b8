import { describe, expect, it } from "vitest";
import { findCodeElements } from "./code-elements";
import { explainSelfCheck } from "./self-check";
import { symbolCandidates } from "./symbol-swap";

const pandasSymbols = [
  "test_nanmedian",
  "test_nanmedian_impl",
  "test_nanmean",
  "groupby",
  "_groupby",
  "GroupBy",
  "sort_values",
  "_cache",
  "cache",
  "get_user",
  "get_users",
  "pandas/core/frame.py",
  "pandas/core/frame.pyi",
  "pandas/core/series.py",
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
    const names = findCodeElements("The sample_weight passed to useLayoutEffect breaks DataFrameGroupBy and MAX_RETRIES.").map(
      (e) => e.name,
    );
    expect(names).toEqual(["sample_weight", "useLayoutEffect", "DataFrameGroupBy", "MAX_RETRIES"]);
  });

  it("ignores keywords, builtins, brand names, abbreviations, URLs and code blocks", () => {
    const comment =
      "e.g. GitHub and Node.js: `None`, `len(x)`, `self` are fine. See https://example.com/get_user_v2.\n```python\nfetch_rows()\n```";
    expect(findCodeElements(comment)).toEqual([]);
  });

  it("takes identifiers out of an expression in backticks, skipping string literals", () => {
    expect(findCodeElements('Off-by-one when `n == len(buf)` or `key == "user_id"`').map((e) => e.name)).toEqual(["buf", "key"]);
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

  it("offers no near miss that keeps only the first words of the name (`parseQuery` → the library's `parse`)", () => {
    const candidates = symbolCandidates("`parseQuery` returns an empty object.", {
      knownSymbols: ["parseQuery", "parseQueries", "parse", "parse_query_string"],
    }).candidates;
    expect(candidates.map((c) => c.after)).toContain("parseQueries");
    expect(candidates.map((c) => c.after)).not.toContain("parse");
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
    ]);
  });

  it("never invents a name that exists in the repository", () => {
    const invented = swaps("`get_user` is called twice")
      .filter(([, , exists]) => !exists)
      .map(([, after]) => after);
    expect(invented).not.toContain("get_users");
    expect(swaps("`get_user` is called twice")[0]).toEqual(["get_user", "get_users", true]);
  });

  it("invents names in the name's own style, made of words", () => {
    const afters = swaps("call `renderFrame` here", []).map(([, after]) => after);
    expect(afters).toEqual(["renderFrameImpl", "renderFrames", "_renderFrame"]);
    expect(swaps("`strict` matters", []).map(([, after]) => after)).not.toContain("stricts");
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
      const { candidates } = symbolCandidates(comment, { knownSymbols: [...pandasSymbols, "buf", "Mobject", "copy", "updaters", "df"] });
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
    ["`__init__` should call super", /own symbol|no plausible near-miss/],
    ["Catching `Exception` hides `asyncio.get_event_loop()` errors", /library or builtin/],
    ["`Array.prototype.flat` and `Optional[str]` and `self.assertRaises`", /library or builtin/],
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

  it("never swaps library or builtin API, even when the patch uses it", () => {
    const known = ["Exception", "asyncio", "get_event_loop", "get_event_loop_impl", "load_config", "load_configs"];
    const afters = swaps("Catching `Exception` in `load_config` hides `asyncio.get_event_loop()` errors", known).map(([before]) => before);
    expect(new Set(afters)).toEqual(new Set(["load_config"]));
  });

  it("matches dotted names by their full path: `dict._get` is not the repository's `_get`", () => {
    expect(swaps("`dict.get` is simpler", ["_get", "get"])).toEqual([]);
    expect(swaps("`Store.fetch_rows` is slow", ["Store", "fetch_rows", "fetch_row"])[0]).toEqual(["fetch_rows", "fetch_row", true]);
    expect(swaps("`other.fetch_rows` is slow", ["fetch_rows", "fetch_row"])[0]).toEqual(["fetch_rows", "fetch_row", true]);
  });

  it("swaps every mention of the symbol alike, and the self-check accepts it", () => {
    const comment = "`parse_header` lowercases the key, so parse_header() cannot return the raw one.";
    const [best] = symbolCandidates(comment, { knownSymbols: ["parse_header", "parse_headers"] }).candidates;
    expect(best.text).toBe("`parse_headers` lowercases the key, so parse_headers() cannot return the raw one.");
    expect(explainSelfCheck(comment, best.text, "symbol")).toMatchObject({ ok: true });
  });

  it("leaves names in a link's text alone, since the link's anchor would not follow", () => {
    const comment = "See [`parse_header`](https://example.com/http.py#L40): it strips whitespace.";
    expect(swaps(comment, ["parse_header", "parse_headers"])).toEqual([]);
  });

  it("never invents non-words: no READMES.md, assertRais, utcnows", () => {
    expect(swaps("`README.md` should say so", ["README.md"]).map(([, after]) => after)).toEqual([]);
    expect(swaps("`time_utcnow` is naive", ["time_utcnow"]).map(([, after]) => after)).not.toContain("time_utcnows");
  });
});
