import { describe, expect, test } from "vitest";
import { instanceCaption } from "./load-agreement";

describe("instanceCaption", () => {
  test("names the repository and PR, the file, and the comment's first words on one line", () => {
    expect(instanceCaption("acme/widgets", 12, { path: "src/a.py", body: "This leaks\nthe handle." })).toBe(
      "acme/widgets#12 · src/a.py · “This leaks the handle.”",
    );
  });
  test("a PR-level comment has no file; a long comment is cut at a word-ish boundary with an ellipsis", () => {
    const caption = instanceCaption("acme/widgets", 3, { path: null, body: "x".repeat(100) });
    expect(caption).toBe(`acme/widgets#3 · “${"x".repeat(59)}…”`);
  });
});
