import { describe, expect, it } from "vitest";
import { negationCandidates } from "./negate-once";
import { explainSelfCheck } from "./self-check";

describe("negative-polarity items rewritten with their licence", () => {
  it.each([
    ["not … anymore → still", "This import is not used anymore.", "This import is still used."],
    [
      "n't … anymore → still",
      "The `retry` flag isn't necessary anymore since the client retries on its own.",
      "The `retry` flag is still necessary since the client retries on its own.",
    ],
    ["not … anywhere → elsewhere", "`_legacy_parse` is not referenced anywhere.", "`_legacy_parse` is referenced elsewhere."],
    [
      "n't … yet → already",
      "This hasn't been released yet, so we can still rename it.",
      "This has already been released, so we can still rename it.",
    ],
    [
      "doesn't … at all → a lot",
      "The cache doesn't help at all here: every call has a new key.",
      "The cache helps a lot here: every call has a new key.",
    ],
    ["n't … either → too", "The response isn't cached either.", "The response is cached too."],
    [
      "nothing … anymore → something still",
      "You can remove this, nothing imports it anymore.",
      "You can remove this, something still imports it.",
    ],
    ["doesn't … anymore → still + verb", "This doesn't work anymore.", "This still works."],
  ])("%s", (_name, comment, expected) => {
    const [best] = negationCandidates(comment).candidates;
    expect(best?.text).toBe(expected);
    expect(explainSelfCheck(comment, expected, "negation")).toMatchObject({ ok: true });
  });

  it("never leaves an unlicensed item behind", () => {
    const texts = negationCandidates("This import is not used anymore.").candidates.map((c) => c.text);
    expect(texts).not.toContain("This import is used anymore.");
  });
});
