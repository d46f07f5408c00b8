import { describe, expect, it } from "vitest";
import { recordOf } from "./record-of";

describe("recordOf", () => {
  it("has exactly one entry per key, in order", () => {
    const r = recordOf(["train", "validation", "test"] as const, (k) => k.length);
    expect(r).toEqual({ train: 5, validation: 10, test: 4 });
    expect(Object.keys(r)).toEqual(["train", "validation", "test"]);
  });
  it("calls the function once per key", () => {
    let calls = 0;
    recordOf(["a", "b"], () => ++calls);
    expect(calls).toBe(2);
  });
});
