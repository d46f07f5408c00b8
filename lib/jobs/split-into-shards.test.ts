import { describe, expect, test } from "vitest";
import { splitIntoShards } from "./split-into-shards";

const inRange = (id: string, r: { idAfter?: string; idUpTo?: string }) =>
  (r.idAfter === undefined || id > r.idAfter) && (r.idUpTo === undefined || id <= r.idUpTo);

describe("splitIntoShards", () => {
  test("covers every id exactly once, in about equal parts", () => {
    const ids = Array.from({ length: 103 }, (_, i) => `id-${String(i).padStart(4, "0")}`);
    const ranges = splitIntoShards(ids, 4);
    expect(ranges).toHaveLength(4);
    for (const id of ids) expect(ranges.filter((r) => inRange(id, r))).toHaveLength(1);
    const sizes = ranges.map((r) => ids.filter((id) => inRange(id, r)).length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(26);
  });

  test("ids added later still fall into a range; fewer ids than shards gives fewer ranges", () => {
    const ranges = splitIntoShards(["b", "d", "f"], 8);
    expect(ranges).toHaveLength(3);
    for (const id of ["a", "c", "e", "g", "z"]) expect(ranges.filter((r) => inRange(id, r))).toHaveLength(1);
    expect(splitIntoShards([], 4)).toEqual([{}]);
  });
});
