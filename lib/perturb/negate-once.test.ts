import { describe, expect, it } from "vitest";
import { negationCandidates } from "./negate-once";
import { explainSelfCheck } from "./self-check";

function texts(comment: string): string[] {
  return negationCandidates(comment).candidates.map((c) => c.text);
}

function top(comment: string): string | undefined {
  return texts(comment)[0];
}

describe("negationCandidates: best candidate reverses the main claim", () => {
  const cases: Array<[name: string, comment: string, expected: string]> = [
    ["paper example: unused imports", "These imports are not used", "These imports are used"],
    [
      "can be None → cannot (first sentence, before the if-clause)",
      "This can be None here if the cache misses, so we should guard it",
      "This cannot be None here if the cache misses, so we should guard it",
    ],
    [
      "doesn't + verb is reinflected",
      "This doesn't handle the case where `pk` is a string; `int(pk)` will raise `ValueError`.",
      "This handles the case where `pk` is a string; `int(pk)` will raise `ValueError`.",
    ],
    [
      "a request is left alone, the claim after it reversed",
      "Please don't call `refresh_from_db()` inside the loop, it issues one query per object.",
      "Please don't call `refresh_from_db()` inside the loop, it doesn't issue one query per object.",
    ],
    [
      "must not → must",
      "`np.nanmedian` must not modify the input array; `np.partition` works in place on `arr`.",
      "`np.nanmedian` must modify the input array; `np.partition` works in place on `arr`.",
    ],
    [
      "isn't → is keeps the capitalisation of the rest",
      "`getServerSideProps` isn't supported in the `app` directory.",
      "`getServerSideProps` is supported in the `app` directory.",
    ],
    [
      "an instruction ('should') stays, the claim behind it is reversed",
      "Nit: `test_nanmedian` should also cover the all-NaN case, since that path returns early.",
      "Nit: `test_nanmedian` should also cover the all-NaN case, since that path does not return early.",
    ],
    [
      "should of an expectation is reversed",
      "This should be safe because `ref.current` is set on mount.",
      "This should be unsafe because `ref.current` is set on mount.",
    ],
    [
      "no longer → still",
      "We no longer need the `as any` cast since `parseConfig` returns `Config` now.",
      "We still need the `as any` cast since `parseConfig` returns `Config` now.",
    ],
    [
      "existential there is a → there is no",
      "There is a race between the `fetch` and the `abort()` call if the component unmounts early.",
      "There is no race between the `fetch` and the `abort()` call if the component unmounts early.",
    ],
    ["unused → used", "Unused import", "Used import"],
    [
      "never → always when it is the only polarity word",
      "`validate_data` never mutates `X` in place.",
      "`validate_data` always mutates `X` in place.",
    ],
    [
      "non-deterministic → deterministic",
      "Setting `random_state=None` here makes the test non-deterministic.",
      "Setting `random_state=None` here makes the test deterministic.",
    ],
    ["cannot → can", "This cannot be `None` after `__post_init__`.", "This can be `None` after `__post_init__`."],
    ["can not (two words) → can", "The lock can not be released twice.", "The lock can be released twice."],
    [
      "won't → will",
      "This won't work on Windows because of the path separator.",
      "This will work on Windows because of the path separator.",
    ],
    [
      "has no → has an",
      "Passing `copy=False` has no effect for extension arrays.",
      "Passing `copy=False` has an effect for extension arrays.",
    ],
    [
      "not necessary → necessary",
      "`monkeypatch.setattr` restores the attribute automatically, so the `finally` block is not necessary.",
      "`monkeypatch.setattr` restores the attribute automatically, so the `finally` block is necessary.",
    ],
    ["bare Not needed.", "Not needed.", "Needed."],
    [
      "was → was not",
      "This was removed in v0.18; `config.frame_rate` is read-only now.",
      "This was not removed in v0.18; `config.frame_rate` is read-only now.",
    ],
    ["none of → all of, not the Python None", "None of these branches can return `None`.", "All of these branches can return `None`."],
  ];
  it.each(cases)("%s", (_name, comment, expected) => {
    expect(top(comment)).toBe(expected);
  });
});

describe("negationCandidates: the full candidate list", () => {
  it("offers every single reversal, main clause first", () => {
    const comment = "This can be None here if the cache misses, so we should guard it";
    expect(texts(comment)).toEqual(["This cannot be None here if the cache misses, so we should guard it"]);
  });

  it("offers both necessary ↔ unnecessary and the auxiliary, deduplicated", () => {
    const all = texts("`check_is_fitted` is called twice; the second call in `predict` is unnecessary.");
    expect(all).toContain("`check_is_fitted` is not called twice; the second call in `predict` is unnecessary.");
    expect(all).toContain("`check_is_fitted` is called twice; the second call in `predict` is necessary.");
    expect(all).not.toContain("`check_is_fitted` is called twice; the second call in `predict` is not unnecessary.");
    expect(new Set(all).size).toBe(all.length);
  });

  it("drops 'already' when negating a main verb", () => {
    expect(texts("`df.groupby` already sorts by default; no need for `sort=True`")).toContain(
      "`df.groupby` does not sort by default; no need for `sort=True`",
    );
  });

  it("follows the author's contraction style when adding a negation", () => {
    expect(texts("It's fine, but this doesn't scale and the index is rebuilt every call.")).toContain(
      "It's fine, but this doesn't scale and the index isn't rebuilt every call.",
    );
    expect(texts("The index is rebuilt every call.")).toContain("The index is not rebuilt every call.");
  });

  it("never negates a plain question: it would reverse nothing", () => {
    expect(texts("Is `out` still used after this change?")).toEqual([]);
  });

  it("never edits quoted text (someone else's words)", () => {
    const all = negationCandidates(
      "> This is only called from the CLI\n\nIt is also called from `pytester.runpytest`, so the check has to stay.",
    ).candidates;
    expect(all[0].text).toBe(
      "> This is only called from the CLI\n\nIt is also not called from `pytester.runpytest`, so the check has to stay.",
    );
    expect(all.every((c) => c.start > "> This is only called from the CLI".length)).toBe(true);
  });

  it.each([
    ["a negated question asks the same thing without its negation", "Shouldn't this be `>=`? Off-by-one when `n == len(buf)`"],
    ["why not asks the same thing as why", "Why not use `pathlib.Path` here?"],
    ["the writer's own state of mind", "I noticed this while changing the code."],
    ["a hedged suggestion", "I think these method names would be clearer if written as a sentence."],
    ["an instruction", "Nit: `test_nanmedian` should also cover the all-NaN case"],
    ["an imperative after an adverb", "always use brackets for if statements"],
    ["a presentation", "Here is the traceback:"],
  ])("no candidate: %s", (_, comment) => {
    expect(negationCandidates(comment).candidates).toEqual([]);
  });

  it("negates verbs only, never a noun taken for one", () => {
    const all = negationCandidates("This helper avoids blank lines at the start of functions.").candidates;
    expect(all.map((c) => `${c.before} => ${c.after}`)).toEqual(["avoids => does not avoid"]);
  });

  it("does not create double negatives or leave negative-polarity words stranded", () => {
    const all = texts("We don't need this anymore since the helper was removed.");
    expect(all).not.toContain("We need this anymore since the helper was removed.");
    expect(texts("This is never `None`.")).not.toContain("This is not never `None`.");
    expect(texts("The field is unused.")).toEqual(["The field is used."]);
  });

  it("never edits inside inline code, code blocks or URLs", () => {
    const comment =
      "`x is not None` is not needed; see https://docs.python.org/3/library/typing.html#typing.Optional\n```suggestion\nif x is not None:\n```";
    const result = negationCandidates(comment);
    expect(result.candidates.map((c) => c.text)).toEqual([
      "`x is not None` is needed; see https://docs.python.org/3/library/typing.html#typing.Optional\n```suggestion\nif x is not None:\n```",
    ]);
  });

  it("describes each candidate with its exact edit", () => {
    const [candidate] = negationCandidates("These imports are not used").candidates;
    expect(candidate).toMatchObject({ start: 17, end: 21, before: " not", after: "", rule: "auxiliary-not" });
    expect(candidate.rationale).toMatch(/sentence 1, claim strength \d+, main clause/);
    expect(candidate.score).toBeGreaterThan(0);
  });

  it("is deterministic", () => {
    const comment = "`useEffect` runs after paint, so the measurement is always stale here. `useLayoutEffect` is required.";
    expect(negationCandidates(comment)).toEqual(negationCandidates(comment));
  });
});

describe("negationCandidates: comments with nothing to negate", () => {
  it.each([
    ["a lone question mark", "?"],
    ["only a suggestion block", "```suggestion\n        return self._cache.get(key)\n```"],
    ["only an emoji", "👍"],
    ["empty", "   "],
  ])("%s has no prose", (_name, comment) => {
    const result = negationCandidates(comment);
    expect(result.candidates).toEqual([]);
    expect(result.reason).toMatch(/no prose|empty/i);
  });

  it.each([["Nice"], ["LGTM 👍"], ["Thanks!"], ["+1, good catch"]])("%s has no polarity to reverse", (comment) => {
    const result = negationCandidates(comment);
    expect(result.candidates).toEqual([]);
    expect(result.reason).toMatch(/No claim to reverse/);
  });
});

describe("negationCandidates: every candidate passes the self-check", () => {
  const comments = [
    "These imports are not used",
    "This can be None here if the cache misses, so we should guard it",
    "`df.groupby` already sorts by default; no need for `sort=True`",
    "This doesn't really handle the empty list; `items[0]` will raise `IndexError`.",
    "Why do we need `deepcopy` here? A shallow copy is enough since `points` is replaced, not mutated.",
    "Type narrowing doesn't work through `Array.isArray` on a readonly array, so `items` is still `unknown[]` here.",
    "The `keepdims` argument was ignored before, which is why the shape test passed.",
    "All of these dtype checks are redundant after the `_validate_axis` call.",
    "If `sample_weight` has no zeros, this branch is impossible to reach.",
    "`useEffect` runs after paint, so the measurement is always stale here. `useLayoutEffect` is required.",
    "This is safe because `ref.current` is never null after mount.",
    "It’s not thread-safe: two workers can call `flush()` at once and the queue isn’t locked.",
  ];
  it.each(comments)("%s", (comment) => {
    const { candidates } = negationCandidates(comment);
    expect(candidates.length).toBeGreaterThan(0);
    for (const candidate of candidates) {
      expect(explainSelfCheck(comment, candidate.text, "negation")).toMatchObject({ ok: true });
      expect(comment.slice(0, candidate.start) + candidate.after + comment.slice(candidate.end)).toBe(candidate.text);
    }
  });
});
