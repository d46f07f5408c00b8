import { describe, expect, test } from "vitest";
import {
  applyInstanceRules,
  applyPullRequestRules,
  INSTANCE_RULE_ORDER,
  InstanceRuleInputSchema,
  type InstanceRuleInput,
} from "./apply-rule-filters";
import { DEFAULT_RULE_CONFIG } from "./rule-config";

const reviewOnSmallPr = (edit: Partial<InstanceRuleInput>): InstanceRuleInput => ({
  commentBody:
    "This mutates the default argument `headers={}` across calls, so a header set for one request leaks into the next. Use `None` and build the dict inside.",
  commentAuthor: { login: "abbott", accountType: "User" },
  pullRequestAuthorLogin: "priya-py",
  patchChars: 4_210,
  ...edit,
});

describe("applyInstanceRules", () => {
  test("a substantive review by another contributor passes every rule", () => {
    const outcome = applyInstanceRules(reviewOnSmallPr({}), DEFAULT_RULE_CONFIG);
    expect(outcome.verdict).toBe("keep");
    expect(outcome.droppedBy).toBeNull();
    expect(outcome.decisions.map((d) => d.rule)).toEqual([...INSTANCE_RULE_ORDER]);
    expect(outcome.decisions.every((d) => d.verdict === "keep")).toBe(true);
  });

  test("the PR author's own 'Thanks!' is attributed to the PR-author rule, with the other reasons still listed", () => {
    const outcome = applyInstanceRules(
      reviewOnSmallPr({ commentBody: "Thanks!", commentAuthor: { login: "Priya-Py", accountType: "User" } }),
      DEFAULT_RULE_CONFIG,
    );
    expect(outcome.droppedBy?.rule).toBe("pr_author_comment");
    expect(outcome.decisions.filter((d) => d.verdict === "drop").map((d) => d.rule)).toEqual([
      "pr_author_comment",
      "short_comment",
      "acknowledgement",
    ]);
  });

  test("a Codecov report on an oversized PR counts as a bot drop (bot comes before patch size)", () => {
    const outcome = applyInstanceRules(
      reviewOnSmallPr({
        commentBody:
          "## [Codecov](https://app.codecov.io) Report\nAll modified and coverable lines are covered by tests :white_check_mark:",
        commentAuthor: { login: "codecov-commenter", accountType: "User" },
        patchChars: 350_000,
      }),
      DEFAULT_RULE_CONFIG,
    );
    expect(outcome.droppedBy).toEqual({
      rule: "bot_author",
      verdict: "drop",
      rationale: 'Author "codecov-commenter" is in the known-bot list (as "codecov-commenter").',
    });
    expect(outcome.decisions.find((d) => d.rule === "patch_size")?.verdict).toBe("drop");
  });

  test.each([
    ["Done, thanks a lot! 🎉", "acknowledgement"],
    ["Thank you for the review!", "acknowledgement"],
    ["thank you for the review, done", "acknowledgement"],
    ["LGTM, ship it 🚀", "lgtm_prefix"],
    ["nit: `;`", "short_comment"],
  ])("%j is dropped by %s", (body, rule) => {
    expect(applyInstanceRules(reviewOnSmallPr({ commentBody: body }), DEFAULT_RULE_CONFIG).droppedBy?.rule).toBe(rule);
  });

  test("a comment by a deleted account is judged on its text", () => {
    const outcome = applyInstanceRules(reviewOnSmallPr({ commentAuthor: { login: null, accountType: null } }), DEFAULT_RULE_CONFIG);
    expect(outcome.verdict).toBe("keep");
  });

  test("the patch text is measured when no length is stored", () => {
    const input = reviewOnSmallPr({ patchChars: undefined, patch: "+x\n".repeat(70_000) });
    expect(applyInstanceRules(input, DEFAULT_RULE_CONFIG).droppedBy?.rationale).toBe("Patch is 210,000 characters (maximum 200,000).");
  });
});

describe("InstanceRuleInputSchema", () => {
  test("accepts a GraphQL-shaped author and refuses input without any patch measure", () => {
    expect(InstanceRuleInputSchema.safeParse(reviewOnSmallPr({})).success).toBe(true);
    const { patchChars: _omitted, ...withoutPatch } = reviewOnSmallPr({});
    const result = InstanceRuleInputSchema.safeParse(withoutPatch);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe("give patchChars or patch so the patch-size rule can run");
  });
});

describe("applyPullRequestRules", () => {
  test("drops a PR whose description is a bare issue link", () => {
    const outcome = applyPullRequestRules({ body: "Closes #4411" }, DEFAULT_RULE_CONFIG);
    expect(outcome.verdict).toBe("drop");
    expect(outcome.droppedBy?.rule).toBe("pr_description_length");
  });
  test("keeps a PR with a described change", () => {
    const body = Array.from({ length: 8 }, () => "The cache key ignored the dtype argument entirely.").join(" ");
    expect(applyPullRequestRules({ body }, DEFAULT_RULE_CONFIG)).toMatchObject({ verdict: "keep", droppedBy: null });
  });
});
