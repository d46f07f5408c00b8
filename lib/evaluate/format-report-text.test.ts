import { describe, expect, it } from "vitest";
import { buildEvalReport } from "./build-eval-report";
import { judgedRun, SENTINEL } from "./fixtures/table2-runs";
import { formatPercent, formatPointDifference } from "./format-percent";
import { formatReportTables, reportFigures } from "./format-report-text";

const { gold, predictions } = judgedRun(SENTINEL);
const text = predictions.predictions.map((p) => JSON.stringify({ eval_id: p.evalId, prediction: p.prediction })).join("\n");
const report = buildEvalReport(gold, [{ name: "sentinel.jsonl", text: `${text}\n{"eval_id": "eval_extra", "prediction": "maybe"}` }], {
  bootstrap: { resamples: 200 },
});

describe("formatPercent", () => {
  it("prints shares as percentages with two decimals and undefined ones as a dash", () => {
    expect(formatPercent(0.766016713)).toBe("76.60");
    expect(formatPercent(null)).toBe("–");
    expect(formatPercent(1, 1)).toBe("100.0");
    expect(formatPointDifference(0.8552, 0.6379)).toBe("+21.73 pp");
    expect(formatPointDifference(0.5, 0.75)).toBe("−25.00 pp");
  });
});

describe("formatReportTables", () => {
  const out = formatReportTables("Sentinel", report);

  it("prints Sentinel's Table 2 row and Table 3 rate", () => {
    const valueRow = out.split("\n").find((line) => line.startsWith("value"))!;
    expect(valueRow.split(/\s+/)).toEqual(["value", "76.60", "73.62", "98.69", "84.33", "94.23", "37.69", "53.85", "69.09"]);
    expect(out).toContain("True rate 85.52% of valid predictions vs gold share 63.79% (+21.73 pp)");
    expect(out).toMatch(/^95% CI\s+\[\d+\.\d, \d+\.\d\]/m);
  });

  it("lists per-repository counts and the invalid record with its place and reason", () => {
    expect(out).toMatch(/^PostHog\/posthog\s+52\s+/m);
    expect(out).toContain('invalid sentinel.jsonl line 360 (eval_extra): prediction must be a boolean (true/false), got "maybe" (string)');
  });
});

describe("reportFigures", () => {
  const figures = Object.fromEntries(reportFigures(report));

  it("names every headline figure as a fraction with 4 decimals", () => {
    expect(figures).toMatchObject({
      n: "359",
      answered: "359",
      accuracy: "0.7660",
      trustworthy_f1: "0.8433",
      untrustworthy_recall: "0.3769",
      true_rate: "0.8552",
      gold_true_rate: "0.6379",
      invalid_records: "1",
      invalid_gold_items: "0",
      missing: "0",
      unknown: "0",
      "repo_n[PostHog/posthog]": "52",
      "source_n[human]": "229",
    });
    expect(Number(figures.accuracy_ci_lower)).toBeLessThan(0.766);
    expect(Number(figures.accuracy_ci_upper)).toBeGreaterThan(0.766);
  });
});
