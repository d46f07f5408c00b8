import { describe, expect, it } from "vitest";
import { bootstrapIntervals, type ConfidenceInterval } from "./bootstrap";
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
