import { describe, expect, test } from "vitest";
import { countDescriptionWords, isThinPrDescription } from "./is-thin-pr-description";
import { DEFAULT_RULE_CONFIG } from "./rule-config";

const untouchedTemplate = `<!--
Thanks for contributing! Please read CONTRIBUTING.md before opening a PR.
Describe what this PR changes and why, and link the issue it closes.
-->

## Description

<!-- A clear and concise description of the change. -->

## Checklist
- [ ] Tests added
- [ ] Docs updated
- [x]
`;

const substantive = `Fixes #6702.

\`Session.send\` re-used the proxy manager across redirects, so a redirect from an HTTPS
endpoint to a plain HTTP one kept the CONNECT tunnel open and leaked the Proxy-Authorization
header to the new host. This change rebuilds the proxy configuration on every hop and strips
the header when the scheme or host changes. I added regression tests for both directions.

<!-- Please describe how you tested this. -->
- [x] Tests added`;

describe("countDescriptionWords", () => {
  test("an untouched PR template counts only the words a reader would see", () => {
    // Description, Checklist, Tests, added, Docs, updated
    expect(countDescriptionWords(untouchedTemplate)).toBe(6);
  });
  test("checklist markup and markdown symbols are not words; their item text is", () => {
    expect(countDescriptionWords("- [x] Tests added\n* [ ] Docs\n1. [X] Changelog\n---\n| |")).toBe(4);
  });
  test("an unterminated HTML comment hides the rest, as GitHub renders it", () => {
    expect(countDescriptionWords("Bump the pin.\n<!-- describe your change\n## Checklist")).toBe(3);
  });
  test("a null body (PR opened without description) has no words", () => {
    expect(countDescriptionWords(null)).toBe(0);
  });
  test("issue references, numbers and code count as words", () => {
    expect(countDescriptionWords("Fixes #123 in `foo.bar()` for Python 3.12")).toBe(7);
  });
});

describe("isThinPrDescription (fewer than 40 words)", () => {
  test("a template left untouched is dropped, and the rationale says what was ignored", () => {
    expect(isThinPrDescription({ body: untouchedTemplate }, DEFAULT_RULE_CONFIG)).toEqual({
      rule: "pr_description_length",
      verdict: "drop",
      rationale: "PR description has 6 words (minimum 40), not counting HTML comments and checklist markup.",
    });
  });
  test("a real description is kept", () => {
    const decision = isThinPrDescription({ body: substantive }, DEFAULT_RULE_CONFIG);
    expect(decision.verdict).toBe("keep");
    expect(decision.rationale).toBe(
      `PR description has ${countDescriptionWords(substantive)} words (minimum 40), not counting HTML comments and checklist markup.`,
    );
    expect(countDescriptionWords(substantive)).toBe(63);
  });
  test("boundary: 39 words drop, 40 are kept", () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");
    expect(isThinPrDescription({ body: words(39) }, DEFAULT_RULE_CONFIG).verdict).toBe("drop");
    expect(isThinPrDescription({ body: words(40) }, DEFAULT_RULE_CONFIG).verdict).toBe("keep");
  });
  test("an empty description is dropped with a singular-safe message", () => {
    expect(isThinPrDescription({ body: null }, DEFAULT_RULE_CONFIG).rationale).toMatch(/^PR description has 0 words/);
    expect(isThinPrDescription({ body: "Typo." }, DEFAULT_RULE_CONFIG).rationale).toMatch(/^PR description has 1 word \(/);
  });
});
