import { describe, expect, test } from "vitest";
import { cohenKappa, yesNoKappa } from "./cohen-kappa";

const repeat = (pair: [string, string], n: number) => Array.from({ length: n }, () => pair);

describe("cohenKappa (hand-computed cases)", () => {
  test("two categories: the textbook 50-item table gives κ = 0.4", () => {
    // po = 35/50 = 0.7; pA(yes) = 0.5, pB(yes) = 0.6; pe = 0.5·0.6 + 0.5·0.4 = 0.5; κ = 0.2/0.5
    const pairs = [...repeat(["yes", "yes"], 20), ...repeat(["yes", "no"], 5), ...repeat(["no", "yes"], 10), ...repeat(["no", "no"], 15)];
    const s = cohenKappa(pairs);
    expect(s.n).toBe(50);
    expect(s.rawAgreement).toBeCloseTo(0.7, 12);
    expect(s.expectedAgreement).toBeCloseTo(0.5, 12);
    expect(s.kappa).toBeCloseTo(0.4, 12);
  });

  test("three label values: κ = (0.7 − 0.41) / 0.59", () => {
    // A: t 6, u 3, s 1; B: t 5, u 3, s 2 → pe = .6·.5 + .3·.3 + .1·.2 = .41
    const pairs: [string, string][] = [
      ...repeat(["trustworthy", "trustworthy"], 4),
      ...repeat(["untrustworthy", "untrustworthy"], 2),
      ["unsuitable", "unsuitable"],
      ["trustworthy", "untrustworthy"],
      ["untrustworthy", "trustworthy"],
      ["trustworthy", "unsuitable"],
    ];
    const s = cohenKappa(pairs);
    expect(s.agreed).toBe(7);
    expect(s.expectedAgreement).toBeCloseTo(0.41, 12);
    expect(s.kappa).toBeCloseTo(0.29 / 0.59, 12);
  });

  test("perfect agreement over two categories is κ = 1; systematic disagreement is κ = −1", () => {
    expect(
      cohenKappa([
        ["t", "t"],
        ["u", "u"],
      ]).kappa,
    ).toBe(1);
    expect(
      cohenKappa([
        ["t", "u"],
        ["u", "t"],
      ]).kappa,
    ).toBe(-1);
  });

  test("degenerate: everyone agrees on a single category → κ undefined (null), raw agreement 1", () => {
    const s = cohenKappa(repeat(["trustworthy", "trustworthy"], 12));
    expect(s.rawAgreement).toBe(1);
    expect(s.expectedAgreement).toBe(1);
    expect(s.kappa).toBeNull();
  });

  test("no items: nothing to report", () => {
    expect(cohenKappa([])).toEqual({ n: 0, agreed: 0, rawAgreement: null, expectedAgreement: null, kappa: null, kappaStandardError: null });
  });
});

describe("yesNoKappa (one number for benchmark lines)", () => {
  test("is κ over true/false, 1 when both raters made the same one call throughout, NaN with no items", () => {
    const calls = [
      [true, true],
      [true, false],
      [false, false],
      [false, false],
    ] as const;
    expect(yesNoKappa(calls)).toBeCloseTo(0.5);
    expect(yesNoKappa(calls)).toBe(cohenKappa(calls.map(([a, b]) => [String(a), String(b)] as const)).kappa);
    expect(yesNoKappa(Array.from({ length: 5 }, () => [false, false] as const))).toBe(1);
    expect(Number.isNaN(yesNoKappa([]))).toBe(true);
  });
});
