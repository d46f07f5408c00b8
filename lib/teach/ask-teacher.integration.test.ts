// The teacher's and reviewer's requests over a socket, through the openai SDK, on both APIs: what is
// sent (B.6's settings, the verbatim instructions, the payload as json.dumps writes it) and how each
// answer is read (Table 9's rules, the evidence check, the reviewer's strict decision).
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { PAPER_AGENT_SETTINGS, STUDENT_PROMPT } from "@/lib/judge/paper-agent";
import { askReviewer, askTeacher, studentMessageOf, type TeacherPayload } from "./ask-teacher";
import { keyStepPrefixes } from "./key-step-prefixes";
import { pythonJsonDumps } from "./python-json";
import { studentHistory } from "./student-history";
import { createStructuredEndpoint } from "./structured-request";
import { TeacherSettingsSchema } from "./teacher-settings";
import { REVIEW_INSTRUCTION, reviewerInstructions, TEACHER_INSTRUCTION, teacherInstructions } from "./teacher-instructions";
import { type FakeTeacherAnswer, type FakeTeacherServer, startFakeTeacherServer } from "./testing/fake-teacher-server";
import { UNUSED_IMPORT_COMMENT, UNUSED_IMPORT_STEPS } from "./testing/unused-import-trajectory";

// B.5's recorded proposal for the Unused import state (B.4)
const PAPER_PROPOSAL = {
  kind: "bash",
  command: "grep -n -A120 -B5 '^diff --git a/frontend/test-utils\\.tsx' /testbed/task/review.patch",
  prediction: null,
  explanation:
    "Inspect the focused patch section for the reviewed file. The repository is at the base commit and the patch is not applied, so the import's absence from the base file does not establish whether it is unused in the reviewed version.",
  evidence: [
    { message_index: 3, quote: '"repository_state": "base_commit; patch is not applied"' },
    { message_index: 11, quote: "returncode: 1\n<output>\n\n</output>" },
  ],
  review_note: "The prior conclusion incorrectly treated base-version absence as patched-version evidence.",
};

const conversation = studentHistory(PAPER_AGENT_SETTINGS, UNUSED_IMPORT_STEPS);
const finalPrefix = keyStepPrefixes(UNUSED_IMPORT_STEPS, conversation, UNUSED_IMPORT_COMMENT).at(-1);
const payload: TeacherPayload = {
  teacher_private_label: true,
  student_history: finalPrefix?.history ?? [],
  student_candidate_action: finalPrefix?.candidate ?? null,
};

const flat = (s: string) => s.replace(/\s+/g, " ").trim();

describe("the instructions are the paper's", () => {
  // the paper's lines as extracted from its PDF (testing/paper-instructions.txt): one paragraph each,
  // typographic quotes; compared with what is sent once whitespace is flattened and quotes straightened
  const paper = readFileSync(path.join(__dirname, "testing", "paper-instructions.txt"), "utf8")
    .split("\n")
    .filter((l) => l && !l.startsWith("#"));
  const asPrinted = (s: string) => flat(s).replace(/[’‘]/g, "'");

  test("the teacher's instructions and the student protocol after them are B.1's, word for word", () => {
    expect(asPrinted(teacherInstructions(STUDENT_PROMPT))).toBe(asPrinted(paper[0]));
    expect(TEACHER_INSTRUCTION).not.toMatch(/[’‘“”]/);
  });

  test("the reviewer's instruction is B.7.1's, followed by the same output-format note and protocol", () => {
    expect(asPrinted(REVIEW_INSTRUCTION)).toBe(asPrinted(paper[1]));
    expect(reviewerInstructions(STUDENT_PROMPT).slice(REVIEW_INSTRUCTION.length)).toBe(
      teacherInstructions(STUDENT_PROMPT).slice(TEACHER_INSTRUCTION.length),
    );
  });
});

describe.each(["responses", "chat"] as const)("asking over the %s API", (api) => {
  let server: FakeTeacherServer;
  let answers: FakeTeacherAnswer[];
  beforeEach(async () => {
    answers = [];
    server = await startFakeTeacherServer(() => answers.shift() ?? { status: 500, message: "script exhausted" });
  });
  afterEach(() => server.close());
  const endpoint = () => createStructuredEndpoint(TeacherSettingsSchema.parse({ baseUrl: server.url, model: "gpt-5.6-sol", api }), "sk-t");

  test("B.6's request: strict schema, reasoning effort, output budget, store=false, instructions then the student protocol", async () => {
    answers.push({ json: PAPER_PROPOSAL });
    const { result } = await askTeacher(endpoint(), STUDENT_PROMPT, payload);
    expect(result).toEqual({ ok: true, action: PAPER_PROPOSAL });
    const [request] = server.requests;
    expect(request.role).toBe("teacher");
    expect(request.instructions.startsWith(TEACHER_INSTRUCTION)).toBe(true);
    expect(request.instructions).toContain(`<student_protocol>\n${STUDENT_PROMPT}</student_protocol>`);
    expect(request.body.store).toBe(false);
    expect(request.body).not.toHaveProperty("temperature");
    expect(request.body).not.toHaveProperty("top_p");
    if (api === "responses") {
      expect(request.body).toMatchObject({
        model: "gpt-5.6-sol",
        reasoning: { effort: "high" },
        max_output_tokens: 4096,
        text: { format: { type: "json_schema", name: "teaching_action", strict: true } },
      });
      // the input string is json.dumps(payload, ensure_ascii=False)
      expect(request.body.input).toBe(pythonJsonDumps(payload));
    } else {
      expect(request.body).toMatchObject({
        reasoning_effort: "high",
        max_completion_tokens: 4096,
        response_format: { type: "json_schema", json_schema: { name: "teaching_action", strict: true } },
      });
    }
    expect(Object.keys(request.payload)).toEqual(["teacher_private_label", "student_history", "student_candidate_action"]);
  });

  test("a quote that is not in the message it cites is refused with the reason", async () => {
    answers.push({
      json: { ...PAPER_PROPOSAL, evidence: [{ message_index: 11, quote: 'import * as router from "react-router";' }] },
    });
    const { result } = await askTeacher(endpoint(), STUDENT_PROMPT, payload);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(
      /evidence quote "import \* as router from \\"react-router\\";" is not in message 11 \(tool\)/,
    );
  });

  test("Table 9: a finish needs tool-message quotes, a bash no marker, an extra field or missing field fails the schema", async () => {
    answers.push(
      { json: { ...PAPER_PROPOSAL, kind: "finish", command: null, prediction: true, evidence: [{ message_index: 1, quote: "Inspect" }] } },
      { json: { ...PAPER_PROPOSAL, command: "printf '%s\\n' COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT" } },
      { json: { ...PAPER_PROPOSAL, confidence: 0.9 } },
      { json: { kind: "needs_review", command: null, prediction: null, explanation: "", evidence: [] } },
      { json: { ...PAPER_PROPOSAL, kind: "finish", command: null, prediction: null } },
    );
    const reasons: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { result } = await askTeacher(endpoint(), STUDENT_PROMPT, payload);
      reasons.push(result.ok ? "ok" : result.reason);
    }
    expect(reasons[0]).toMatch(/must quote tool messages; message 1 is the user's/);
    expect(reasons[1]).toMatch(/may not contain the completion marker/);
    expect(reasons[2]).toMatch(/does not follow the schema.*confidence/);
    expect(reasons[3]).toMatch(/review_note/);
    expect(reasons[4]).toMatch(/needs a boolean prediction/);
  });

  test("the reviewer gets its four fields and answers approve, reject or needs_review; anything else is no decision", async () => {
    answers.push({ json: { decision: "reject", reason: "Fabricated evidence." } }, { json: { decision: "maybe", reason: "?" } });
    const action = studentMessageOf(PAPER_PROPOSAL as never, "call_x");
    expect(action).not.toBeNull();
    const input = {
      teacher_private_label: true,
      student_history: payload.student_history,
      action: action!,
      execution: { returncode: 0, output: "x" },
    };
    expect((await askReviewer(endpoint(), STUDENT_PROMPT, input)).result).toEqual({
      ok: true,
      decision: { decision: "reject", reason: "Fabricated evidence." },
    });
    expect((await askReviewer(endpoint(), STUDENT_PROMPT, input)).result.ok).toBe(false);
    expect(server.requests[0].role).toBe("reviewer");
    expect(server.requests[0].instructions.startsWith(REVIEW_INSTRUCTION)).toBe(true);
    expect(Object.keys(server.requests[0].payload)).toEqual(["teacher_private_label", "student_history", "action", "execution"]);
  });

  test("a failing endpoint throws with the endpoint named; the SDK does not retry", async () => {
    answers.push({ status: 503, message: "overloaded" });
    await expect(askTeacher(endpoint(), STUDENT_PROMPT, payload)).rejects.toThrow(/answered 503/);
    expect(server.requests).toHaveLength(1);
  });
});

test("json.dumps spacing, non-ASCII kept", () => {
  expect(pythonJsonDumps({ a: [1, true, null], "b’": "é\n" })).toBe('{"a": [1, true, null], "b’": "é\\n"}');
});
