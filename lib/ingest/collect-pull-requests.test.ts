import { describe, expect, test } from "vitest";
import { followUpStuck } from "./collect-pull-requests";

// A PR's comments, reviews, commits or thread comments paged past the first page (#13 case 4).
describe("followUpStuck", () => {
  test("lets a connection go on while its cursor advances", () => {
    expect(followUpStuck({ hasNextPage: true, endCursor: "b" }, "a", 2)).toBeNull();
    expect(followUpStuck({ hasNextPage: false, endCursor: null }, "a", 2)).toBeNull();
  });

  test("stops, saying why, when more pages are promised without a cursor", () => {
    expect(followUpStuck({ hasNextPage: true, endCursor: null }, null, 1)).toBe("GitHub said there are more but gave no cursor");
  });

  test("stops when the cursor given back is the one asked with, instead of looping", () => {
    expect(followUpStuck({ hasNextPage: true, endCursor: "a" }, "a", 3)).toBe(
      "GitHub gave back the cursor it was asked for (a); stopped instead of looping",
    );
  });

  test("stops a connection that never ends after a bound of pages", () => {
    expect(followUpStuck({ hasNextPage: true, endCursor: "z" }, "y", 1_001)).toBe("more than 1000 pages; stopped");
  });
});
