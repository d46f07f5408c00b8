import { describe, expect, it } from "vitest";
import { readFinalOutput, readSubmission } from "./read-final-output";

// What `printf '%s\n%s\n' 'COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT' '{"prediction": true}'` prints.
const PRINTF_TRUE = 'COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT\n{"prediction": true}\n';
const PRINTF_FALSE = 'COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT\n{"prediction": false}\n';

function reasonOf(reading: ReturnType<typeof readFinalOutput>): string {
  if (reading.ok) throw new Error(`expected a failure, got prediction ${reading.prediction}`);
  return reading.reason;
}

describe("readFinalOutput", () => {
  it("reads the paper's two prescribed final outputs", () => {
    expect(readFinalOutput(PRINTF_TRUE)).toEqual({ ok: true, prediction: true });
    expect(readFinalOutput(PRINTF_FALSE)).toEqual({ ok: true, prediction: false });
  });

  it("reads the marker inside a recorded tool observation", () => {
    const observation = `<returncode>0</returncode>\n<output>\n${PRINTF_FALSE}</output>`;
    expect(readFinalOutput(observation)).toEqual({ ok: true, prediction: false });
  });

  it("accepts a pretty-printed object and CRLF line ends", () => {
    expect(readFinalOutput('COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT\r\n{\r\n  "prediction": false\r\n}\r\n')).toEqual({
      ok: true,
      prediction: false,
    });
  });

  it("rejects a marker with nothing after it", () => {
    expect(reasonOf(readFinalOutput("COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT\n\n"))).toMatch(/marker without a JSON object/);
  });

  it("rejects the JSON on the marker's own line", () => {
    expect(reasonOf(readFinalOutput('COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT {"prediction": true}'))).toMatch(/same line/);
  });

  it("rejects a submit command that was never run (marker inside quotes)", () => {
    const command = `printf '%s\\n%s\\n' 'COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT' '{"prediction": true}'`;
    expect(reasonOf(readFinalOutput(command))).toMatch(/not at the start of a line/);
  });

  it("rejects text with no marker", () => {
    expect(reasonOf(readFinalOutput('{"prediction": true}'))).toMatch(/no COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT marker line/);
  });

  it("rejects extra fields beside prediction", () => {
    const output = 'COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT\n{"prediction": true, "evidence": "line 12"}\n';
    expect(reasonOf(readFinalOutput(output))).toBe('extra fields "evidence"; only "prediction" is allowed');
  });

  it("rejects a prediction that is not a boolean", () => {
    const output = 'COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT\n{"prediction": "true"}\n';
    expect(reasonOf(readFinalOutput(output))).toBe('prediction must be a boolean (true/false), got "true" (string)');
  });

  it("rejects malformed JSON after the marker", () => {
    expect(reasonOf(readFinalOutput('COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT\n{"prediction": tru}\n'))).toMatch(/^bad JSON after the marker/);
  });

  it("rejects a Markdown summary after the JSON object", () => {
    const output = 'COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT\n{"prediction": false}\n\n**Summary:** wrong file.\n';
    expect(reasonOf(readFinalOutput(output))).toMatch(/text after the JSON object: \*\*Summary/);
  });

  it("rejects prose instead of an object", () => {
    expect(reasonOf(readFinalOutput("COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT\ntrue\n"))).toMatch(
      /expected a JSON object after the marker, got true/,
    );
  });
});

describe("readSubmission", () => {
  it("reads mini-swe-agent's stored submission (marker line already removed)", () => {
    expect(readSubmission('{"prediction": true}\n')).toEqual({ ok: true, prediction: true });
  });

  it("rejects an empty submission", () => {
    expect(reasonOf(readSubmission(""))).toMatch(/empty submission/);
  });
});
