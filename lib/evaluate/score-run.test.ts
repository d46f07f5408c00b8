import { describe, expect, it } from "vitest";
import { judgedRun, SENTINEL } from "./fixtures/table2-runs";
import { parsePredictionsJsonl } from "./parse-predictions";
import { scoreRun, type GoldItem } from "./score-run";

/** Percent rounded to 2 decimals, the precision of the paper's tables. */
const pct = (value: number | null) => (value === null ? null : Math.round(value * 10000) / 100);

describe("scoreRun on Sentinel's Table 2 confusion matrix", () => {
  const { gold, predictions } = judgedRun(SENTINEL);
  const report = scoreRun(gold, predictions);

  it("has the 359-instance test split: 229 trustworthy, 130 untrustworthy", () => {
    expect(report.n).toBe(359);
    expect(report.positive.support).toBe(229);
    expect(report.negative.support).toBe(130);
    expect(report.confusion).toEqual({ tp: 226, fp: 81, tn: 49, fn: 3, unansweredPositive: 0, unansweredNegative: 0 });
  });

  it("reproduces the Table 2 row 76.60 | 73.62 98.69 84.33 | 94.23 37.69 53.85", () => {
    expect(pct(report.accuracy)).toBe(76.6);
    expect(pct(report.positive.precision)).toBe(73.62);
    expect(pct(report.positive.recall)).toBe(98.69);
    expect(pct(report.positive.f1)).toBe(84.33);
    expect(pct(report.negative.precision)).toBe(94.23);
    expect(pct(report.negative.recall)).toBe(37.69);
    expect(pct(report.negative.f1)).toBe(53.85);
    expect(pct(report.macroF1)).toBe(69.09);
  });

  it("reproduces Table 3's true rate of 85.52% against a 63.79% gold share", () => {
    expect(pct(report.trueRate)).toBe(85.52);
    expect(pct(report.goldTrueRate)).toBe(63.79);
    // "its true prediction rate still exceeds the ground-truth proportion by 21.73 percentage points"
    expect(pct(report.trueRate! - report.goldTrueRate!)).toBe(21.73);
  });

  it("with every item answered, strict accuracy equals accuracy over valid predictions", () => {
    expect(report.accuracyOverValid).toBe(report.accuracy);
    expect(report.answered).toBe(359);
    expect(report.missing.count + report.unknown.count + report.invalid.records).toBe(0);
  });
});

// Hand-worked run: 8 gold items over 3 repositories and all four sources.
const HAND_GOLD: GoldItem[] = [
  { evalId: "eval_a", repo: "PostHog/posthog", source: "human", trustworthy: true },
  { evalId: "eval_b", repo: "PostHog/posthog", source: "negation", trustworthy: false },
  { evalId: "eval_c", repo: "PostHog/posthog", source: "symbol", trustworthy: false },
  { evalId: "eval_d", repo: "BerriAI/litellm", source: "human", trustworthy: true },
  { evalId: "eval_e", repo: "BerriAI/litellm", source: "location", trustworthy: false },
  { evalId: "eval_f", repo: "BerriAI/litellm", source: "human", trustworthy: true },
  { evalId: "eval_g", repo: "pandas-dev/pandas", source: "human", trustworthy: true },
  { evalId: "eval_h", repo: "pandas-dev/pandas", source: "negation", trustworthy: false },
];
const HAND_PREDICTIONS = [
  '{"eval_id": "eval_a", "prediction": true}', // TP
  '{"eval_id": "eval_b", "prediction": true}', // FP
  '{"eval_id": "eval_c", "prediction": false}', // TN
  '{"eval_id": "eval_d", "prediction": false}', // FN
  '{"eval_id": "eval_e", "prediction": "no"}', // invalid
  // eval_f: missing
  '{"eval_id": "eval_g", "prediction": true}', // TP
  '{"eval_id": "eval_h", "prediction": true}', // FP
  '{"eval_id": "eval_not_in_gold", "prediction": true}', // unknown
  '{"eval_id": "eval_a", "prediction": false}', // duplicate, ignored
].join("\n");

describe("scoreRun on a hand-worked run with invalid, missing, unknown and duplicate rows", () => {
  const report = scoreRun(HAND_GOLD, parsePredictionsJsonl(HAND_PREDICTIONS));

  it("tallies TP=2 FP=2 TN=1 FN=1 and one unanswered item per class", () => {
    expect(report.confusion).toEqual({ tp: 2, fp: 2, tn: 1, fn: 1, unansweredPositive: 1, unansweredNegative: 1 });
    expect(report.items.map((item) => item.outcome)).toEqual([
      "correct",
      "wrong",
      "correct",
      "wrong",
      "invalid",
      "missing",
      "correct",
      "wrong",
    ]);
  });

  it("scores invalid and missing as wrong, and reports accuracy over valid beside it", () => {
    expect(report.accuracy).toBe(3 / 8);
    expect(report.accuracyOverValid).toBe(3 / 6);
    expect(report.answered).toBe(6);
  });

  it("computes per-class P/R/F1 with unanswered items lowering recall only", () => {
    expect(report.positive).toEqual({ precision: 2 / 4, recall: 2 / 4, f1: 4 / 8, support: 4, predicted: 4 });
    expect(report.negative).toEqual({ precision: 1 / 2, recall: 1 / 4, f1: 2 / 6, support: 4, predicted: 2 });
    expect(report.macroF1).toBeCloseTo(5 / 12, 12);
    expect(report.trueRate).toBe(4 / 6);
    expect(report.goldTrueRate).toBe(0.5);
  });

  it("never drops a record: invalid, duplicate, missing and unknown are all counted", () => {
    expect(report.invalid).toEqual({ records: 2, duplicates: 1, unattributed: 0, goldItems: 1 });
    expect(report.missing).toEqual({ count: 1, evalIds: ["eval_f"] });
    expect(report.unknown).toEqual({ count: 1, evalIds: ["eval_not_in_gold"] });
  });

  it("breaks accuracy down per repository with counts", () => {
    expect(report.byRepository).toEqual([
      { key: "BerriAI/litellm", n: 3, correct: 0, wrong: 1, invalid: 1, missing: 1, accuracy: 0, accuracyOverValid: 0 },
      { key: "PostHog/posthog", n: 3, correct: 2, wrong: 1, invalid: 0, missing: 0, accuracy: 2 / 3, accuracyOverValid: 2 / 3 },
      { key: "pandas-dev/pandas", n: 2, correct: 1, wrong: 1, invalid: 0, missing: 0, accuracy: 0.5, accuracyOverValid: 0.5 },
    ]);
  });

  it("breaks accuracy down per source, null over valid where nothing valid was given", () => {
    expect(report.bySource).toEqual([
      { key: "human", n: 4, correct: 2, wrong: 1, invalid: 0, missing: 1, accuracy: 0.5, accuracyOverValid: 2 / 3 },
      { key: "location", n: 1, correct: 0, wrong: 0, invalid: 1, missing: 0, accuracy: 0, accuracyOverValid: null },
      { key: "negation", n: 2, correct: 0, wrong: 2, invalid: 0, missing: 0, accuracy: 0, accuracyOverValid: 0 },
      { key: "symbol", n: 1, correct: 1, wrong: 0, invalid: 0, missing: 0, accuracy: 1, accuracyOverValid: 1 },
    ]);
  });
});

describe("scoreRun edge cases", () => {
  const allTrustworthy: GoldItem[] = [
    { evalId: "eval_p1", repo: "ManimCommunity/manim", source: "human", trustworthy: true },
    { evalId: "eval_p2", repo: "ManimCommunity/manim", source: "human", trustworthy: true },
    { evalId: "eval_p3", repo: "ManimCommunity/manim", source: "human", trustworthy: true },
  ];

  it("gives null, not NaN or 0, for the untrustworthy class when it is absent everywhere", () => {
    const report = scoreRun(
      allTrustworthy,
      parsePredictionsJsonl(allTrustworthy.map((g) => `{"eval_id": "${g.evalId}", "prediction": true}`).join("\n")),
    );
    expect(report.negative).toEqual({ precision: null, recall: null, f1: null, support: 0, predicted: 0 });
    expect(report.positive).toEqual({ precision: 1, recall: 1, f1: 1, support: 3, predicted: 3 });
    expect(report.macroF1).toBe(1);
    expect(JSON.stringify(report)).not.toMatch(/NaN/);
  });

  it("scores a false prediction on an all-trustworthy set as negative F1 0 with recall null", () => {
    const report = scoreRun(
      allTrustworthy,
      parsePredictionsJsonl(['{"eval_id": "eval_p1", "prediction": false}', '{"eval_id": "eval_p2", "prediction": true}'].join("\n")),
    );
    expect(report.negative).toEqual({ precision: 0, recall: null, f1: 0, support: 0, predicted: 1 });
    expect(report.positive.recall).toBe(1 / 3);
    expect(report.positive.f1).toBe(2 / 4);
    expect(report.macroF1).toBe(0.25);
  });

  it("scores an all-invalid run as 0 accuracy with undefined ratios null", () => {
    const garbage = ["{oops", '{"eval_id": "eval_p1", "prediction": "yes"}', '{"eval_id": "eval_p2"}'].join("\n");
    const report = scoreRun(allTrustworthy, parsePredictionsJsonl(garbage));
    expect(report.accuracy).toBe(0);
    expect(report.accuracyOverValid).toBeNull();
    expect(report.positive).toEqual({ precision: null, recall: 0, f1: 0, support: 3, predicted: 0 });
    expect(report.trueRate).toBeNull();
    expect(report.invalid).toEqual({ records: 3, duplicates: 0, unattributed: 1, goldItems: 2 });
    expect(report.missing.evalIds).toEqual(["eval_p3"]);
    expect(report.items.map((item) => item.outcome)).toEqual(["invalid", "invalid", "missing"]);
  });

  it("returns nulls for an empty gold set and lists every prediction as unknown", () => {
    const report = scoreRun([], parsePredictionsJsonl('{"eval_id": "eval_p1", "prediction": true}'));
    expect(report.n).toBe(0);
    expect(report.accuracy).toBeNull();
    expect(report.macroF1).toBeNull();
    expect(report.goldTrueRate).toBeNull();
    expect(report.unknown.evalIds).toEqual(["eval_p1"]);
  });

  it("refuses a gold set that labels one eval_id twice", () => {
    expect(() => scoreRun([allTrustworthy[0], allTrustworthy[0]], { predictions: [], invalid: [] })).toThrow(/lists eval_id .* twice/);
  });
});
