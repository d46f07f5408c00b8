import { describe, expect, test } from "vitest";
import { PAPER_AGENT_SETTINGS } from "@/lib/judge/paper-agent";
import { keyStepPrefixes } from "./key-step-prefixes";
import { studentFacingLeaks } from "./leak-check";
import { bashCall, studentHistory } from "./student-history";
import { TEACHER_INSTRUCTION } from "./teacher-instructions";
import { teacherCallId, recordKey, trainingRecord, trainingRecordProblems } from "./training-record";
import { UNUSED_IMPORT_COMMENT, UNUSED_IMPORT_STEPS } from "./testing/unused-import-trajectory";

const conversation = studentHistory(PAPER_AGENT_SETTINGS, UNUSED_IMPORT_STEPS);
const final = keyStepPrefixes(UNUSED_IMPORT_STEPS, conversation, UNUSED_IMPORT_COMMENT)[2];
const action = {
  role: "assistant" as const,
  content: "Inspect the focused patch section for the reviewed file.",
  tool_calls: [bashCall(teacherCallId("p:0"), "grep -n -A120 -B5 '^diff --git a/frontend/test-utils\\.tsx' /testbed/task/review.patch")],
};
const record = trainingRecord(final.history, action);

describe("C.1's validator", () => {
  test("a record of the paper's example passes", () => {
    expect(trainingRecordProblems(record, PAPER_AGENT_SETTINGS)).toEqual([]);
    expect(teacherCallId("p:0")).toMatch(/^call_[0-9a-f]{20}$/);
  });

  test("each broken rule is named", () => {
    const edited = structuredClone(record);
    edited.prompt[0] = { role: "system", content: `${PAPER_AGENT_SETTINGS.systemPrompt} ` };
    expect(trainingRecordProblems(edited, PAPER_AGENT_SETTINGS)).toEqual(["prompt[0] is not the student's system prompt verbatim"]);
    const unpaired = structuredClone(record);
    unpaired.prompt.splice(3, 1);
    expect(trainingRecordProblems(unpaired, PAPER_AGENT_SETTINGS).join("\n")).toMatch(/has no tool message after it/);
    const twoCalls = structuredClone(record);
    (twoCalls.completion[0] as typeof action).tool_calls.push(bashCall("call_b", "ls"));
    expect(trainingRecordProblems(twoCalls, PAPER_AGENT_SETTINGS)).toContain("the completion must make exactly one tool call");
    expect(trainingRecordProblems({ ...record, review_note: "x" }, PAPER_AGENT_SETTINGS).join()).toMatch(/review_note/);
    const noted = trainingRecord(final.history, { ...action, content: "The prior conclusion treated base absence as evidence." });
    expect(trainingRecordProblems(noted, PAPER_AGENT_SETTINGS, ["The prior conclusion treated base absence as evidence."]).join()).toMatch(
      /private text/,
    );
  });

  test("dedup key: same task, history and action match whatever the action's call id; another history does not", () => {
    const again = trainingRecord(final.history, {
      ...action,
      tool_calls: [bashCall("call_other", (action.tool_calls[0].function.arguments as { command: string }).command)],
    });
    expect(recordKey("eval_1", again)).toBe(recordKey("eval_1", record));
    expect(recordKey("eval_2", record)).not.toBe(recordKey("eval_1", record));
    expect(recordKey("eval_1", trainingRecord(final.history.slice(0, 10), action))).not.toBe(recordKey("eval_1", record));
  });
});

describe("the leak check on what the student would learn", () => {
  const context = {
    reviewNote: "The prior conclusion incorrectly treated base-version absence as patched-version evidence.",
    forbidden: [{ what: "source value", token: "perturbed_negation", kind: "private" as const }],
    visible: JSON.stringify(final.history),
  };
  test("clean: the paper's B.5 explanation", () => {
    expect(
      studentFacingLeaks(
        {
          explanation:
            "Inspect the focused patch section for the reviewed file. The repository is at the base commit and the patch is not applied, so the import's absence from the base file does not establish whether it is unused in the reviewed version.",
          command: "grep -n x /testbed/task/review.patch",
        },
        context,
      ),
    ).toEqual([]);
  });
  test("the label's wording, the note's words, the instructions, an answer-key token", () => {
    const leaks = (explanation: string, command = "ls") => studentFacingLeaks({ explanation, command }, context).join("\n");
    expect(leaks("The private label says so.")).toMatch(/the private label/);
    expect(leaks("The comment is labelled as trustworthy.")).toMatch(/label's value/);
    expect(leaks("Note: the prior conclusion incorrectly treated base-version absence as wrong.")).toMatch(/review note's words/);
    expect(leaks(TEACHER_INSTRUCTION.slice(0, 120))).toMatch(/teacher's instructions/);
    expect(leaks("Read it.", "echo perturbed_negation")).toMatch(/command: source value/);
  });
});
