import { describe, expect, it } from "vitest";
import { computeSplitTargets, roundHalfToEven } from "./targets";

describe("roundHalfToEven", () => {
  it("rounds exact halves to the even neighbour, like Python's round", () => {
    expect([0.5, 1.5, 2.5, 3.5, 130.5].map(roundHalfToEven)).toEqual([0, 2, 2, 4, 130]);
  });

  it("rounds everything else to the nearest integer", () => {
    expect([229.2, 80.25, 45.75, 359.7, 0.49].map(roundHalfToEven)).toEqual([229, 80, 46, 360, 0]);
  });
});

describe("computeSplitTargets", () => {
  it("reproduces the released CRJudgeBench split sizes from 764 / 435", () => {
    const targets = computeSplitTargets({ trustworthy: 764, untrustworthy: 435 }, { testShare: 0.3, validationShare: 0.15 });
    expect(targets).toEqual({
      test: { trustworthy: 229, untrustworthy: 130 },
      validation: { trustworthy: 80, untrustworthy: 46 },
      train: { trustworthy: 455, untrustworthy: 259 },
    });
    const size = (c: { trustworthy: number; untrustworthy: number }) => c.trustworthy + c.untrustworthy;
    expect([size(targets.test), size(targets.validation), size(targets.train)]).toEqual([359, 126, 714]);
  });

  it("always accounts for every instance across the three splits", () => {
    const totals = { trustworthy: 30586, untrustworthy: 17414 };
    const { train, validation, test } = computeSplitTargets(totals, { testShare: 0.25, validationShare: 0.1 });
    expect(train.trustworthy + validation.trustworthy + test.trustworthy).toBe(30586);
    expect(train.untrustworthy + validation.untrustworthy + test.untrustworthy).toBe(17414);
  });

  it("gives an empty validation split when its share is zero", () => {
    const totals = { trustworthy: 10, untrustworthy: 5 };
    const targets = computeSplitTargets(totals, { testShare: 0.3, validationShare: 0 });
    expect(targets.validation).toEqual({ trustworthy: 0, untrustworthy: 0 });
    // 5 × 0.3 = 1.5 rounds to 2 (even), leaving 3.
    expect(targets.train).toEqual({ trustworthy: 7, untrustworthy: 3 });
  });
});
