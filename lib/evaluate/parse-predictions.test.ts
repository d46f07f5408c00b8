import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parsePredictionFiles, parsePredictionsJsonl, parseTrajectory } from "./parse-predictions";

const fixture = (name: string) => readFileSync(fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url)), "utf8");

const MIXED_RUN = [
  '{"eval_id": "eval_efcb03df0e1f7cf080fe4967", "prediction": false}',
  '{"eval_id": "eval_3b1f0a9c55e2d4817c6a0b9e", "prediction": true}',
  '{"eval_id": "eval_91c2e07d4a6b3f58e0d1c2a4", "prediction": tru}',
  '{"prediction": true}',
  '{"eval_id": "eval_0d5a8e2f61b7c9430e8a1f6d", "prediction": "false"}',
  '{"eval_id": "eval_7e4c19b2d0a6f3851c2e9b07", "prediction": true, "label": true}',
  "",
  '{"eval_id": "eval_c8a6f02e19d7b4350a1e6c9f", "output": "COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT\\n{\\"prediction\\": true}\\n"}',
  '{"eval_id": "eval_2f9b7d41c0e8a6532d7f1b0c", "output": "COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT\\n"}',
  '{"eval_id": "eval_3b1f0a9c55e2d4817c6a0b9e", "prediction": false}',
  "[true]",
  "",
].join("\n");

describe("parsePredictionsJsonl", () => {
  const parsed = parsePredictionsJsonl(MIXED_RUN, "glm-5.3.jsonl");

  it("keeps the valid rows, including a raw final output, in file order", () => {
    expect(parsed.predictions).toEqual([
      { evalId: "eval_efcb03df0e1f7cf080fe4967", prediction: false, line: 1, file: "glm-5.3.jsonl" },
      { evalId: "eval_3b1f0a9c55e2d4817c6a0b9e", prediction: true, line: 2, file: "glm-5.3.jsonl" },
      { evalId: "eval_c8a6f02e19d7b4350a1e6c9f", prediction: true, line: 8, file: "glm-5.3.jsonl" },
    ]);
  });

  it("reports every other non-blank line with its line number and a reason", () => {
    expect(parsed.invalid.map(({ line, evalId, duplicate }) => ({ line, evalId, duplicate }))).toEqual([
      { line: 3, evalId: null, duplicate: false },
      { line: 4, evalId: null, duplicate: false },
      { line: 5, evalId: "eval_0d5a8e2f61b7c9430e8a1f6d", duplicate: false },
      { line: 6, evalId: "eval_7e4c19b2d0a6f3851c2e9b07", duplicate: false },
      { line: 9, evalId: "eval_2f9b7d41c0e8a6532d7f1b0c", duplicate: false },
      { line: 10, evalId: "eval_3b1f0a9c55e2d4817c6a0b9e", duplicate: true },
      { line: 11, evalId: null, duplicate: false },
    ]);
    const reasons = parsed.invalid.map((record) => record.reason);
    expect(reasons[0]).toMatch(/^bad JSON: /);
    expect(reasons[1]).toBe("missing eval_id");
    expect(reasons[2]).toBe('prediction must be a boolean (true/false), got "false" (string)');
    expect(reasons[3]).toBe('extra fields "label"; a row holds only eval_id and prediction');
    expect(reasons[4]).toBe("output: COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT marker without a JSON object after it");
    expect(reasons[5]).toBe('duplicate eval_id "eval_3b1f0a9c55e2d4817c6a0b9e" (first at glm-5.3.jsonl line 2); the first row is kept');
    expect(reasons[6]).toBe("a row must be a JSON object, got [true] (array)");
  });

  it("accounts for every non-blank line exactly once", () => {
    const nonBlank = MIXED_RUN.split("\n").filter((line) => line.trim() !== "").length;
    expect(parsed.predictions.length + parsed.invalid.length).toBe(nonBlank);
  });

  it("lets an invalid first row claim its eval_id, so a later retry is a duplicate", () => {
    const retried = parsePredictionsJsonl(
      ['{"eval_id": "eval_a1", "prediction": null}', '{"eval_id": "eval_a1", "prediction": true}'].join("\n"),
    );
    expect(retried.predictions).toEqual([]);
    expect(retried.invalid.map((r) => [r.line, r.duplicate, r.reason])).toEqual([
      [1, false, "prediction must be a boolean (true/false), got null (null)"],
      [2, true, 'duplicate eval_id "eval_a1" (first at line 1); the first row is kept'],
    ]);
  });

  it("rejects a row carrying both prediction and output, and an empty eval_id", () => {
    const parsedRows = parsePredictionsJsonl(
      [
        '{"eval_id": "eval_b2", "prediction": true, "output": "COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT\\n{\\"prediction\\": true}"}',
        '{"eval_id": "", "prediction": true}',
        '{"eval_id": "eval_c3"}',
      ].join("\n"),
    );
    expect(parsedRows.invalid.map((r) => r.reason)).toEqual([
      "row has both prediction and output; give one",
      "eval_id is empty",
      "missing prediction",
    ]);
  });
});

describe("parseTrajectory", () => {
  it("reads the submission mini-swe-agent recorded, taking eval_id from the file name", () => {
    const name = "mini_trajectories/eval_efcb03df0e1f7cf080fe4967.traj.json";
    const parsed = parseTrajectory(fixture("eval_efcb03df0e1f7cf080fe4967.traj.json"), { file: name });
    expect(parsed).toEqual({
      predictions: [{ evalId: "eval_efcb03df0e1f7cf080fe4967", prediction: false, line: null, file: name }],
      invalid: [],
    });
  });

  it("reads the marker from the last tool message when no submission was recorded", () => {
    const parsed = parseTrajectory(fixture("submit-observed-in-tool-message.traj.json"), { evalId: "eval_4f15b5d0" });
    expect(parsed.predictions.map((p) => [p.evalId, p.prediction])).toEqual([["eval_4f15b5d0", true]]);
  });

  it("reports a run that hit its step limit", () => {
    const parsed = parseTrajectory(fixture("step-limit-exceeded.traj.json"), { evalId: "eval_05af99c1" });
    expect(parsed.predictions).toEqual([]);
    expect(parsed.invalid[0]).toMatchObject({
      evalId: "eval_05af99c1",
      line: null,
      reason: "run ended with LimitsExceeded before submitting a prediction",
    });
  });

  it("rejects a submission with an evidence field", () => {
    const parsed = parseTrajectory(fixture("submission-with-evidence-field.traj.json"), { evalId: "eval_0ecd1a05" });
    expect(parsed.invalid[0].reason).toBe('submission: extra fields "evidence"; only "prediction" is allowed');
  });

  it("needs an eval_id from somewhere", () => {
    const parsed = parseTrajectory(fixture("submit-observed-in-tool-message.traj.json"));
    expect(parsed.invalid[0]).toMatchObject({ evalId: null, reason: expect.stringMatching(/has no eval_id/) });
  });

  it("rejects JSON that is not a trajectory", () => {
    const parsed = parseTrajectory('{"eval_id": "eval_x", "prediction": true}', { evalId: "eval_x" });
    expect(parsed.invalid[0].reason).toMatch(/not a mini-swe-agent trajectory/);
  });

  it("reports a last assistant message that never submitted", () => {
    const trajectory = JSON.stringify({
      messages: [
        { role: "user", content: "Inspect /testbed/task/task.json and evaluate its target comment." },
        { role: "assistant", content: "The comment is correct. Final answer: true" },
      ],
    });
    const parsed = parseTrajectory(trajectory, { evalId: "eval_plain_text" });
    expect(parsed.invalid[0].reason).toBe("last assistant message: no COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT marker line");
  });
});

describe("parsePredictionFiles", () => {
  it("detects trajectories and JSONL and catches a duplicate across files", () => {
    const parsed = parsePredictionFiles([
      { name: "run/predictions.jsonl", text: '{"eval_id": "eval_efcb03df0e1f7cf080fe4967", "prediction": true}\n' },
      { name: "run/eval_efcb03df0e1f7cf080fe4967.traj.json", text: fixture("eval_efcb03df0e1f7cf080fe4967.traj.json") },
      { name: "run/eval_4f15b5d0.json", text: fixture("submit-observed-in-tool-message.traj.json") },
    ]);
    expect(parsed.predictions.map((p) => [p.evalId, p.prediction, p.file])).toEqual([
      ["eval_efcb03df0e1f7cf080fe4967", true, "run/predictions.jsonl"],
      ["eval_4f15b5d0", true, "run/eval_4f15b5d0.json"],
    ]);
    expect(parsed.invalid).toHaveLength(1);
    expect(parsed.invalid[0]).toMatchObject({
      file: "run/eval_efcb03df0e1f7cf080fe4967.traj.json",
      duplicate: true,
      reason: expect.stringContaining("first at run/predictions.jsonl line 1"),
    });
  });
});
