import { describe, expect, it } from "vitest";
import { compareRuns } from "./compare-runs";
import { GLM_5_3, judgedRun, QWEN3_CODER_30B, SENTINEL } from "./fixtures/table2-runs";
import { scoreRun } from "./score-run";

const pct = (value: number | null) => (value === null ? null : Math.round(value * 10000) / 100);
const scored = (counts: typeof SENTINEL) => {
  const run = judgedRun(counts);
  return scoreRun(run.gold, run.predictions);
};

describe("compareRuns", () => {
  const rows = compareRuns([
    { name: "Qwen3-Coder-30B-A3B-Instruct", report: scored(QWEN3_CODER_30B) },
    { name: "not-run-yet", report: scoreRun([], { predictions: [], invalid: [] }) },
    { name: "Sentinel", report: scored(SENTINEL) },
    { name: "GLM-5.3", report: scored(GLM_5_3) },
  ]);

  it("orders runs by accuracy as Table 2 does, runs without accuracy last", () => {
    expect(rows.map((row) => row.name)).toEqual(["Sentinel", "GLM-5.3", "Qwen3-Coder-30B-A3B-Instruct", "not-run-yet"]);
  });

  it("reproduces the GLM-5.3 and Qwen3-Coder rows of Tables 2 and 3", () => {
    const [, glm, qwen] = rows;
    expect([glm.accuracy, glm.positivePrecision, glm.positiveRecall, glm.positiveF1].map(pct)).toEqual([70.47, 68.69, 98.69, 81.0]);
    expect([glm.negativePrecision, glm.negativeRecall, glm.negativeF1, glm.trueRate].map(pct)).toEqual([90.0, 20.77, 33.75, 91.64]);
    expect([qwen.accuracy, qwen.positivePrecision, qwen.positiveRecall, qwen.positiveF1].map(pct)).toEqual([56.82, 61.28, 87.77, 72.17]);
    expect([qwen.negativePrecision, qwen.negativeRecall, qwen.negativeF1, qwen.trueRate].map(pct)).toEqual([9.68, 2.31, 3.73, 91.36]);
  });

  it("carries nulls through for an empty run instead of zeros", () => {
    expect(rows[3]).toMatchObject({ n: 0, accuracy: null, positiveF1: null, trueRate: null, unanswered: 0 });
  });

  it("breaks an accuracy tie by macro-F1, then by name", () => {
    const same = scored(SENTINEL);
    const tied = compareRuns([
      { name: "b-run", report: same },
      { name: "a-run", report: same },
    ]);
    expect(tied.map((row) => row.name)).toEqual(["a-run", "b-run"]);
  });
});
