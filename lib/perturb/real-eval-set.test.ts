import { describe, expect, it } from "vitest";
import { realOutcomes } from "./real-benchmark";
import { loadRealJudgements, loadRealSet } from "./real-eval-set";

// The frozen real-comment set (issue #28): valid, both halves present, nothing from the rows kept
// for outside checks, and every comment judged for both kinds.
describe("real review comment set", () => {
  const { set, files } = loadRealSet();
  const judgements = loadRealJudgements();

  it("holds at least 150 real comments in a dev and a held-out half split by project", () => {
    expect(set.cases.length).toBeGreaterThanOrEqual(150);
    const projects = { dev: new Set<string>(), heldout: new Set<string>() };
    for (const c of set.cases) projects[c.split].add(c.project);
    expect(projects.dev.size).toBeGreaterThan(0);
    expect([...projects.dev].filter((p) => projects.heldout.has(p))).toEqual([]);
  });

  it("leaves out the rows kept for outside checks (manim PR 166, PostHog PR 10293)", () => {
    expect(set.cases.filter((c) => /manim-166@|posthog-10293@/i.test(c.source))).toEqual([]);
  });

  it("has a judgement of possibility for every comment and kind", () => {
    const outcomes = realOutcomes(set.cases, files, judgements);
    expect(outcomes.filter((o) => o.possible === undefined).map((o) => `${o.id} ${o.kind}`)).toEqual([]);
  });
});

describe("cohensKappa", () => {
  it("is 1 for full agreement, 0 for agreement at chance, and counts only shared calls", async () => {
    const { cohensKappa } = await import("./real-benchmark");
    expect(
      cohensKappa([
        [true, true],
        [false, false],
      ]),
    ).toBe(1);
    expect(
      cohensKappa([
        [true, true],
        [true, false],
        [false, true],
        [false, false],
      ]),
    ).toBeCloseTo(0);
    expect(Number.isNaN(cohensKappa([]))).toBe(true);
  });
});
