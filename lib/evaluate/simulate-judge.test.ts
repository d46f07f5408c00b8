import { describe, expect, it } from "vitest";
import { parsePredictionFiles } from "./parse-predictions";
import type { GoldItem } from "./score-run";
import { simulateJudge, type SimulatedJudge } from "./simulate-judge";

const GOLD: GoldItem[] = Array.from({ length: 400 }, (_, i) => ({
  evalId: `eval_${i.toString(16).padStart(6, "0")}`,
  trustworthy: i % 3 !== 0,
  repo: i % 2 ? "PostHog/posthog" : "BerriAI/litellm",
  source: i % 3 === 0 ? "negation" : "human",
}));
const CAREFUL: SimulatedJudge = {
  name: "careful",
  seed: 11,
  trueRateOnTrustworthy: 0.95,
  trueRateOnUntrustworthy: 0.3,
  noAnswerRate: 0.05,
};

describe("simulateJudge", () => {
  it("is reproducible from its seed and changes with it", () => {
    expect(simulateJudge(GOLD, CAREFUL)).toEqual(simulateJudge(GOLD, CAREFUL));
    expect(simulateJudge(GOLD, { ...CAREFUL, seed: 12 }).text).not.toBe(simulateJudge(GOLD, CAREFUL).text);
  });

  it("answers each task once, at its per-class true rates, and leaves some unfinished as invalid", () => {
    const file = simulateJudge(GOLD, CAREFUL);
    expect(file.name).toBe("careful.jsonl");
    const parsed = parsePredictionFiles([file]);
    expect(parsed.predictions.length + parsed.invalid.length).toBe(GOLD.length);
    expect(parsed.invalid.length).toBeGreaterThan(5);
    expect(parsed.invalid.length).toBeLessThan(40);
    expect(parsed.invalid[0].reason).toContain("no COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT marker line");
    const trustworthy = new Map(GOLD.map((item) => [item.evalId, item.trustworthy]));
    const rate = (gold: boolean) => {
      const answered = parsed.predictions.filter((p) => trustworthy.get(p.evalId) === gold);
      return answered.filter((p) => p.prediction).length / answered.length;
    };
    expect(rate(true)).toBeGreaterThan(0.9);
    expect(rate(false)).toBeGreaterThan(0.2);
    expect(rate(false)).toBeLessThan(0.4);
  });
});
