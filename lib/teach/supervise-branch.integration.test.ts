// One correction branch with the teacher and reviewer behind a local OpenAI-compatible server and the
// actions run by bash in a scratch folder holding the paper's example patch.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { PAPER_AGENT_SETTINGS } from "@/lib/judge/paper-agent";
import { keyStepPrefixes } from "./key-step-prefixes";
import { studentHistory } from "./student-history";
import { createStructuredEndpoint } from "./structured-request";
import { type BranchInput, superviseBranch } from "./supervise-branch";
import { TeacherSettingsSchema } from "./teacher-settings";
import {
  type FakeTeacherAnswer,
  type FakeTeacherRequest,
  type FakeTeacherServer,
  startFakeTeacherServer,
} from "./testing/fake-teacher-server";
import { rulesReviewer, rulesTeacher } from "./testing/rules-teacher";
import { UNUSED_IMPORT_COMMENT, UNUSED_IMPORT_STEPS } from "./testing/unused-import-trajectory";
import { trainingRecordProblems } from "./training-record";

const PATCH = `diff --git a/frontend/test-utils.tsx b/frontend/test-utils.tsx
--- a/frontend/test-utils.tsx
+++ b/frontend/test-utils.tsx
@@ -2,6 +2,7 @@
 
 import React, { PropsWithChildren } from "react";
 import { Provider } from "react-redux";
+import * as router from "react-router";
`;

const conversation = studentHistory(PAPER_AGENT_SETTINGS, UNUSED_IMPORT_STEPS);
const [patchRead, , final] = keyStepPrefixes(UNUSED_IMPORT_STEPS, conversation, UNUSED_IMPORT_COMMENT);
// the task.json observation names the reviewed file, as the real one does
const withPath = final.history.map((m, i) =>
  i === 3 && m.role === "tool"
    ? { ...m, content: m.content.replace('"repository_state"', '"review_path": "frontend/test-utils.tsx",\n  "repository_state"') }
    : m,
);

describe("a correction branch", () => {
  let server: FakeTeacherServer;
  let dir: string;
  let policy: (r: FakeTeacherRequest) => FakeTeacherAnswer;
  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "wb-branch-"));
    writeFileSync(path.join(dir, "review.patch"), PATCH);
    policy = (r) => (r.role === "teacher" ? rulesTeacher(r) : rulesReviewer(r));
    server = await startFakeTeacherServer((r) => policy(r));
  });
  afterEach(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  // bash itself, in a folder where /testbed/task/review.patch is ./review.patch
  const sandbox = async () => ({
    run: async (command: string) => {
      const r = spawnSync("bash", ["-c", command.replaceAll("/testbed/task/", `${dir}/`)], { encoding: "utf8", cwd: dir });
      return { returncode: r.status ?? 137, output: r.stdout + r.stderr, outputChars: (r.stdout + r.stderr).length, timedOut: false };
    },
  });
  const input = (over: Partial<BranchInput> = {}): BranchInput => ({
    label: true,
    studentPrompt: PAPER_AGENT_SETTINGS.systemPrompt,
    history: withPath,
    candidate: final.candidate,
    followupSteps: 3,
    outputLimitChars: 8000,
    commandTimeoutMs: 10_000,
    idSeed: "prefix-1",
    leaks: { forbidden: [{ what: "label field", token: '"trustworthy"', kind: "private" }] },
    ...over,
  });
  const teacher = () => createStructuredEndpoint(TeacherSettingsSchema.parse({ baseUrl: server.url, model: "fake-teacher" }));

  test("the patch section, then the judgment: two approved records in C.1's shape, the second after the first's observation", async () => {
    const result = await superviseBranch(input(), { teacher: teacher(), sandbox });
    expect(result.actions.map((a) => a.status)).toEqual(["approved", "approved"]);
    expect(result.ended).toMatch(/submitted a judgment/);
    const [first, second] = result.actions;
    expect(first.execution?.output).toContain('+import * as router from "react-router";');
    expect(first.execution?.observation.startsWith(`[message_index=${withPath.length + 1}]`)).toBe(true);
    // the follow-up sees the action and its observation, and no candidate
    expect(server.requests[2].payload.student_candidate_action).toBeNull();
    expect((server.requests[2].payload.student_history as unknown[]).length).toBe(withPath.length + 2);
    for (const a of result.actions)
      expect(trainingRecordProblems(a.record, PAPER_AGENT_SETTINGS, [a.proposal?.review_note ?? ""])).toEqual([]);
    // a finish is the completion-marker command with the single-field prediction, and nothing private
    expect(second.record?.completion[0]).toMatchObject({
      content: "",
      tool_calls: [
        { function: { arguments: { command: `printf '%s\\n%s\\n' 'COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT' '{"prediction": true}'` } } },
      ],
    });
    expect(second.record?.prompt.at(-1)).toMatchObject({
      role: "tool",
      tool_call_id: (first.message as { tool_calls: { id: string }[] }).tool_calls[0].id,
    });
  });

  test("a reviewer reject ends the branch: no further teacher request", async () => {
    policy = (r) => (r.role === "teacher" ? rulesTeacher(r) : { json: { decision: "reject", reason: "Not focused on the comment." } });
    const result = await superviseBranch(input(), { teacher: teacher(), sandbox });
    expect(result.actions.map((a) => [a.status, a.reason])).toEqual([["rejected", "Not focused on the comment."]]);
    expect(result.actions[0].record).toBeNull();
    expect(server.requests.map((r) => r.role)).toEqual(["teacher", "reviewer"]);
  });

  test("a quote not in the history is refused, never executed, and ends the branch", async () => {
    let ran = 0;
    policy = () => ({
      json: {
        kind: "finish",
        command: null,
        prediction: true,
        explanation: "The import is used.",
        evidence: [{ message_index: 11, quote: "router.navigate(" }],
        review_note: "",
      },
    });
    const result = await superviseBranch(input(), {
      teacher: teacher(),
      sandbox: async () => {
        ran++;
        return sandbox();
      },
    });
    expect(result.actions).toHaveLength(1);
    expect(result.actions[0]).toMatchObject({ status: "refused", record: null });
    expect(result.actions[0].reason).toMatch(/evidence quote "router.navigate\(" is not in message 11/);
    expect(ran).toBe(0);
  });

  test("an approved action whose explanation speaks of the label is not kept", async () => {
    policy = (r) =>
      r.role === "reviewer"
        ? rulesReviewer(r)
        : {
            json: {
              kind: "bash",
              command: "cat /testbed/task/review.patch",
              prediction: null,
              explanation: "The gold label is true, so read the patch.",
              evidence: [],
              review_note: "x",
            },
          };
    const result = await superviseBranch(input({ followupSteps: 0 }), { teacher: teacher(), sandbox });
    expect(result.actions[0].status).toBe("leaked");
    expect(result.actions[0].reason).toMatch(/the private label/);
    expect(result.actions[0].record).toBeNull();
  });

  test("at most three follow-ups, asked one after another; a prefix after the patch read gets the student's next action", async () => {
    policy = (r) =>
      r.role === "reviewer"
        ? rulesReviewer(r)
        : {
            json: {
              kind: "bash",
              command: "grep -c import /testbed/task/review.patch",
              prediction: null,
              explanation: "Count the imports.",
              evidence: [],
              review_note: "",
            },
          };
    const result = await superviseBranch(input({ history: patchRead.history, candidate: patchRead.candidate }), {
      teacher: teacher(),
      sandbox,
    });
    expect(result.actions).toHaveLength(4);
    expect(result.ended).toMatch(/budget \(4 actions\)/);
    expect(server.requests[0].payload.student_candidate_action).toEqual(patchRead.candidate);
    // sequential: the server never had two requests of the branch at once (each waits for the last)
    expect(server.requests.map((r) => r.role)).toEqual(Array(4).fill(["teacher", "reviewer"]).flat());
    const ids = result.actions.map((a) => (a.message as { tool_calls: { id: string }[] }).tool_calls[0].id);
    expect(new Set(ids).size).toBe(4);
  });
});
