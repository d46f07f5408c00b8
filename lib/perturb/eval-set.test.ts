import { describe, expect, it } from "vitest";
import { evalSetSchema, expectedText, judgeCandidate, judgeLocation } from "./eval-set";
import fixture from "./fixtures/perturbation-eval-set.json";

describe("perturbation evaluation set", () => {
  it("parses, with at least 120 review comments", () => {
    const set = evalSetSchema.parse(fixture);
    const size = set.cases.length + set.locationPullRequests.reduce((n, pr) => n + pr.comments.length, 0);
    expect(size).toBeGreaterThanOrEqual(120);
  });

  it("rejects an edit whose text is not in the comment", () => {
    const broken = {
      description: "",
      repositories: {},
      cases: [{ id: "x", body: "It is used.", negation: { good: ["unused => used"] } }],
      locationPullRequests: [],
    };
    expect(evalSetSchema.safeParse(broken).success).toBe(false);
  });
});

describe("expectedText", () => {
  it("replaces the first occurrence for negation", () => {
    expect(expectedText("is used, is read", "is => isn't", "negation")).toBe("isn't used, is read");
  });
  it("replaces every whole-token mention for a symbol, dotted parts included", () => {
    expect(expectedText("`f` calls `self.f` and `ff`", "f => g", "symbol")).toBe("`g` calls `self.g` and `ff`");
  });
});

describe("judgeCandidate", () => {
  const body = "It is used.";
  it("matches good and bad edits by the perturbed text, anything else is unjudged", () => {
    const expectation = { good: ["is used => is not used"], bad: ["It is => It isn't"], badNames: [] };
    expect(judgeCandidate(body, expectation, "negation", { text: "It is not used." })).toBe("good");
    expect(judgeCandidate(body, expectation, "negation", { text: "It isn't used." })).toBe("bad");
    expect(judgeCandidate(body, expectation, "negation", { text: "It was used." })).toBe("unjudged");
  });
  it("judges every candidate bad when no valid perturbation exists, and library swaps bad", () => {
    expect(judgeCandidate(body, { good: [], bad: [], none: "courtesy", badNames: [] }, "negation", { text: "x" })).toBe("bad");
    expect(
      judgeCandidate("`Exception`", { good: [], bad: [], badNames: ["Exception"] }, "symbol", {
        text: "`ExceptionImpl`",
        swappedName: "Exception",
      }),
    ).toBe("bad");
  });
  it("judges location moves by sibling id", () => {
    const comment = { id: "a", path: "a.py", diffHunk: "@@", body: "b", good: ["b"], bad: ["c"] };
    expect([judgeLocation(comment, "b"), judgeLocation(comment, "c"), judgeLocation(comment, "d")]).toEqual(["good", "bad", "unjudged"]);
  });
});
