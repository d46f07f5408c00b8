import { describe, expect, it } from "vitest";
import { countEditedRegions, wordDiff } from "./word-diff";

describe("wordDiff", () => {
  it("shows a removed negation as one removed segment", () => {
    expect(wordDiff("These imports are not used", "These imports are used")).toEqual([
      { kind: "same", text: "These imports are " },
      { kind: "removed", text: "not " },
      { kind: "same", text: "used" },
    ]);
  });

  it("shows a swapped symbol as removed then added", () => {
    expect(wordDiff("Use `self.cache` here", "Use `self._cache` here")).toEqual([
      { kind: "same", text: "Use `self." },
      { kind: "removed", text: "cache" },
      { kind: "added", text: "_cache" },
      { kind: "same", text: "` here" },
    ]);
  });

  it("returns one same segment for identical text", () => {
    expect(wordDiff("Nice", "Nice")).toEqual([{ kind: "same", text: "Nice" }]);
  });
});

describe("countEditedRegions", () => {
  it("counts one region for a rewrite of adjacent words", () => {
    expect(countEditedRegions(wordDiff("`df.groupby` already sorts by default", "`df.groupby` doesn't sort by default"))).toBe(1);
  });

  it("counts two regions for two separate edits", () => {
    expect(countEditedRegions(wordDiff("a is b and c is d", "a is not b and c is not d"))).toBe(2);
  });

  it("counts none for identical text", () => {
    expect(countEditedRegions(wordDiff("x y", "x y"))).toBe(0);
  });
});
