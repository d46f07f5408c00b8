import { describe, expect, test } from "vitest";
import { draftAfterEdit, startingPoint } from "./label-draft-store";

const T = Date.parse("2026-05-04T10:00:00.000Z");
const pending = { instanceId: "i1", value: "trustworthy" as const, rationale: "checked the loop bound", savedAt: T };
const local = { instanceId: "i1", value: "untrustworthy" as const, rationale: "half a reason", at: T + 1_000 };
const remote = { value: "unsuitable" as const, rationale: "from the other laptop", editedAt: T + 2_000 };
const none = { pending: null, local: null, remote: null, labelledAt: null, locked: false };

describe("where the label panel starts", () => {
  test("a submitted label the server never acknowledged is resent before any draft is looked at", () => {
    expect(startingPoint({ ...none, pending, local, remote })).toEqual({ kind: "resend", label: pending });
  });

  test("the newer draft wins; the server's is copied to this browser, and a tie goes to this browser's", () => {
    expect(startingPoint({ ...none, local, remote })).toEqual({
      kind: "draft",
      fields: { value: "unsuitable", rationale: "from the other laptop" },
      at: T + 2_000,
      fromServer: true,
    });
    expect(startingPoint({ ...none, local: { ...local, at: T + 3_000 }, remote })).toMatchObject({ fromServer: false, at: T + 3_000 });
    expect(startingPoint({ ...none, local: { ...local, at: T + 2_000 }, remote })).toMatchObject({
      fromServer: false,
      fields: { rationale: "half a reason" },
    });
    expect(startingPoint({ ...none, remote })).toMatchObject({ kind: "draft", fromServer: true });
  });

  test("a draft older than the saved label, or on an instance that takes no more labels, is not shown", () => {
    expect(startingPoint({ ...none, local, labelledAt: new Date(T + 5_000).toISOString() })).toEqual({ kind: "saved" });
    expect(startingPoint({ ...none, local, labelledAt: new Date(T).toISOString() })).toMatchObject({ kind: "draft" });
    expect(startingPoint({ ...none, local, remote, locked: true })).toEqual({ kind: "saved" });
    expect(startingPoint(none)).toEqual({ kind: "saved" });
  });
});

describe("what an edit leaves", () => {
  test("an edit back to the saved label (spaces aside) is no draft; anything else is", () => {
    const saved = { value: "trustworthy" as const, rationale: "checked the loop bound" };
    expect(draftAfterEdit({ value: "trustworthy", rationale: " checked the loop bound  " }, saved)).toBe("forget");
    expect(draftAfterEdit({ value: "untrustworthy", rationale: "checked the loop bound" }, saved)).toBe("keep");
    expect(draftAfterEdit({ value: null, rationale: "" }, null)).toBe("forget");
    expect(draftAfterEdit({ value: null, rationale: "a start" }, null)).toBe("keep");
  });
});
