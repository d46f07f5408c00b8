import { describe, expect, it } from "vitest";
import { negationCandidates } from "./negate-once";
import { explainSelfCheck } from "./self-check";

function top(comment: string): string | undefined {
  return negationCandidates(comment).candidates[0]?.text;
}

describe("negation of claims that rest on a verb, a contrast or a quantifier", () => {
  it.each([
    [
      "claim verb antonym",
      "This breaks backwards compatibility for anyone pinning 2.x.",
      "This keeps backwards compatibility for anyone pinning 2.x.",
    ],
    ["leaks → releases", "This leaks the file handle when parsing fails.", "This releases the file handle when parsing fails."],
    ["handles → ignores", "The new parser handles empty headers correctly.", "The new parser ignores empty headers correctly."],
    [
      "phrase antonym keeps the tense",
      "This closes the stream before the last chunk is flushed.",
      "This keeps open the stream before the last chunk is flushed.",
    ],
    ["never close → always close", "We never close the connection on the error path.", "We always close the connection on the error path."],
    ["a verb the tagger reads as a noun", "The order of the keys matters here.", "The order of the keys does not matter here."],
    ["still + verb → no longer", "The tests still pass without this change.", "The tests no longer pass without this change."],
    ["nobody → everybody", "Nobody calls `reset_state` outside the tests.", "Everybody calls `reset_state` outside the tests."],
    ["none of → all of", "None of the callers pass `timeout`.", "All of the callers pass `timeout`."],
    ["contrast members swap", "The callback gets the id, not the object.", "The callback gets the object, not the id."],
    ["contrast with code spans moves them whole", "This should be `>=`, not `>`.", "This should be `>`, not `>=`."],
    [
      "contrast keeps the preposition where it belongs",
      "The timestamp is in UTC, not local time.",
      "The timestamp is in local time, not UTC.",
    ],
    ["but not → and", "This works for ASCII but not for multibyte input.", "This works for ASCII and for multibyte input."],
    [
      "rhetorical question: the verb inside is reversed",
      "Doesn't this leak the socket if `connect` raises?",
      "Doesn't this release the socket if `connect` raises?",
    ],
    [
      "rhetorical question: the antonym inside beats dropping the frame",
      "Isn't this always true after the early return?",
      "Isn't this never true after the early return?",
    ],
    [
      "contrast members of different lengths start at their shared preposition",
      "The retry count is read from the environment, not from the config file.",
      "The retry count is read from the config file, not from the environment.",
    ],
    ["is already → is not yet", "The timeout is already applied by the HTTP client.", "The timeout is not yet applied by the HTTP client."],
    ["even if → only if", "The test passes even if the function returns `None`.", "The test passes only if the function returns `None`."],
    ["a participle after an article is no claim verb", "Both callers pass a sorted list.", "Both callers do not pass a sorted list."],
    [
      "an antonym the object contradicts gives way to negation",
      "This allocates a new buffer on each iteration.",
      "This does not allocate a new buffer on each iteration.",
    ],
  ])("%s", (_name, comment, expected) => {
    expect(top(comment)).toBe(expected);
    expect(explainSelfCheck(comment, expected, "negation")).toMatchObject({ ok: true });
  });

  it.each([
    "Can we drop the `sleep` here?",
    "Could you add a test for the empty list case?",
    "Is this check still needed?",
    "Looks good to me, thanks!",
    "Sounds reasonable.",
    "Please rename this to `load_all`.",
    "We should also update the changelog.",
    "What happens if the list is empty?",
    "- rename `x` to `count`\n- add a docstring\n- drop the print",
  ])("offers nothing for a request or a plain question: %j", (comment) => {
    expect(negationCandidates(comment).candidates).toEqual([]);
  });

  it("never negates the verb of a contrast's first member", () => {
    const texts = negationCandidates("The callback gets the id, not the object.").candidates.map((c) => c.text);
    expect(texts).not.toContain("The callback does not get the id, not the object.");
  });

  it("keeps weak fallbacks out when a real reversal exists", () => {
    const texts = negationCandidates("All of these constants are unused.").candidates.map((c) => c.text);
    expect(texts).toEqual(["All of these constants are used."]);
  });

  it("drops edits in if/when/before clauses when the main clause has one", () => {
    const texts = negationCandidates("This closes the stream before the last chunk is flushed.").candidates.map((c) => c.text);
    expect(texts.some((t) => t.includes("is not flushed"))).toBe(false);
  });
});
