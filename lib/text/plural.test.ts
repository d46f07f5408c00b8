import { describe, expect, test } from "vitest";
import { counted, plural } from "./plural";

describe("plurals in words", () => {
  test("one is singular; zero and many are plural; irregular plurals are given", () => {
    expect(counted(1, "instance")).toBe("1 instance");
    expect(counted(0, "instance")).toBe("0 instances");
    expect(counted(2, "comment")).toBe("2 comments");
    expect(counted(1200, "match", "matches")).toBe("1,200 matches");
    expect(counted(3, "was", "were")).toBe("3 were");
    expect(plural(1, "is", "are")).toBe("is");
    expect(plural(4, "is", "are")).toBe("are");
  });
});
