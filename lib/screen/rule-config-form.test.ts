import { describe, expect, test } from "vitest";
import { DEFAULT_RULE_CONFIG, parseRuleConfig } from "./rule-config";
import { ruleConfigFromForm, ruleConfigToForm } from "./rule-config-form";

const errorsFor = (edit: Record<string, string>) => {
  const result = parseRuleConfig(ruleConfigFromForm({ ...ruleConfigToForm(DEFAULT_RULE_CONFIG), ...edit }));
  return result.ok ? [] : result.errors;
};

describe("rule config form fields", () => {
  test("the defaults survive a round trip through the form", () => {
    expect(parseRuleConfig(ruleConfigFromForm(ruleConfigToForm(DEFAULT_RULE_CONFIG)))).toEqual({ ok: true, config: DEFAULT_RULE_CONFIG });
  });

  test("thousands separators are accepted; words, blanks and fractions get the field's own message", () => {
    const parsed = parseRuleConfig(ruleConfigFromForm({ ...ruleConfigToForm(DEFAULT_RULE_CONFIG), maxPatchChars: "250,000" }));
    expect(parsed.ok && parsed.config.maxPatchChars).toBe(250_000);
    expect(errorsFor({ minCommentChars: "ten" })).toEqual(["minCommentChars must be a number"]);
    expect(errorsFor({ minCommentChars: "  " })).toEqual(["minCommentChars must be a number"]);
    expect(errorsFor({ lgtmMaxChars: "2.5" })).toEqual(["lgtmMaxChars must be a whole number (got 2.5)"]);
    expect(errorsFor({ minCommentChars: "-5" })).toEqual(["minCommentChars must be at least 0 (got -5)"]);
  });

  test("lists are one entry per line, blank lines ignored, bad entries named by position", () => {
    const parsed = parseRuleConfig(
      ruleConfigFromForm({ ...ruleConfigToForm(DEFAULT_RULE_CONFIG), knownBots: "dependabot\n\n  renovate  \r\nmergify\n" }),
    );
    expect(parsed.ok && parsed.config.knownBots).toEqual(["dependabot", "renovate", "mergify"]);
    expect(errorsFor({ botNamePatterns: "bot$\n(unclosed" })[0]).toMatch(/^botNamePatterns\[1\] is not a valid regular expression/);
  });
});
