import { describe, expect, test } from "vitest";
import { auditAgreement, auditSampleSize, drawAuditSample, llmErrorRate, wilsonInterval, type FinalAuditDecision } from "./audit-sample";

describe("auditSampleSize (Cochran with finite-population correction)", () => {
  // Expected values computed with n0 = z²·p(1−p)/e², n = n0/(1 + (n0−1)/N), rounded up.
  test("reproduces the paper's 383 for 106,241 PRs at 95% / 5%", () => {
    expect(auditSampleSize({ population: 106_241 })).toBe(383); // n = 382.77
  });
  test.each([
    [100, 80], // 79.51
    [7_086, 365], // 364.44
    [1_000_000, 384], // 384.00 (just under: 383.9988)
    [383, 193], // 192.04
    [10, 10], // 9.77
    [1, 1],
    [0, 0],
  ])("population %i → %i", (population, size) => {
    expect(auditSampleSize({ population })).toBe(size);
  });
  test.each([
    [{ confidence: 0.99 }, 660], // 659.38
    [{ confidence: 0.9 }, 270], // 269.87
    [{ margin: 0.03 }, 1_057], // 1056.47
    [{ proportion: 0.1 }, 139], // 138.11
  ])("on 106,241 PRs with %j → %i", (options, size) => {
    expect(auditSampleSize({ population: 106_241, ...options })).toBe(size);
  });
  test("refuses impossible settings with the field named", () => {
    expect(() => auditSampleSize({ population: 100, confidence: 1 })).toThrow("confidence must be less than 1");
    expect(() => auditSampleSize({ population: 12.5 })).toThrow("population must be a whole number");
  });
});

describe("drawAuditSample", () => {
  const prIds = Array.from({ length: 106_241 }, (_, i) => `pr_${String(i).padStart(6, "0")}`);

  test("draws the requested number of distinct ids, reproducibly from the seed", () => {
    const first = drawAuditSample(prIds, 383, 20250815);
    expect(first).toHaveLength(383);
    expect(new Set(first).size).toBe(383);
    expect(drawAuditSample(prIds, 383, 20250815)).toEqual(first);
    expect(drawAuditSample(prIds, 383, 20250816)).not.toEqual(first);
  });
  test("does not depend on the order the database returned the ids in, nor on duplicates", () => {
    const reversedWithDuplicates = [...prIds].reverse().concat(prIds.slice(0, 50));
    expect(drawAuditSample(reversedWithDuplicates, 383, 7)).toEqual(drawAuditSample(prIds, 383, 7));
  });
  test("a smaller sample with the same seed is a prefix of a larger one", () => {
    expect(drawAuditSample(prIds, 400, 3).slice(0, 383)).toEqual(drawAuditSample(prIds, 383, 3));
  });
  test("refuses to draw more than there are", () => {
    expect(() => drawAuditSample(["a", "b", "a"], 3, 1)).toThrow("cannot draw an audit sample of 3 from 2 distinct ids");
    expect(() => drawAuditSample(["a"], -1, 1)).toThrow(RangeError);
  });
});

describe("auditAgreement", () => {
  test("raw agreement between the two experts, with the ids to discuss", () => {
    const reviews = [
      { id: "pr_1", firstExpert: "include", secondExpert: "include" },
      { id: "pr_2", firstExpert: "exclude", secondExpert: "exclude" },
      { id: "pr_3", firstExpert: "include", secondExpert: "exclude" },
      { id: "pr_4", firstExpert: "include", secondExpert: "include" },
    ] as const;
    expect(auditAgreement(reviews)).toEqual({ reviewed: 4, agreed: 3, rawAgreement: 0.75, disagreements: ["pr_3"] });
  });
  test("no reviews yet gives no agreement figure rather than 0 or NaN", () => {
    expect(auditAgreement([]).rawAgreement).toBeNull();
  });
});

describe("llmErrorRate", () => {
  const decisions = (wrongIn: number, wrongOut: number, right: number): FinalAuditDecision[] => [
    ...Array.from({ length: wrongIn }, (_, i) => ({ id: `in${i}`, llmDecision: "include" as const, finalDecision: "exclude" as const })),
    ...Array.from({ length: wrongOut }, (_, i) => ({ id: `out${i}`, llmDecision: "exclude" as const, finalDecision: "include" as const })),
    ...Array.from({ length: right }, (_, i) => ({ id: `ok${i}`, llmDecision: "include" as const, finalDecision: "include" as const })),
  ];

  test("12 errors in 383 audited PRs: rate and Wilson 95% interval", () => {
    const result = llmErrorRate(decisions(7, 5, 371));
    expect(result).toMatchObject({ reviewed: 383, errors: 12, wrongInclusions: 7, wrongExclusions: 5 });
    expect(result.rate).toBeCloseTo(12 / 383, 12);
    // scipy-checked: (0.018012184086099146, 0.05395905422318194)
    expect(result.interval?.lower).toBeCloseTo(0.018012184086099146, 9);
    expect(result.interval?.upper).toBeCloseTo(0.05395905422318194, 9);
    expect(result.interval?.confidence).toBe(0.95);
  });
  test("no errors still gives a non-zero upper bound", () => {
    const result = llmErrorRate(decisions(0, 0, 383));
    expect(result.rate).toBe(0);
    expect(result.interval?.lower).toBe(0);
    expect(result.interval?.upper).toBeCloseTo(0.009930318307673144, 9);
  });
  test("other confidence levels widen or narrow the interval", () => {
    expect(wilsonInterval(12, 383, 0.99).upper).toBeCloseTo(0.06340599192430901, 9);
    expect(wilsonInterval(1, 10).lower).toBeCloseTo(0.017876213095072868, 9);
  });
  test("an empty audit has no rate yet", () => {
    expect(llmErrorRate([])).toEqual({ reviewed: 0, errors: 0, wrongInclusions: 0, wrongExclusions: 0, rate: null, interval: null });
  });
});
