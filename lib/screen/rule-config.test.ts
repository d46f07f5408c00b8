import { describe, expect, test } from "vitest";
import { DEFAULT_RULE_CONFIG, parseRuleConfig, RULE_SET_VERSION, ruleConfigFingerprint, type RuleConfig } from "./rule-config";

const withEdit = (edit: Partial<Record<keyof RuleConfig, unknown>>) => ({ ...DEFAULT_RULE_CONFIG, ...edit });

function errorsOf(input: unknown): string[] {
  const result = parseRuleConfig(input);
  if (result.ok) throw new Error("expected the config to be rejected");
  return result.errors;
}

describe("DEFAULT_RULE_CONFIG", () => {
  test("carries the paper's thresholds", () => {
    expect(DEFAULT_RULE_CONFIG).toMatchObject({
      maxPatchChars: 200_000,
      minCommentChars: 10,
      lgtmMaxChars: 30,
      minPrDescriptionWords: 40,
    });
  });
  test("lists the bots the brief names and the acknowledgement spellings", () => {
    for (const bot of [
      "dependabot",
      "renovate",
      "github-actions",
      "codecov",
      "pre-commit-ci",
      "coderabbitai",
      "mergify",
      "sonarcloud",
      "netlify",
      "vercel",
      "allcontributors",
      "stale",
      "greenkeeper",
      "snyk-bot",
      "imgbot",
      "deepsource-autofix",
      "sourcery-ai",
      "gemini-code-assist",
      "copilot-pull-request-reviewer",
      "changeset-bot",
      "codeclimate",
      "lgtm-com",
      "pull-assistant",
    ]) {
      expect(DEFAULT_RULE_CONFIG.knownBots).toContain(bot);
    }
    for (const ack of [
      "thanks",
      "thank you",
      "thx",
      "ty",
      "done",
      "+1",
      "ok",
      "okay",
      "nice",
      "fixed",
      "lgtm",
      "sgtm",
      "good catch",
      "will do",
      "addressed",
      "updated",
      "agreed",
      "sure",
      "👍",
      "🎉",
      ":+1:",
    ]) {
      expect(DEFAULT_RULE_CONFIG.acknowledgements).toContain(ack);
    }
  });
  test("round-trips through the validator unchanged", () => {
    expect(parseRuleConfig(structuredClone(DEFAULT_RULE_CONFIG))).toEqual({ ok: true, config: DEFAULT_RULE_CONFIG });
  });
});

describe("parseRuleConfig: messages a UI can show", () => {
  test("an invalid regular expression names its index and the engine's reason", () => {
    const patterns = [...DEFAULT_RULE_CONFIG.botNamePatterns.slice(0, 2), "(ci|build-bot"];
    expect(errorsOf(withEdit({ botNamePatterns: patterns }))).toEqual([
      expect.stringMatching(/^botNamePatterns\[2\] is not a valid regular expression: .*Unterminated group/),
    ]);
  });
  test("a pattern that matches an empty string would flag everyone and is refused", () => {
    expect(errorsOf(withEdit({ botNamePatterns: ["[-_]bot$", "b*"] }))).toEqual([
      "botNamePatterns[1] matches an empty string, so it would flag every login as a bot",
    ]);
  });
  test("known bots are compared without case or [bot] suffix when checking for repeats", () => {
    expect(errorsOf(withEdit({ knownBots: ["dependabot", "renovate", "Dependabot[bot]"] }))).toEqual([
      'knownBots[2] ("Dependabot[bot]") repeats knownBots[0] ("dependabot") once normalised',
    ]);
  });
  test("a login with a space is refused", () => {
    expect(errorsOf(withEdit({ knownBots: ["codecov commenter"] }))).toEqual([
      'knownBots[0] ("codecov commenter") must not contain spaces: a GitHub login is one word',
    ]);
  });
  test("an acknowledgement made only of punctuation could never match", () => {
    expect(errorsOf(withEdit({ acknowledgements: ["thanks", "!!!"] }))).toEqual([
      'acknowledgements[1] ("!!!") has no words or emoji left after normalising, so it could never match',
    ]);
  });
  test("spellings that normalise to the same phrase are reported as repeats", () => {
    expect(errorsOf(withEdit({ acknowledgements: ["thanks", "Thanks!!", "THANKSSS"] }))).toEqual([
      'acknowledgements[1] ("Thanks!!") repeats acknowledgements[0] ("thanks") once normalised',
      'acknowledgements[2] ("THANKSSS") repeats acknowledgements[0] ("thanks") once normalised',
    ]);
  });
  test("empty entries are pointed at", () => {
    expect(errorsOf(withEdit({ acknowledgements: ["done", "   "] }))).toEqual(["acknowledgements[1] is empty"]);
  });
  test("thresholds must be whole numbers in range", () => {
    expect(errorsOf(withEdit({ minCommentChars: -1 }))).toEqual(["minCommentChars must be at least 0 (got -1)"]);
    expect(errorsOf(withEdit({ lgtmMaxChars: 29.5 }))).toEqual(["lgtmMaxChars must be a whole number (got 29.5)"]);
    expect(errorsOf(withEdit({ maxPatchChars: 0 }))).toEqual(["maxPatchChars must be at least 1 (got 0)"]);
    expect(errorsOf(withEdit({ minPrDescriptionWords: "40" }))).toEqual(["minPrDescriptionWords must be a number"]);
  });
  test("missing and unknown fields are named", () => {
    const { lgtmMaxChars: _dropped, ...rest } = DEFAULT_RULE_CONFIG;
    expect(errorsOf(rest)).toEqual(["lgtmMaxChars must be a number"]);
    expect(errorsOf({ ...DEFAULT_RULE_CONFIG, minWords: 3 })).toEqual(['Unrecognized key: "minWords"']);
  });
  test("several problems are all reported at once", () => {
    expect(errorsOf(withEdit({ minCommentChars: -5, botNamePatterns: ["["] }))).toHaveLength(2);
  });
});

describe("ruleConfigFingerprint", () => {
  test("starts with the rule-set version and changes when a threshold is edited", () => {
    const base = ruleConfigFingerprint(DEFAULT_RULE_CONFIG);
    expect(base.startsWith(`${RULE_SET_VERSION}+`)).toBe(true);
    expect(ruleConfigFingerprint(structuredClone(DEFAULT_RULE_CONFIG))).toBe(base);
    expect(ruleConfigFingerprint({ ...DEFAULT_RULE_CONFIG, minCommentChars: 12 })).not.toBe(base);
    expect(ruleConfigFingerprint({ ...DEFAULT_RULE_CONFIG, knownBots: [...DEFAULT_RULE_CONFIG.knownBots, "my-ci"] })).not.toBe(base);
  });
});
