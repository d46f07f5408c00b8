import { describe, expect, it } from "vitest";
import { must, mustGet } from "./must";

describe("must", () => {
  it("returns present values, including falsy ones", () => {
    expect(must(0, "count")).toBe(0);
    expect(must("", "text")).toBe("");
  });
  it("names what is missing", () => {
    expect(() => must(null, "the PR of instance i1")).toThrow("the PR of instance i1 is missing");
    expect(() => must(undefined, "x")).toThrow("x is missing");
  });
});

describe("mustGet", () => {
  it("reads a key and names a missing one", () => {
    const m = new Map([["a", 1]]);
    expect(mustGet(m, "a", "split")).toBe(1);
    expect(() => mustGet(m, "b", "split")).toThrow("no split for b");
  });
});
