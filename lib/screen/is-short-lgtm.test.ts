import { describe, expect, test } from "vitest";
import { isShortLgtm } from "./is-short-lgtm";
import { DEFAULT_RULE_CONFIG } from "./rule-config";

const check = (body: string) => isShortLgtm({ body }, DEFAULT_RULE_CONFIG);

describe("isShortLgtm (begins with LGTM and fewer than 30 characters)", () => {
  test.each([
    ["LGTM!", 5],
    ["lgtm 🚀", 6],
    ["LGTM, thanks!", 13],
    ["Lgtm, ship it", 13],
    ["**LGTM** 🎉", 10],
    ["ＬＧＴＭ", 4],
    ["  LGTM once CI passes \n", 19],
    ["LGTM 👍👍👍", 8],
    ["lgtm, thanks @okafor-py", 23],
    ["LGTM, but CI is red on 3.13", 27],
  ])("%j (%i characters) is dropped", (body, chars) => {
    expect(check(body)).toEqual({
      rule: "lgtm_prefix",
      verdict: "drop",
      rationale: `Comment begins with "LGTM" and is ${chars} characters after trimming (fewer than 30).`,
    });
  });

  test("an LGTM with a real request attached is kept, with the reason", () => {
    expect(check("LGTM but please fix the race in `flush()` before merge")).toEqual({
      rule: "lgtm_prefix",
      verdict: "keep",
      rationale: 'Comment begins with "LGTM" but is 54 characters after trimming (drops only below 30), so it says more than approval.',
    });
  });
  test("the boundary: 29 characters drop, 30 are kept", () => {
    expect(check(`LGTM ${"x".repeat(24)}`).verdict).toBe("drop");
    expect(check(`LGTM ${"x".repeat(25)}`).verdict).toBe("keep");
  });
  test.each([
    "Looks good to me, but the migration needs a down step.",
    "I think LGTM",
    "> LGTM?\nNot yet, the tests fail.",
    "nit: rename `tmp`",
  ])("%j does not begin with LGTM", (body) => {
    expect(check(body)).toEqual({ rule: "lgtm_prefix", verdict: "keep", rationale: 'Comment does not begin with "LGTM".' });
  });
  test("a long 'lgtm with one nit' is kept", () => {
    expect(check("lgtm with one nit: rename `tmp` to `tmp_dir` please").verdict).toBe("keep");
  });
});
