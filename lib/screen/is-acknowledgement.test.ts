import { describe, expect, test } from "vitest";
import { isAcknowledgement } from "./is-acknowledgement";
import { DEFAULT_RULE_CONFIG, parseRuleConfig } from "./rule-config";

const check = (body: string) => isAcknowledgement({ body }, DEFAULT_RULE_CONFIG);

describe("isAcknowledgement drops brief acknowledgements", () => {
  test.each([
    ["Thanks!", ['"thanks"']],
    ["thank you 🙏", ['"thank you"', '"🙏"']],
    [":+1:", ['":+1:"']],
    ["+1", ['"+1"']],
    ["Done.", ['"done"']],
    ["done 👍", ['"done"', '"👍"']],
    ["thanksss", ['"thanks"']],
    ["Thaaanks!!!", ['"thanks"']],
    ["THANK YOU!!", ['"thank you"']],
    ["Thank-you", ['"thank you"']],
    ["Thank you so much! 🎉", ['"thank you so much"', '"🎉"']],
    ["ty", ['"ty"']],
    ["Thx 🙏🏽", ['"thx"', '"🙏"']],
    ["👍🏻", ['"👍"']],
    ["thank you ❤️", ['"thank you"', '"❤️"']],
    ["Done, thanks", ['"done"', '"thanks"']],
    ["Good catch, fixed 👍", ['"good catch"', '"fixed"', '"👍"']],
    ["Fixed in 3f2a1bc", ['"fixed"']],
    ["Addressed in #1234.", ['"addressed"']],
    ["Fixed in the latest commit.", ['"fixed"']],
    ["@priya-py thanks for the review!", ['"thanks for the review"']],
    ["> Should this be `>=` instead?\n\nDone.", ['"done"']],
    ["Sure, will do.", ['"sure"', '"will do"']],
    ["Makes sense, updated.", ['"makes sense"', '"updated"']],
    ["Ok, done 🙂", ['"ok"', '"done"']],
    ["sgtm", ['"sgtm"']],
    ["LGTM!", ['"lgtm"']],
    ["Ｔｈａｎｋｓ！", ['"thanks"']],
    ["Done ✅", ['"done"', '"✅"']],
    ["Agreed, and fixed it in the latest commit", ['"agreed"', '"fixed"']],
    ["Done: https://github.com/psf/requests/pull/6710/commits/4a1c2e9", ['"done"']],
    ["  \n  Thanks a lot!  \n", ['"thanks a lot"']],
  ])("%j", (body, phrases) => {
    const decision = check(body);
    expect(decision.verdict).toBe("drop");
    expect(decision.rationale).toBe(
      `Comment is a brief acknowledgement: ${phrases.join(" + ")} ` +
        "(compared ignoring case, punctuation, repeated letters, mentions and extra emoji).",
    );
  });
});

describe("isAcknowledgement keeps comments that say more", () => {
  test.each([
    ["Done, but I think `retries` should be 3 because the proxy drops the first request.", "but"],
    ["Thanks! But this still breaks on Windows, `os.sep` is `\\\\` there.", "but"],
    ["Fixed the off-by-one in `_build_index`.", "off"],
    ["Thanks for the PR, however the lock is never released on the error path.", "however"],
    ["I'm on it", "i'm"],
    ["OK but what about `None`?", "but"],
    ["Thanks, that fixes the flaky test on 3.12", "fixes"],
    ["Not done yet: the migration still needs a down step.", "not"],
    ["This should use `pathlib.Path` instead of `os.path.join`.", "should"],
    ["Why do we need `typing.cast` here? Thanks.", "why"],
  ])("%j", (body, firstWordOutside) => {
    expect(check(body)).toEqual({
      rule: "acknowledgement",
      verdict: "keep",
      rationale: `Comment contains "${firstWordOutside}", which is in no acknowledgement phrase.`,
    });
  });

  test("an emoji that is not in the list is not an acknowledgement on its own", () => {
    expect(check("🐛").rationale).toBe("Comment contains no acknowledgement phrase.");
  });
  test("connecting words alone do not make an acknowledgement", () => {
    expect(check("Also this").rationale).toBe("Comment contains only connecting words, no acknowledgement phrase.");
  });
  test("listed words out of phrase order are not a listed phrase", () => {
    expect(check("you thank").rationale).toBe(
      'Comment\'s words all occur in acknowledgement phrases but do not form listed phrases ("you thank").',
    );
  });
  test("a mention alone is kept", () => {
    expect(check("@alex-dev").verdict).toBe("keep");
  });
});

describe("isAcknowledgement uses the edited list", () => {
  test("a phrase added in the UI is matched, and reported as written", () => {
    const result = parseRuleConfig({
      ...DEFAULT_RULE_CONFIG,
      acknowledgements: [...DEFAULT_RULE_CONFIG.acknowledgements, "Bedankt"],
    });
    if (!result.ok) throw new Error(result.errors.join("; "));
    expect(isAcknowledgement({ body: "bedankt!!" }, DEFAULT_RULE_CONFIG).verdict).toBe("keep");
    expect(isAcknowledgement({ body: "bedankt!!" }, result.config).rationale).toMatch(/^Comment is a brief acknowledgement: "Bedankt"/);
  });
});

describe('the longest listed phrase, "thank you for the review" (5 tokens), fills the whole phrase window', () => {
  const RATIONALE_TAIL = "(compared ignoring case, punctuation, repeated letters, mentions and extra emoji).";
  test.each([
    ["Thank you for the review!", ['"thank you for the review"']],
    ["@priya-py Thank you for the review 🙏", ['"thank you for the review"', '"🙏"']],
    ["Done, thank you for the review", ['"done"', '"thank you for the review"']],
    ["Thank you for the review, fixed.", ['"thank you for the review"', '"fixed"']],
    ["Fixed. Thank you for the review! Thank you for the review!", ['"fixed"', '"thank you for the review"', '"thank you for the review"']],
  ])("%j is dropped as that phrase, at the start, the end and the middle of the comment", (body, phrases) => {
    const decision = check(body);
    expect(decision.verdict).toBe("drop");
    expect(decision.rationale).toBe(`Comment is a brief acknowledgement: ${phrases.join(" + ")} ${RATIONALE_TAIL}`);
  });

  test.each([
    ["Thank you for the", "do not form listed phrases"],
    ["thank you for the the review", "do not form listed phrases"],
    ["Thank you for the review of the parser", '"of"'],
  ])("%j is kept (a window one token short or long must not match)", (body, why) => {
    const decision = check(body);
    expect(decision.verdict).toBe("keep");
    expect(decision.rationale).toContain(why);
  });

  test("a list whose only phrase has 5 tokens matches it exactly, and nothing shorter or longer", () => {
    const result = parseRuleConfig({
      ...DEFAULT_RULE_CONFIG,
      acknowledgements: ["Thank you for the review"],
      acknowledgementConnectors: [],
    });
    if (!result.ok) throw new Error(result.errors.join("; "));
    const only = (body: string) => isAcknowledgement({ body }, result.config);
    expect(only("thank you for the review").verdict).toBe("drop");
    expect(only("Thank you for the review. Thank you for the review.").verdict).toBe("drop");
    expect(only("thank you for the").verdict).toBe("keep");
    expect(only("you for the review").verdict).toBe("keep");
    expect(only("thank you for the review review").verdict).toBe("keep");
  });
});
