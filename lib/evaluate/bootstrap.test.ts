import { describe, expect, it } from "vitest";
import { bootstrapIntervals, quantile, type ConfidenceInterval } from "./bootstrap";
import { judgedRun, SENTINEL } from "./fixtures/table2-runs";
import { scoreRun } from "./score-run";

const scored = (counts: typeof SENTINEL) => {
  const run = judgedRun(counts);
  return scoreRun(run.gold, run.predictions);
};
const sentinel = scored(SENTINEL);

function expectContains(interval: ConfidenceInterval | null, estimate: number | null) {
  expect(interval).not.toBeNull();
  expect(interval!.estimate).toBe(estimate);
  expect(interval!.lower).toBeLessThanOrEqual(interval!.estimate);
  expect(interval!.upper).toBeGreaterThanOrEqual(interval!.estimate);
  expect(interval!.lower).toBeGreaterThanOrEqual(0);
  expect(interval!.upper).toBeLessThanOrEqual(1);
}

describe("bootstrapIntervals", () => {
  it("defaults to 1,000 resamples at 95% with seed 42", () => {
    const intervals = bootstrapIntervals(sentinel.items);
    expect(intervals).toMatchObject({ seed: 42, resamples: 1000, level: 0.95 });
    expect(intervals.accuracy!.definedResamples).toBe(1000);
  });

  it("is reproducible per seed and changes with the seed", () => {
    const first = bootstrapIntervals(sentinel.items, { seed: 7 });
    expect(bootstrapIntervals(sentinel.items, { seed: 7 })).toEqual(first);
    expect(bootstrapIntervals(sentinel.items, { seed: 8 }).accuracy).not.toEqual(first.accuracy);
  });

  it("brackets Sentinel's point estimates for accuracy, both F1s and macro-F1", () => {
    const intervals = bootstrapIntervals(sentinel.items, { seed: 2026 });
    expectContains(intervals.accuracy, sentinel.accuracy);
    expectContains(intervals.positiveF1, sentinel.positive.f1);
    expectContains(intervals.negativeF1, sentinel.negative.f1);
    expectContains(intervals.macroF1, sentinel.macroF1);
  });

  it("gives a plausible width for n=359: roughly ±4.4 points around 76.6% accuracy", () => {
    // Normal approximation: 1.96·sqrt(p(1−p)/n) = 0.0438 for p = 275/359.
    const { accuracy } = bootstrapIntervals(sentinel.items, { seed: 1, resamples: 4000 });
    expect(accuracy!.upper - accuracy!.lower).toBeGreaterThan(0.07);
    expect(accuracy!.upper - accuracy!.lower).toBeLessThan(0.105);
  });

  it("narrows with a lower level and honours the resample count", () => {
    const wide = bootstrapIntervals(sentinel.items, { seed: 3, resamples: 200, level: 0.95 }).accuracy!;
    const narrow = bootstrapIntervals(sentinel.items, { seed: 3, resamples: 200, level: 0.5 }).accuracy!;
    expect(wide.definedResamples).toBe(200);
    expect(narrow.upper - narrow.lower).toBeLessThan(wide.upper - wide.lower);
  });

  it("collapses to the point for a judge that is always right", () => {
    const perfect = scored({ tp: 20, fn: 0, tn: 10, fp: 0 });
    const { accuracy, macroF1 } = bootstrapIntervals(perfect.items, { resamples: 100 });
    expect(accuracy).toEqual({ estimate: 1, lower: 1, upper: 1, definedResamples: 100 });
    expect(macroF1).toMatchObject({ lower: 1, upper: 1 });
  });

  it("returns null for a metric undefined on the full sample, and for an empty run", () => {
    expect(bootstrapIntervals(scored({ tp: 5, fn: 0, tn: 0, fp: 0 }).items).negativeF1).toBeNull();
    expect(bootstrapIntervals([])).toMatchObject({ accuracy: null, positiveF1: null, negativeF1: null, macroF1: null });
  });

  it("rejects a nonsensical resample count or level", () => {
    expect(() => bootstrapIntervals(sentinel.items, { resamples: 0 })).toThrow(RangeError);
    expect(() => bootstrapIntervals(sentinel.items, { level: 1 })).toThrow(RangeError);
  });
});

describe("quantile (Hyndman–Fan type 7, as numpy.quantile)", () => {
  it("hits order statistics where (n−1)·p is whole and interpolates between them otherwise", () => {
    // h = (n−1)·p; value = x[floor h] + (h − floor h)·(x[floor h + 1] − x[floor h])
    expect(quantile([10, 20, 30, 40, 50], 0)).toBe(10);
    expect(quantile([10, 20, 30, 40, 50], 0.25)).toBe(20); // h = 1
    expect(quantile([10, 20, 30, 40, 50], 0.5)).toBe(30); // h = 2
    expect(quantile([10, 20, 30, 40, 50], 1)).toBe(50); // h = 4
    expect(quantile([1, 2, 3, 4], 0.5)).toBeCloseTo(2.5, 12); // h = 1.5
    expect(quantile([0, 10], 0.975)).toBeCloseTo(9.75, 12); // h = 0.975
    // 11 values 1..11: p = 0.025 → h = 0.25 → 1.25; p = 0.975 → h = 9.75 → 10.75
    const eleven = Array.from({ length: 11 }, (_, i) => i + 1);
    expect(quantile(eleven, 0.025)).toBeCloseTo(1.25, 12);
    expect(quantile(eleven, 0.975)).toBeCloseTo(10.75, 12);
    expect(quantile([7], 0.3)).toBe(7);
  });
});

describe("bootstrapIntervals against reference values fixed by hand", () => {
  // 5 items, 3 judged right and 2 wrong: accuracy 0.6. Seed 5, 41 resamples, so the 2.5% and
  // 97.5% quantiles fall exactly on order statistics: h = 40·0.025 = 1 and 40·0.975 = 39; at 90%
  // they are h = 2 and 38, at 50% h = 10 and 30. The 41 resampled accuracies were computed
  // independently (mulberry32 re-implemented in Python, indices floor(u·5), 5 draws per resample)
  // and sorted:
  //   0.2 ×1 | 0.4 ×11 | 0.6 ×15 | 0.8 ×12 | 1.0 ×2
  // so x[0] = 0.2, x[1..11] = 0.4, x[12..26] = 0.6, x[27..38] = 0.8, x[39..40] = 1.0 and
  //   95%: [x[1], x[39]] = [0.4, 1.0]; 90%: [x[2], x[38]] = [0.4, 0.8]; 50%: [x[10], x[30]] = [0.4, 0.8].
  // A 90% interval labelled 95% gives upper 0.8; taking x[0] (an off-by-one) gives lower 0.2.
  const items = [
    { gold: true, predicted: true },
    { gold: true, predicted: true },
    { gold: false, predicted: false },
    { gold: true, predicted: false },
    { gold: false, predicted: true },
  ];

  it("gives the percentile interval [0.4, 1.0] at 95%", () => {
    const { accuracy, level } = bootstrapIntervals(items, { seed: 5, resamples: 41 });
    expect(level).toBe(0.95);
    expect(accuracy!.estimate).toBeCloseTo(0.6, 12);
    expect(accuracy!.lower).toBeCloseTo(0.4, 12);
    expect(accuracy!.upper).toBeCloseTo(1.0, 12);
    expect(accuracy!.definedResamples).toBe(41);
  });

  it("gives [0.4, 0.8] at 90% and at 50%", () => {
    const at90 = bootstrapIntervals(items, { seed: 5, resamples: 41, level: 0.9 }).accuracy!;
    expect([at90.lower, at90.upper].map((v) => Number(v.toFixed(12)))).toEqual([0.4, 0.8]);
    const at50 = bootstrapIntervals(items, { seed: 5, resamples: 41, level: 0.5 }).accuracy!;
    expect([at50.lower, at50.upper].map((v) => Number(v.toFixed(12)))).toEqual([0.4, 0.8]);
  });
});
