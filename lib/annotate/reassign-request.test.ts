import { describe, expect, test } from "vitest";
import { ReassignRequestSchema } from "./reassign-open";

const messages = (input: unknown) => {
  const r = ReassignRequestSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("the team page's move of open items, refused in words", () => {
  test("a select left on 'choose' (the form sends nothing for it) names the field, not the type", () => {
    expect(messages({ onlySkipped: false })).toEqual([
      "fromAnnotatorId: Choose under From whose open items to move.",
      "toAnnotatorId: Choose under To who takes them.",
    ]);
    expect(messages({ fromAnnotatorId: "u1", onlySkipped: false })).toEqual(["toAnnotatorId: Choose under To who takes them."]);
    expect(messages({ fromAnnotatorId: "", toAnnotatorId: "u2" })).toEqual([
      "fromAnnotatorId: Choose under From whose open items to move.",
    ]);
    for (const m of messages({})) expect(m).not.toMatch(/expected string|received undefined|Invalid input/);
  });

  test("two different annotators pass; the same one twice is refused", () => {
    expect(messages({ fromAnnotatorId: "u1", toAnnotatorId: "u2" })).toEqual([]);
    expect(messages({ fromAnnotatorId: "u1", toAnnotatorId: "u1" })).toEqual(["toAnnotatorId: Choose two different annotators."]);
  });
});
