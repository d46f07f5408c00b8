import { describe, expect, test } from "vitest";
import { toJsonInput } from "./json-input";

describe("toJsonInput", () => {
  test("gives the value as JSON stores it: undefined fields dropped, dates as ISO strings, nulls kept inside", () => {
    const at = new Date("2026-12-05T10:00:00.000Z");
    expect(toJsonInput({ a: 1, b: undefined, c: [null, "x", { at }], d: true })).toEqual({
      a: 1,
      c: [null, "x", { at: at.toISOString() }],
      d: true,
    });
  });

  test("refuses what JSON cannot hold, instead of storing something else", () => {
    expect(() => toJsonInput(undefined)).toThrow(/no JSON form/);
    expect(() => toJsonInput({ n: 1n })).toThrow(/BigInt/);
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(() => toJsonInput(cycle)).toThrow(/circular/);
  });
});
