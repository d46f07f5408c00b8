import { describe, expect, test } from "vitest";
import { isPrAuthorComment } from "./is-pr-author-comment";

describe("isPrAuthorComment", () => {
  test("the PR author's reply to a review is not an instance", () => {
    expect(isPrAuthorComment({ commentAuthorLogin: "mkowalski", pullRequestAuthorLogin: "mkowalski" })).toEqual({
      rule: "pr_author_comment",
      verdict: "drop",
      rationale: 'Comment author "mkowalski" is the PR author; only comments by other contributors are instances.',
    });
  });
  test("logins match regardless of case, as GitHub treats them", () => {
    expect(isPrAuthorComment({ commentAuthorLogin: "Priya-Py", pullRequestAuthorLogin: "priya-py" }).verdict).toBe("drop");
  });
  test("a reviewer's comment is kept", () => {
    expect(isPrAuthorComment({ commentAuthorLogin: "abbott", pullRequestAuthorLogin: "mkowalski" })).toEqual({
      rule: "pr_author_comment",
      verdict: "keep",
      rationale: 'Comment author "abbott" is not the PR author "mkowalski".',
    });
  });
  test("deleted accounts cannot be matched, so the comment stays", () => {
    expect(isPrAuthorComment({ commentAuthorLogin: null, pullRequestAuthorLogin: "mkowalski" }).rationale).toBe(
      "Comment author account was deleted, so it cannot be matched to the PR author.",
    );
    expect(isPrAuthorComment({ commentAuthorLogin: "abbott", pullRequestAuthorLogin: null }).rationale).toBe(
      'PR author account was deleted, so comment author "abbott" cannot be matched to it.',
    );
    expect(isPrAuthorComment({ commentAuthorLogin: null, pullRequestAuthorLogin: null }).verdict).toBe("keep");
  });
  test("a similar but different login is not the author", () => {
    expect(isPrAuthorComment({ commentAuthorLogin: "mkowalski-2", pullRequestAuthorLogin: "mkowalski" }).verdict).toBe("keep");
  });
});
