import { describe, expect, test } from "vitest";
import { assignableWith } from "./annotation-settings";

describe("assignableWith", () => {
  const readiness = {
    ready: 4,
    inAnnotation: [
      { annotators: 1, instances: 3 },
      { annotators: 2, instances: 10 },
    ],
  };
  test("counts the ready instances and those in annotation short of the overlap", () => {
    expect(assignableWith(readiness, 1)).toBe(4);
    expect(assignableWith(readiness, 2)).toBe(7);
    expect(assignableWith(readiness, 3)).toBe(17);
  });
  test("nothing ready and everyone covered is nothing to assign", () => {
    expect(assignableWith({ ready: 0, inAnnotation: [{ annotators: 2, instances: 5 }] }, 2)).toBe(0);
  });
});
