import { describe, expect, test } from "vitest";
import { formatObservation, readAction, readSubmission } from "./agent-turn";

const call = (name: string, args: string, id = "call_1") => ({ id, type: "function", function: { name, arguments: args } });

describe("reading a model answer", () => {
  test("tool mode: exactly one bash call with a command", () => {
    expect(readAction({ content: "Look first.", tool_calls: [call("bash", '{"command":"cat /testbed/task/task.json"}')] }, "tool")).toEqual(
      {
        kind: "command",
        thought: "Look first.",
        command: "cat /testbed/task/task.json",
        toolCallId: "call_1",
      },
    );
    expect(readAction({ content: "no call" }, "tool")).toMatchObject({
      kind: "format_error",
      reason: expect.stringMatching(/^No tool call/),
    });
    expect(
      readAction({ content: null, tool_calls: [call("bash", '{"command":"ls"}'), call("bash", '{"command":"pwd"}', "c2")] }, "tool"),
    ).toMatchObject({
      kind: "format_error",
      toolCallIds: ["call_1", "c2"],
      reason: expect.stringMatching(/made 2/),
    });
    expect(readAction({ content: null, tool_calls: [call("python", '{"command":"1"}')] }, "tool")).toMatchObject({
      reason: expect.stringMatching(/Unknown tool "python"/),
    });
    expect(readAction({ content: null, tool_calls: [call("bash", "{command: ls}")] }, "tool")).toMatchObject({
      reason: expect.stringMatching(/not JSON/),
    });
    expect(readAction({ content: null, tool_calls: [call("bash", '{"cmd":"ls"}')] }, "tool")).toMatchObject({
      reason: expect.stringMatching(/one string argument/),
    });
  });

  test("text mode: exactly one fenced bash block, as mini-swe-agent", () => {
    expect(readAction({ content: "THOUGHT: read it\n\n```bash\ngrep -n foo src/a.py\n```\n" }, "text")).toMatchObject({
      kind: "command",
      command: "grep -n foo src/a.py",
    });
    expect(readAction({ content: "```bash\nls\n```\n```bash\npwd\n```" }, "text")).toMatchObject({
      kind: "format_error",
      reason: expect.stringMatching(/found 2 actions/),
    });
    expect(readAction({ content: "I think it is true." }, "text")).toMatchObject({
      kind: "format_error",
      reason: expect.stringMatching(/found 0 actions/),
    });
  });
});

describe("observations and submissions", () => {
  test("the observation carries the message index, return code and output, cut at the limit with a note", () => {
    expect(formatObservation({ returncode: 1, output: "", outputChars: 0, timedOut: false }, 3, 8000)).toBe(
      "[message_index=3]\nreturncode: 1\n<output>\n\n</output>",
    );
    const long = formatObservation({ returncode: 0, output: "x".repeat(9000), outputChars: 12000, timedOut: false }, 5, 8000);
    expect(long).toContain(`<output>\n${"x".repeat(8000)}\n[output truncated: the first 8,000 of 12,000 characters]\n</output>`);
    expect(formatObservation({ returncode: 137, output: "partial", outputChars: 7, timedOut: true }, 7, 8000)).toContain(
      "ran out of time and was killed",
    );
  });

  test("the marker then exactly {prediction: boolean} is a submission; anything else after the marker is invalid", () => {
    expect(readSubmission('COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT\n{"prediction": false}\n')).toEqual({ kind: "valid", prediction: false });
    expect(readSubmission('COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT\n{"prediction": true}')).toEqual({ kind: "valid", prediction: true });
    expect(readSubmission('hello\nCOMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT\n{"prediction": true}')).toEqual({ kind: "none" });
    expect(readSubmission('COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT\n{"prediction": "true"}')).toMatchObject({ kind: "invalid" });
    expect(readSubmission('COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT\n{"prediction": true, "why": 1}')).toMatchObject({ kind: "invalid" });
    expect(readSubmission("COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT\nyes")).toMatchObject({
      kind: "invalid",
      reason: expect.stringMatching(/not JSON/),
    });
  });
});
