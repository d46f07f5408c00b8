// The agent loop end to end: a scripted model over real HTTP (the fake OpenAI server) driving
// commands in a real bubblewrap sandbox over a real mirror.
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import type { z } from "zod";
import { type FakeReply, fakeReply, startFakeOpenAiServer, type FakeOpenAiServer } from "@/lib/llm/testing/fake-openai-server";
import { ensureBareMirror } from "@/lib/repo/build-bare-mirror";
import { runGitCommand } from "@/lib/repo/git-command";
import { createJudgeModel, requestOptionsOf } from "./judge-model";
import { AgentSettingsSchema, STUDENT_PROMPT, USER_PROMPT } from "./paper-agent";
import { runAgent } from "./run-agent";
import { openTaskSandbox, type TaskSandbox } from "./sandbox";
import { type ScriptedTurn, scriptedAgent, submitCommand } from "./testing/scripted-agent";

const TASK = {
  eval_id: "eval_0123456789abcdef01234567",
  repo: "acme/widgets",
  language: "Python",
  pull_request: { base_commit: "", title: "Area of negative sizes", body: "" },
  target_comment: { body: "`area` can return a negative number here", review_path: "src/widget.py", diff_hunk: "@@", type: "inline" },
  patch_file: "/testbed/task/review.patch",
  repository_state: "base_commit; patch is not applied",
};

describe("the judge agent loop", () => {
  let root: string;
  let mirror: string;
  let base: string;
  let patch: string;
  let server: FakeOpenAiServer | null = null;
  const boxes: TaskSandbox[] = [];
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), "wb-agent-"));
    chmodSync(root, 0o755); // the sandbox's own user enters the work folder
    mirror = path.join(root, "acme__widgets.git");
    const [b, head] = await ensureBareMirror(mirror, "acme/widgets", [
      { message: "base", files: { "src/widget.py": "def area(w, h):\n    return w * h\n" } },
      { message: "the PR", files: { "src/widget.py": "def area(w, h):\n    return abs(w) * abs(h)\n" } },
    ]);
    base = b;
    patch = (await runGitCommand(["--git-dir", mirror, "diff", base, head])).stdout.toString("utf8");
  });
  afterEach(async () => {
    await server?.close();
    server = null;
    for (const box of boxes.splice(0)) box.dispose();
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  async function play(turns: ScriptedTurn[], overrides: z.input<typeof AgentSettingsSchema> = {}, firstReplies: FakeReply[] = []) {
    const settings = AgentSettingsSchema.parse(overrides);
    server = await startFakeOpenAiServer({ apiKey: "sk-judge", respond: scriptedAgent(() => turns, settings.actionMode) });
    server.enqueue(...firstReplies);
    const box = await openTaskSandbox({
      taskFiles: {
        "task.json": `${JSON.stringify({ ...TASK, pull_request: { ...TASK.pull_request, base_commit: base } }, null, 1)}\n`,
        "review.patch": patch,
      },
      mirrorGitDir: mirror,
      baseCommit: base,
      workRoot: path.join(root, "work"),
    });
    boxes.push(box);
    const model = createJudgeModel({
      baseUrl: server.url,
      model: "judge-1",
      apiKey: "sk-judge",
      ...requestOptionsOf(settings),
      // a 5xx is retried after a millisecond, not half a second and more (a Retry-After is still waited out)
      retryBaseMs: 1,
    });
    return { trajectory: await runAgent({ model, sandbox: box, settings }), requests: server.requests };
  }

  test("reads the task, greps, applies the patch in /tmp, is refused the network and writes outside, and submits", async () => {
    // a service on the host's loopback: the sandbox's own network namespace must not reach it
    const host = createServer((socket) => socket.end("reachable\n"));
    await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", () => resolve()));
    const port = (host.address() as AddressInfo).port;
    const { trajectory, requests } = await play([
      { thought: "Read the task.", command: "cat /testbed/task/task.json" },
      { command: "grep -n 'return' src/widget.py" },
      { command: "cp -r /testbed/repo /tmp/p && cd /tmp/p && git apply /testbed/task/review.patch && cat src/widget.py" },
      { command: `curl -sS --max-time 5 http://127.0.0.1:${port}/ || exec 3<>/dev/tcp/127.0.0.1/${port}` },
      { command: "echo x > /testbed/task/task.json; touch /usr/evil" },
      { thought: "Base can return a negative area; the comment holds.", command: submitCommand(true) },
    ]).finally(() => host.close());
    expect(trajectory).toMatchObject({ outcome: "submitted", prediction: true, reason: 'submitted {"prediction": true}' });
    const [read, grep, applied, network, outside, submit] = trajectory.steps;
    expect(read.observation).toMatch(/^\[message_index=3\]\nreturncode: 0\n<output>\n\{\n "eval_id": "eval_0123456789abcdef01234567"/);
    expect(grep.observation).toContain("2:    return w * h");
    expect(applied.observation).toContain("return abs(w) * abs(h)");
    expect(network.returncode).not.toBe(0);
    expect(network.observation).not.toContain("reachable");
    expect(outside.observation).toMatch(/Read-only file system/);
    expect(submit.returncode).toBe(0);
    expect(trajectory.steps).toHaveLength(6);
    // the paper's prompts verbatim, the bash tool offered, the key only in the header
    const first = requests[0].body!;
    expect(first.messages?.slice(0, 2)).toEqual([
      { role: "system", content: STUDENT_PROMPT },
      { role: "user", content: USER_PROMPT },
    ]);
    expect(JSON.stringify(first.tools)).toContain('"name":"bash"');
    expect(requests.every((r) => r.headers.authorization === "Bearer sk-judge")).toBe(true);
    expect(JSON.stringify(trajectory)).not.toContain("sk-judge");
    expect(trajectory.usage.promptTokens).toBeGreaterThan(0);
  });

  test("text mode: one fenced block per answer, observations as user messages", async () => {
    const { trajectory, requests } = await play([{ command: "head -1 src/widget.py" }, { command: submitCommand(false) }], {
      actionMode: "text",
    });
    expect(trajectory).toMatchObject({ outcome: "submitted", prediction: false });
    expect(requests[1].body?.messages?.at(-1)).toMatchObject({ role: "user", content: expect.stringContaining("def area(w, h):") });
    expect(requests[0].body?.tools).toBeUndefined();
  });

  test("three malformed turns in a row end the run; a valid step in between resets the count", async () => {
    const bad: ScriptedTurn = { reply: { content: "I believe the comment is right." } };
    const { trajectory } = await play([bad, bad, { command: "true" }, bad, bad, bad, { command: submitCommand(true) }]);
    expect(trajectory.outcome).toBe("format_errors");
    expect(trajectory.steps.map((s) => (s.formatError ? "x" : "ok"))).toEqual(["x", "x", "ok", "x", "x", "x"]);
    expect(trajectory.prediction).toBeNull();
  });

  test("a command past the wall time is killed and the run ends at the time limit", async () => {
    const started = Date.now();
    const { trajectory } = await play([{ command: "sleep 60" }, { command: submitCommand(true) }], { wallTimeSeconds: 5 });
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(trajectory.outcome).toBe("time_limit");
    expect(trajectory.steps[0]).toMatchObject({ timedOut: true });
  });

  test("the step limit counts every model call; an invalid submission is recorded as such", async () => {
    const looping = await play([{ command: "ls" }], { stepLimit: 4 });
    expect(looping.trajectory).toMatchObject({ outcome: "step_limit", prediction: null });
    expect(looping.trajectory.steps).toHaveLength(4);
    await server?.close();
    server = null;
    const invalid = await play([{ command: "printf '%s\\n%s\\n' COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT 'it is true'" }]);
    expect(invalid.trajectory).toMatchObject({ outcome: "invalid_submission", prediction: null });
  });

  test("a model that cannot be reached ends the run with the reason, without the key", async () => {
    const { trajectory } = await play([{ reply: { status: 401, body: { error: { message: "Incorrect API key provided." } } } }]);
    expect(trajectory.outcome).toBe("model_error");
    expect(trajectory.reason).not.toContain("sk-judge");
  });

  test("a provider answering 500 twice, then well, is retried: the task is judged, and the step keeps the answer that counted", async () => {
    const { trajectory, requests } = await play([{ command: submitCommand(false) }], {}, [
      fakeReply.serverError(),
      fakeReply.serverError(502),
    ]);
    expect(trajectory).toMatchObject({ outcome: "submitted", prediction: false, retries: 2 });
    expect(requests).toHaveLength(3);
    expect(trajectory.steps[0].call?.attempts).toBe(3);
    expect(trajectory.steps[0].call).toMatchObject({ responseId: "chatcmpl-fake-2", finishReason: "tool_calls", model: "judge-1" });
    expect(trajectory.steps[0].call?.toolCalls?.[0].id).toBe("call_1");
  });

  test("a 429 asking for longer than the task has left ends it at once as rate-limited (not judged), not at its time limit", async () => {
    const started = Date.now();
    const { trajectory, requests } = await play(
      [{ reply: { status: 429, headers: { "retry-after": "45" }, body: { error: { message: "Rate limit" } } } }],
      { wallTimeSeconds: 20 },
    );
    // no wait: the server asked for 45 s and the task had 20
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(trajectory.outcome).toBe("rate_limited");
    expect(trajectory.reason).toMatch(
      /^the provider rate-limited the model call at step 1, with \d+ s of the task's 20 s wall time left: .*429.*asked to wait 45 s/,
    );
    expect(trajectory).toMatchObject({ steps: [], retries: 0, prediction: null });
    expect(requests).toHaveLength(1);
  });

  test("a 429 asking for less than the task has left is waited out and retried, and the retry is counted", async () => {
    const { trajectory, requests } = await play([{ command: submitCommand(true) }], { wallTimeSeconds: 30 }, [fakeReply.rateLimited("1")]);
    expect(trajectory).toMatchObject({ outcome: "submitted", retries: 1 });
    expect(requests).toHaveLength(2);
    expect(requests[1].receivedAt - requests[0].receivedAt).toBeGreaterThanOrEqual(950);
    expect(trajectory.steps[0].call?.attempts).toBe(2);
  });

  test("a slow model still answering when the wall time runs out has used its own time: time limit, judged", async () => {
    const { trajectory } = await play([{ reply: fakeReply.slow(30_000, { content: "thinking" }) }], { wallTimeSeconds: 5 });
    expect(trajectory.outcome).toBe("time_limit");
    expect(trajectory.reason).toMatch(/wall-time limit of 5 s was reached while waiting for the model/);
  });

  test("a task taken again goes on after its stored steps: the same conversation, and the checkout as its commands left it", async () => {
    const turns: ScriptedTurn[] = [
      { command: "echo left-by-step-1 > made.txt" },
      { command: "true" },
      { command: "cat made.txt" },
      { command: submitCommand(false) },
    ];
    const settings = AgentSettingsSchema.parse({});
    server = await startFakeOpenAiServer({ apiKey: "sk-judge", respond: scriptedAgent(() => turns) });
    const open = async () => {
      const box = await openTaskSandbox({
        taskFiles: { "task.json": "{}\n" },
        mirrorGitDir: mirror,
        baseCommit: base,
        workRoot: path.join(root, "work"),
      });
      boxes.push(box);
      return box;
    };
    const model = createJudgeModel({ baseUrl: server.url, model: "judge-1", apiKey: "sk-judge", ...requestOptionsOf(settings) });
    // the first attempt's worker stops after two steps
    const stop = new AbortController();
    const first = await runAgent({
      model,
      sandbox: await open(),
      settings,
      signal: stop.signal,
      onStep: (st) => void (st.step === 2 && stop.abort()),
    });
    expect(first).toMatchObject({ outcome: "cancelled" });
    expect(first.steps).toHaveLength(2);
    const sent = server.requests.length;
    // another worker, a fresh sandbox, the stored steps
    const second = await runAgent({ model, sandbox: await open(), settings, resume: first.steps });
    expect(second).toMatchObject({ outcome: "submitted", prediction: false });
    expect(second.steps.map((st) => st.step)).toEqual([1, 2, 3, 4]);
    expect(second.steps[2].observation).toContain("left-by-step-1");
    // two more calls only, the first of them with the whole conversation so far
    expect(server.requests.length - sent).toBe(2);
    expect(server.requests[sent].body?.messages).toHaveLength(2 + 2 * 2);
    expect(server.requests[sent].body?.messages?.slice(0, 6)).toEqual(
      server.requests[sent - 1].body?.messages?.concat(server.requests[sent].body?.messages?.slice(4, 6) ?? []),
    );
  });

  test("an unreachable endpoint names the run's setting, not the screening's", async () => {
    const { trajectory } = await play([{ reply: { status: 404, body: { error: { message: "The model judge-1 does not exist" } } } }]);
    expect(trajectory.outcome).toBe("model_error");
    expect(trajectory.reason).toMatch(/the run's model \(JUDGE_MODEL\) "judge-1"/);
    expect(trajectory.reason).not.toMatch(/LLM_/);
  });

  test("request options: the provider's default temperature sends none; max_tokens, seed, reasoning effort and an extra body are sent", async () => {
    const { requests } = await play([{ command: submitCommand(true) }], {
      temperature: "default",
      maxTokens: 2048,
      requestSeed: 7,
      reasoningEffort: "low",
      extraBody: '{"chat_template_kwargs": {"enable_thinking": false}}',
    });
    const body = requests[0].body as Record<string, unknown>;
    expect(body).not.toHaveProperty("temperature");
    expect(body).toMatchObject({ max_tokens: 2048, seed: 7, reasoning_effort: "low", chat_template_kwargs: { enable_thinking: false } });
    const paper = await play([{ command: submitCommand(true) }]);
    const plain = paper.requests.at(-1)?.body as Record<string, unknown>;
    expect(plain.temperature).toBe(0);
    for (const key of ["max_tokens", "seed", "reasoning_effort"]) expect(plain).not.toHaveProperty(key);
    expect(() => AgentSettingsSchema.parse({ extraBody: '{"model": "other"}' })).toThrow(/may not set model/);
    expect(() => AgentSettingsSchema.parse({ extraBody: "{not json" })).toThrow(/not JSON/);
  });
});
