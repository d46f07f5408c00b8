import { describe, expect, test } from "vitest";
import { isInstanceCandidate } from "./create-instances";

const entry = (over: Partial<Parameters<typeof isInstanceCandidate>[0]>) => ({
  id: "e",
  kind: "inline" as const,
  authorLogin: "reviewer",
  body: "This can be None here.",
  ...over,
});

describe("isInstanceCandidate", () => {
  test("review comments by others are instances", () => {
    expect(isInstanceCandidate(entry({}), "author")).toBe(true);
    expect(isInstanceCandidate(entry({ kind: "pr_comment" }), "author")).toBe(true);
    expect(isInstanceCandidate(entry({ kind: "inline_reply" }), "author")).toBe(true);
    expect(isInstanceCandidate(entry({ kind: "review", body: "Fallback is missing." }), "author")).toBe(true);
  });
  test("the PR author's own comments, commits and empty review bodies are not", () => {
    expect(isInstanceCandidate(entry({ authorLogin: "author" }), "author")).toBe(false);
    // GitHub logins are case-insensitive
    expect(isInstanceCandidate(entry({ authorLogin: "Author" }), "author")).toBe(false);
    expect(isInstanceCandidate(entry({ kind: "commit" }), "author")).toBe(false);
    expect(isInstanceCandidate(entry({ kind: "review", body: "  \n" }), "author")).toBe(false);
  });
  test("a deleted reviewer (null login) is not the author", () => {
    expect(isInstanceCandidate(entry({ authorLogin: null }), "author")).toBe(true);
  });
});
