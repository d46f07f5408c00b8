import { describe, expect, it } from "vitest";
import { buildEvalReport } from "./build-eval-report";
import { EvalReportSchema, MAX_LISTED_INVALID } from "./eval-report-schema";
import type { GoldItem } from "./score-run";

// An all-trustworthy gold set, as a test split of a single PR can be: the untrustworthy class is empty.
const ALL_TRUSTWORTHY: GoldItem[] = ["eval_m1", "eval_m2", "eval_m3", "eval_m4"].map((evalId) => ({
  evalId,
  trustworthy: true,
  repo: "ManimCommunity/manim",
  source: "human",
}));
const jsonl = (rows: Array<[string, unknown]>) => rows.map(([id, p]) => JSON.stringify({ eval_id: id, prediction: p })).join("\n");

describe("buildEvalReport", () => {
  it("reports an empty untrustworthy class as null metrics, and macro-F1 over the defined class only", () => {
    const report = buildEvalReport(ALL_TRUSTWORTHY, [
      {
        name: "run.jsonl",
        text: jsonl([
          ["eval_m1", true],
          ["eval_m2", true],
          ["eval_m3", false],
          ["eval_m4", true],
        ]),
      },
    ]);
    expect(report.metrics.accuracy).toBe(3 / 4);
    expect(report.metrics.positive).toEqual({ precision: 1, recall: 3 / 4, f1: 6 / 7, support: 4, predicted: 3 });
    // one false prediction with no untrustworthy gold: precision 0/1, recall 0/0
    expect(report.metrics.negative).toEqual({ precision: 0, recall: null, f1: 0, support: 0, predicted: 1 });
    expect(report.metrics.macroF1).toBeCloseTo((6 / 7 + 0) / 2, 12);
    expect(report.metrics.goldTrueRate).toBe(1);
    expect(report.intervals.negativeF1).toMatchObject({ estimate: 0, lower: 0, upper: 0 });
    expect(JSON.stringify(report)).not.toMatch(/NaN|Infinity/);
  });

  it("scores an upload whose every record is invalid instead of refusing it", () => {
    const report = buildEvalReport(ALL_TRUSTWORTHY, [{ name: "run.jsonl", text: '[]\n{"eval_id": "eval_m1"}\nnull' }]);
    expect(report.metrics.accuracy).toBe(0);
    expect(report.metrics.invalid.records).toBe(3);
    expect(report.input.invalid.map((record) => record.reason)).toEqual([
      "a row must be a JSON object, got [] (array)",
      "missing prediction",
      "a row must be a JSON object, got null (null)",
    ]);
    expect(report.intervals.accuracy).toMatchObject({ estimate: 0, lower: 0, upper: 0 });
  });

  it("refuses an upload with no records at all", () => {
    expect(() => buildEvalReport(ALL_TRUSTWORTHY, [{ name: "empty.jsonl", text: "\n\n" }])).toThrow(/no prediction records/);
  });

  it("lists at most MAX_LISTED_INVALID invalid records and counts the rest", () => {
    const garbage = Array.from({ length: MAX_LISTED_INVALID + 7 }, (_, i) => `not json ${i}`).join("\n");
    const report = buildEvalReport(ALL_TRUSTWORTHY, [{ name: "garbage.jsonl", text: `${jsonl([["eval_m1", true]])}\n${garbage}` }]);
    expect(report.input.invalid).toHaveLength(MAX_LISTED_INVALID);
    expect(report.input.invalidNotListed).toBe(7);
    expect(report.metrics.invalid.records).toBe(MAX_LISTED_INVALID + 7);
  });

  it("counts file sizes in UTF-8 bytes and keeps the bootstrap seed it was given", () => {
    const text = `${jsonl([["eval_m1", true]])}\n// «é»`;
    const report = buildEvalReport(ALL_TRUSTWORTHY, [{ name: "ünïcode.jsonl", text }], { bootstrap: { seed: 7, resamples: 200 } });
    expect(report.input.files).toEqual([{ name: "ünïcode.jsonl", bytes: text.length + 3 }]);
    expect(report.intervals).toMatchObject({ seed: 7, resamples: 200 });
    expect(EvalReportSchema.parse(JSON.parse(JSON.stringify(report)))).toEqual(report);
  });

  it("refuses an upload in which no record names an item of the split, saying why", () => {
    const refusal = (files: { name: string; text: string }[]) => {
      try {
        buildEvalReport(ALL_TRUSTWORTHY, files);
      } catch (error) {
        return error;
      }
      return null;
    };
    const csv = refusal([{ name: "predictions.csv", text: "eval_id,prediction\neval_m1,true\n" }]);
    expect(csv).toMatchObject({ code: "invalid_input", details: { reason: "no_valid_prediction", records: 2 } });
    expect(String(csv)).toMatch(/None of the 2 records is a valid prediction \(a CSV file\? the upload is JSONL\): line 1: bad JSON/);
    const otherSplit = refusal([
      {
        name: "run.jsonl",
        text: jsonl([
          ["eval_x1", true],
          ["eval_x2", false],
        ]),
      },
    ]);
    expect(otherSplit).toMatchObject({ code: "invalid_input", details: { reason: "no_valid_prediction", unknown: 2 } });
    expect(String(otherSplit)).toContain('None of the 2 eval_ids in the upload (e.g. "eval_x1", "eval_x2") is an item');
  });

  it("refuses rows holding NUL or nested without end, and still scores the rest", () => {
    const hostile = [
      JSON.stringify({ eval_id: "eval_m1\u0000", prediction: true }),
      `{"eval_id":"eval_m2","prediction":${"[".repeat(10_000)}${"]".repeat(10_000)}}`,
      JSON.stringify({ eval_id: "eval_m3", prediction: true }),
    ].join("\n");
    const report = buildEvalReport(ALL_TRUSTWORTHY, [{ name: "run.jsonl", text: hostile }]);
    expect(report.input.invalid.map((row) => [row.line, row.reason])).toEqual([
      [1, "refused: field eval_id contains the NUL character (\\u0000)"],
      [2, "refused: nested more than 64 levels deep"],
    ]);
    expect(report.metrics.answered).toBe(1);
  });

  it("scores rows that name items but answer in the wrong format (a judge's format errors are a result)", () => {
    const report = buildEvalReport(ALL_TRUSTWORTHY, [{ name: "run.jsonl", text: jsonl([["eval_m1", "yes"]]) }]);
    expect(report.metrics.answered).toBe(0);
    expect(report.metrics.invalid.goldItems).toBe(1);
  });
});
