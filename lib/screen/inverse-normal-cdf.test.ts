import { describe, expect, test } from "vitest";
import { inverseStandardNormal, twoSidedZ } from "./inverse-normal-cdf";

// Reference quantiles from scipy.stats.norm.ppf (double precision).
const REFERENCE: [number, number][] = [
  [1e-300, -37.0470962993612],
  [1e-20, -9.262340089798409],
  [1e-10, -6.361340902404056],
  [1e-6, -4.753424308822899],
  [0.001, -3.090232306167813],
  [0.01, -2.3263478740408408],
  [0.025, -1.959963984540054],
  [0.05, -1.6448536269514729],
  [0.1, -1.2815515655446004],
  [0.3, -0.5244005127080409],
  [0.5, 0],
  [0.8, 0.8416212335729143],
  [0.9, 1.2815515655446004],
  [0.95, 1.6448536269514722],
  [0.975, 1.959963984540054],
  [0.995, 2.5758293035489004],
  [0.9999999, 5.199337582290661],
];

describe("inverseStandardNormal", () => {
  test.each(REFERENCE)("Φ⁻¹(%s) = %s to within 1e-12", (p, z) => {
    expect(Math.abs(inverseStandardNormal(p) - z)).toBeLessThan(1e-12 * Math.max(1, Math.abs(z)));
  });
  test("is antisymmetric around 0.5", () => {
    for (const p of [0.01, 0.2, 0.4, 0.49]) expect(inverseStandardNormal(p)).toBeCloseTo(-inverseStandardNormal(1 - p), 14);
  });
  test("returns infinities at the ends and refuses probabilities outside [0, 1]", () => {
    expect(inverseStandardNormal(0)).toBe(-Infinity);
    expect(inverseStandardNormal(1)).toBe(Infinity);
    expect(() => inverseStandardNormal(1.2)).toThrow("probability must be between 0 and 1 (got 1.2)");
    expect(() => inverseStandardNormal(Number.NaN)).toThrow(RangeError);
  });
});

describe("twoSidedZ", () => {
  test("gives the familiar critical values", () => {
    expect(twoSidedZ(0.95)).toBeCloseTo(1.959963984540054, 12);
    expect(twoSidedZ(0.99)).toBeCloseTo(2.5758293035489004, 12);
    expect(twoSidedZ(0.9)).toBeCloseTo(1.6448536269514722, 12);
  });
  test("refuses a confidence of 0 or 1", () => {
    expect(() => twoSidedZ(1)).toThrow("confidence must be strictly between 0 and 1 (got 1)");
  });
});
