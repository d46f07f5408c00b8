import { describe, expect, test } from "vitest";
import { sampleWithoutReplacement, seededRandom, shuffled } from "./seeded";

describe("seededRandom", () => {
  test("same seed gives the same sequence, different seeds differ", () => {
    const a = seededRandom(42),
      b = seededRandom(42),
      c = seededRandom(43);
    const sa = [a(), a(), a()],
      sb = [b(), b(), b()],
      sc = [c(), c(), c()];
    expect(sa).toEqual(sb);
    expect(sa).not.toEqual(sc);
    for (const x of sa) expect(x >= 0 && x < 1).toBe(true);
  });
  test("shuffle is a permutation and reproducible", () => {
    const items = Array.from({ length: 50 }, (_, i) => i);
    const s1 = shuffled(items, seededRandom(7));
    expect(s1).toEqual(shuffled(items, seededRandom(7)));
    expect([...s1].sort((x, y) => x - y)).toEqual(items);
    expect(s1).not.toEqual(items);
  });
  test("sample draws distinct items and refuses impossible draws", () => {
    const s = sampleWithoutReplacement(["a", "b", "c", "d"], 3, seededRandom(1));
    expect(new Set(s).size).toBe(3);
    expect(() => sampleWithoutReplacement([1], 2, seededRandom(1))).toThrow(/cannot draw 2 of 1/);
  });
});
