import { describe, expect, test } from "vitest";
import { isShortComment } from "./is-short-comment";
import { DEFAULT_RULE_CONFIG } from "./rule-config";

const check = (body: string) => isShortComment({ body }, DEFAULT_RULE_CONFIG);

describe("isShortComment (fewer than 10 characters after trimming)", () => {
  test.each([
    ["nit", 3],
    ["  typo  \n", 4],
    ["Why `0`?", 8],
    ["`self`?", 7],
    ["same here", 9],
    ["👍👍👍", 3],
    ["Merci ❤️", 8],
    ["\t\tditto\r\n", 5],
    ["123456789", 9],
  ])("%j is %i characters: dropped", (body, chars) => {
    expect(check(body)).toEqual({
      rule: "short_comment",
      verdict: "drop",
      rationale: `Comment is ${chars} characters after trimming (minimum 10).`,
    });
  });

  test.each([
    ["0123456789", 10],
    ["Why not `1`", 11],
    ["thank you 🙏", 11],
    ["  Should this be `>=`?  ", 20],
  ])("%j is %i characters: kept", (body, chars) => {
    expect(check(body)).toEqual({
      rule: "short_comment",
      verdict: "keep",
      rationale: `Comment is ${chars} characters after trimming (minimum 10).`,
    });
  });

  test("a single character is reported in the singular", () => {
    expect(check(" ? ").rationale).toBe("Comment is 1 character after trimming (minimum 10).");
  });
  test("whitespace, zero-width spaces and a BOM count as empty", () => {
    for (const body of ["", "   \n\t", "\u200b\u200b", "\ufeff \u200d"]) {
      expect(check(body)).toEqual({
        rule: "short_comment",
        verdict: "drop",
        rationale: "Comment is empty after trimming (minimum 10).",
      });
    }
  });
  test("long comments report their exact length with thousands separators", () => {
    expect(check("a".repeat(1234)).rationale).toBe("Comment is 1,234 characters after trimming (minimum 10).");
  });
  test("a threshold of 0 keeps even empty comments", () => {
    expect(isShortComment({ body: "" }, { ...DEFAULT_RULE_CONFIG, minCommentChars: 0 }).verdict).toBe("keep");
  });
});
