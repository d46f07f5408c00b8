// A judge run through the data layer on both databases: the demo world's export, the fake model
// playing a scripted agent over HTTP, real sandboxes over the demo's mirrors. One database per kind for
// the file (a PGlite copy costs seconds): each test judges a copy of the demo export of its own, so what
// one test adds to or removes from its export no other test sees.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { config } from "@/lib/config";
import type { Database } from "@/lib/db/connection";
import { TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { openSeededTestDatabase } from "@/lib/demo/testing/seeded-test-database";
import { EvalReportSchema } from "@/lib/evaluate/eval-report-schema";
import { buildEvalReport } from "@/lib/evaluate/build-eval-report";
import { loadGold } from "@/lib/evaluate/load-gold";
import { type FakeOpenAiServer, fakeReply, startFakeOpenAiServer } from "@/lib/llm/testing/fake-openai-server";
import { cancelJudgeRun } from "./cancel-judge-run";
import { createJudgeRun } from "./create-judge-run";
import { executeJudgeRun, openJudgeRun } from "./execute-judge-run";
import { grantRepairCredit, revokeRepairCredit } from "./repair-credit";
import { prepareJudgeRunResume } from "./resume-judge-run";
import { createJudgeModel, preflightJudgeModel } from "./judge-model";
import { runJudgeTask } from "./run-judge-task";
import { loadJudgeInputs } from "./judge-inputs";
import { loadJudgeRunView, loadTrajectoryView } from "./judge-views";
import { biggestSplitOf, copyOfDemoExport, exportWithNegations } from "./testing/export-with-negations";
import { scriptedAgent, submitCommand } from "./testing/scripted-agent";
import { runTrajectoryFiles, trajectoryArchive } from "./trajectory-export";

describe.each(TEST_DATABASE_KINDS)("judge runs on %s", (kind) => {
  let db: Database;
  let server: FakeOpenAiServer;
  beforeAll(async () => {
    db = await openSeededTestDatabase(kind);
  });
  afterAll(async () => db?.close());
  beforeEach(async () => {
    // an agent that reads its task, checks the file it is about, and says "trustworthy"
    server = await startFakeOpenAiServer({
      apiKey: "sk-run",
      respond: scriptedAgent(() => [
        { thought: "Read the task.", command: "cat /testbed/task/task.json" },
        { command: "git log --oneline | head -3 && ls" },
        { command: submitCommand(true) },
      ]),
    });
  });
  afterEach(async () => {
    await server?.close();
  });

  /** The biggest split of this test's own copy of the demo export. */
  const biggestSplit = async () => biggestSplitOf(db.prisma, await copyOfDemoExport(db.prisma));
  const ownExportWithNegations = async (splitSize: number) => exportWithNegations(db.prisma, splitSize, await copyOfDemoExport(db.prisma));
  const deps = (signal?: AbortSignal, progress?: (done: number) => void) => ({
    prisma: db.prisma,
    config: { ...config(), JUDGE_API_KEY: "sk-run" },
    signal,
    progress: async (done: number) => progress?.(done),
  });

  test("a scripted run scores as counted by hand, a repair credit moves it, and the key is never kept", async () => {
    const { exportId, split } = await biggestSplit();
    const { runId, tasks } = await createJudgeRun(db.prisma, config(), {
      exportId,
      split,
      name: "scripted always-true",
      baseUrl: server.url,
      model: "judge-1",
      concurrency: 2,
      seed: 7,
    });
    const result = await executeJudgeRun(deps(), runId);
    expect(result).toMatchObject({ status: "succeeded", done: tasks, total: tasks, submitted: tasks });

    const gold = await loadGold(db.prisma, exportId, split);
    const trustworthy = gold.filter((g) => g.trustworthy).length;
    const run = await db.prisma.judgeRun.findUniqueOrThrow({ where: { id: runId }, include: { tasks: true } });
    expect(run.status).toBe("succeeded");
    expect(run.apiKey).toBeNull();
    expect(
      run.tasks.every((t) => t.outcome === "submitted" && t.prediction === true && Array.isArray(t.steps) && t.steps.length === 3),
    ).toBe(true);
    const report = async (id: string | null) =>
      EvalReportSchema.parse((await db.prisma.evalRun.findUniqueOrThrow({ where: { id: id ?? "" } })).report);
    const before = await report(run.evalRunId);
    expect(before.metrics.n).toBe(gold.length);
    expect(before.metrics.accuracy).toBeCloseTo(trustworthy / gold.length, 10);

    // a reviewer credits one wrong answer's repair: one more correct in the credited score only
    const wrong = run.tasks.find((t) => gold.find((g) => g.evalId === t.evalId)?.trustworthy === false);
    expect(wrong, "the demo split has an untrustworthy example").toBeDefined();
    const reviewer = await db.prisma.user.findFirstOrThrow({ where: { roles: { has: "admin" } } });
    await grantRepairCredit(db.prisma, { taskId: wrong!.id, step: 2, note: "found the real call site and fixed the claim" }, reviewer.id);
    expect((await report(run.evalRunId)).metrics.accuracy).toBeCloseTo(trustworthy / gold.length, 10);
    expect((await report(run.creditedEvalRunId)).metrics.accuracy).toBeCloseTo((trustworthy + 1) / gold.length, 10);
    await expect(grantRepairCredit(db.prisma, { taskId: wrong!.id, step: 9, note: "x" }, reviewer.id)).rejects.toThrow(/has 3 steps/);
    await revokeRepairCredit(db.prisma, wrong!.id, reviewer.id);
    expect((await report(run.creditedEvalRunId)).metrics.accuracy).toBeCloseTo(trustworthy / gold.length, 10);

    // what entered the model's context: the task.json of the paper's whitelist and nothing of the key
    const contexts = server.requests.map((r) => JSON.stringify(r.body));
    expect(contexts.some((c) => c.includes('\\"eval_id\\"'))).toBe(true);
    expect(contexts.some((c) => /trustworthy\\":|\\"source\\"|perturbation_kind/.test(c))).toBe(false);
    expect(JSON.stringify(run.tasks)).not.toContain("sk-run");
  });

  test("a trajectory page reads its one task: the same row and task files as the whole run's, perturbations' ordinals included", async () => {
    // several negations of one comment (the demo's splits hold 4 or fewer): their rows are numbered among themselves
    const { exportId, split } = await ownExportWithNegations(8);
    const { runId } = await createJudgeRun(db.prisma, config(), {
      exportId,
      split,
      name: "one task",
      baseUrl: server.url,
      model: "judge-1",
    });
    const whole = await loadJudgeRunView(db.prisma, runId, { outcome: "all" });
    const inputs = await loadJudgeInputs(db.prisma, exportId, split, "focused", [whole.settings.systemPrompt, whole.settings.userPrompt]);
    const perturbed = whole.tasks.filter((t) => t.source !== "human").slice(0, 4);
    expect(perturbed.length).toBeGreaterThan(0);
    for (const task of [...perturbed, ...whole.tasks.filter((t) => t.source === "human").slice(0, 2)]) {
      const view = await loadTrajectoryView(db.prisma, runId, task.id);
      expect(view.task).toEqual(task);
      expect(view.files).toEqual(inputs.inputs.get(task.evalId)?.files);
    }
    const other = await createJudgeRun(db.prisma, config(), { exportId, split, name: "another", baseUrl: server.url, model: "judge-1" });
    await expect(loadTrajectoryView(db.prisma, other.runId, whole.tasks[0].id)).rejects.toThrow(/not part of judge run/);
  });

  test("a run cancelled after its first task resumes where it stopped and judges each task once", async () => {
    const { exportId, split } = await biggestSplit();
    const { runId, tasks } = await createJudgeRun(db.prisma, config(), {
      exportId,
      split,
      name: "resumed",
      baseUrl: server.url,
      model: "judge-1",
      concurrency: 1,
      limit: 3,
    });
    expect(tasks).toBe(3);
    const stop = new AbortController();
    const first = await executeJudgeRun(
      deps(stop.signal, (done) => {
        if (done >= 1) stop.abort();
      }),
      runId,
    );
    expect(first.status).toBe("cancelled");
    expect(await db.prisma.judgeTask.count({ where: { runId, status: "done" } })).toBe(1);
    expect((await db.prisma.judgeRun.findUniqueOrThrow({ where: { id: runId } })).status).toBe("cancelled");

    // Resume (page or CLI) queues the run again, then the job goes on
    await prepareJudgeRunResume(db.prisma, runId);
    const second = await executeJudgeRun(deps(), runId);
    expect(second).toMatchObject({ status: "succeeded", done: 3, submitted: 3 });
    // one conversation per task: each started with the two prompts exactly once
    const starts = server.requests.filter((r) => r.body?.messages?.length === 2);
    expect(starts).toHaveLength(3);
  });

  test("a run cancelled while its next job waits does not start: the job returns at once and touches no task", async () => {
    const { exportId, split } = await biggestSplit();
    const { runId, tasks } = await createJudgeRun(db.prisma, config(), {
      exportId,
      split,
      name: "cancelled waiting",
      baseUrl: server.url,
      model: "judge-1",
      limit: 2,
    });
    // no job yet: Cancel marks the run itself
    await cancelJudgeRun(db.prisma, { cancel: async () => false }, runId);
    expect((await db.prisma.judgeRun.findUniqueOrThrow({ where: { id: runId } })).status).toBe("cancelled");
    const result = await executeJudgeRun(deps(), runId);
    expect(result).toMatchObject({ status: "cancelled", done: 0, total: tasks });
    expect(server.requests).toHaveLength(0);
    expect(await db.prisma.judgeTask.count({ where: { runId, status: "pending" } })).toBe(tasks);
    // a resume queues it again and it runs
    await prepareJudgeRunResume(db.prisma, runId);
    expect(await executeJudgeRun(deps(), runId)).toMatchObject({ status: "succeeded", done: tasks });
  });

  test("a task whose repository has no mirror is recorded with the reason and counted missing, not dropped", async () => {
    const { exportId, split } = await biggestSplit();
    const { runId } = await createJudgeRun(db.prisma, config(), {
      exportId,
      split,
      name: "no mirrors",
      baseUrl: server.url,
      model: "judge-1",
      limit: 2,
    });
    await executeJudgeRun({ ...deps(), config: { ...config(), MIRRORS_DIR: "/nonexistent/mirrors" } }, runId);
    const tasks = await db.prisma.judgeTask.findMany({ where: { runId } });
    expect(tasks.map((t) => t.outcome)).toEqual(["setup_error", "setup_error"]);
    expect(tasks[0].reason).toMatch(/No local mirror of/);
    const run = await db.prisma.judgeRun.findUniqueOrThrow({ where: { id: runId } });
    expect(run.evalRunId).toBeNull();
    expect(run.status).toBe("failed");
    expect(run.error).toMatch(/^No task could be judged: No local mirror of/);
  });

  test("a task whose example left the export is recorded not judged, with why, instead of staying pending", async () => {
    const { exportId, split } = await biggestSplit();
    const { runId } = await createJudgeRun(db.prisma, config(), {
      exportId,
      split,
      name: "example gone",
      baseUrl: server.url,
      model: "judge-1",
      limit: 2,
    });
    const gone = await db.prisma.judgeTask.findFirstOrThrow({ where: { runId }, orderBy: { position: "asc" } });
    await db.prisma.exportItem.delete({ where: { exportId_evalId: { exportId, evalId: gone.evalId } } });
    await executeJudgeRun(deps(), runId);
    const tasks = await db.prisma.judgeTask.findMany({ where: { runId }, orderBy: { position: "asc" } });
    expect(tasks.map((t) => t.status)).toEqual(["done", "done"]);
    expect(tasks[0]).toMatchObject({
      outcome: "setup_error",
      reason: `its example ${gone.evalId} is not in the ${split} split of export ${exportId} any more`,
    });
    expect(tasks[1].outcome).toBe("submitted");
  });

  test("an unreachable provider is not a wrong answer: the run stops after 3 in a row naming the setting, and a resume judges them", async () => {
    const { exportId, split } = await biggestSplit();
    const { runId, tasks } = await createJudgeRun(db.prisma, config(), {
      exportId,
      split,
      name: "provider down",
      baseUrl: "http://127.0.0.1:9/v1",
      model: "judge-1",
      concurrency: 1,
    });
    expect(tasks).toBeGreaterThan(3);
    // the run's own endpoint, asked once a call instead of four times with backoff (the client's retries are tested on their own)
    const once = createJudgeModel({
      baseUrl: "http://127.0.0.1:9/v1",
      model: "judge-1",
      actionMode: "tool",
      temperature: 0,
      maxAttempts: 1,
    });
    const first = await executeJudgeRun({ ...deps(), model: once }, runId);
    expect(first).toMatchObject({ status: "paused", done: 3, notJudged: 3, invalid: 0, submitted: 0 });
    const stopped = await db.prisma.judgeRun.findUniqueOrThrow({ where: { id: runId } });
    expect(stopped).toMatchObject({ status: "paused", finishedAt: null });
    expect(stopped.error).toMatch(/^Paused: 3 tasks in a row could not be judged because the model failed: .*unreachable.*JUDGE_BASE_URL/);
    expect(stopped.evalRunId).toBeNull();
    const states = await db.prisma.judgeTask.findMany({ where: { runId }, orderBy: { position: "asc" } });
    expect(states.map((t) => `${t.status}:${t.outcome}`)).toEqual([
      ...Array(3).fill("done:model_error"),
      ...Array(tasks - 3).fill("pending:null"),
    ]);

    // the endpoint is fixed; resuming judges the three not judged and those never started
    await db.prisma.judgeRun.update({ where: { id: runId }, data: { baseUrl: server.url } });
    await expect(prepareJudgeRunResume(db.prisma, runId)).resolves.toEqual({ tasks });
    const second = await executeJudgeRun(deps(), runId);
    expect(second).toMatchObject({ status: "succeeded", done: tasks, submitted: tasks, notJudged: 0 });
    await expect(prepareJudgeRunResume(db.prisma, runId)).rejects.toThrow(/nothing to resume/);
  });

  test("a task the provider failed is left out of the score and reported beside it", async () => {
    const { exportId, split } = await biggestSplit();
    await server.close();
    let calls = 0;
    const agent = scriptedAgent(() => [{ command: "true" }, { command: submitCommand(true) }]);
    server = await startFakeOpenAiServer({
      apiKey: "sk-run",
      // the first conversation's first call is refused for good (401); every other call answers
      respond: (request, index) => (calls++ === 0 ? { status: 401, body: { error: { message: "Invalid key" } } } : agent(request, index)),
    });
    const { runId, tasks } = await createJudgeRun(db.prisma, config(), {
      exportId,
      split,
      name: "one refused",
      baseUrl: server.url,
      model: "judge-1",
      concurrency: 1,
      limit: 2,
    });
    const result = await executeJudgeRun(deps(), runId);
    expect(result).toMatchObject({ status: "succeeded", done: tasks, submitted: tasks - 1, notJudged: 1, invalid: 0 });
    const run = await db.prisma.judgeRun.findUniqueOrThrow({ where: { id: runId } });
    const report = EvalReportSchema.parse((await db.prisma.evalRun.findUniqueOrThrow({ where: { id: run.evalRunId ?? "" } })).report);
    expect(report.metrics.n).toBe(tasks - 1);
    expect(report.metrics.missing.count).toBe(0);
    // said where the user looks, with its cause and what to do
    expect(run.error).toMatch(
      /^1 task\(s\) not judged, left out of the score: the model could not be reached at step 1, .*401.* Resume judges them again\.$/,
    );
  });

  test("retries are counted per task and per run, and shown in the view and the trajectories: 9 injected 500s leave 9", async () => {
    const { exportId, split } = await biggestSplit();
    await server.close();
    const agent = scriptedAgent(() => [{ command: "true" }, { command: "true" }, { command: submitCommand(true) }]);
    let calls = 0;
    let injected = 0;
    server = await startFakeOpenAiServer({
      apiKey: "sk-run",
      // every other request answers 500 until nine have been sent; each is retried once and then answered
      respond: (request, index) => {
        if (calls++ % 2 === 1 || injected === 9) return agent(request, index);
        injected++;
        return fakeReply.serverError();
      },
    });
    const { runId, tasks } = await createJudgeRun(db.prisma, config(), {
      exportId,
      split,
      name: "retried",
      baseUrl: server.url,
      model: "judge-1",
      concurrency: 1,
    });
    expect(tasks).toBeGreaterThanOrEqual(3);
    // three calls a task, each of the first nine retried once: the first three tasks hold them
    const expected = [3, 3, 3, ...Array(tasks - 3).fill(0)];
    // the run's endpoint with its retries' waits at a millisecond instead of half a second and more (the count is the point)
    const quick = createJudgeModel({
      baseUrl: server.url,
      model: "judge-1",
      apiKey: "sk-run",
      actionMode: "tool",
      temperature: 0,
      retryBaseMs: 1,
    });
    expect(await executeJudgeRun({ ...deps(), model: quick }, runId)).toMatchObject({
      status: "succeeded",
      submitted: tasks,
      notJudged: 0,
    });
    expect(injected).toBe(9);
    const stored = await db.prisma.judgeTask.findMany({ where: { runId }, orderBy: { position: "asc" } });
    expect(stored.reduce((n, t) => n + t.retries, 0)).toBe(9);
    expect(stored.map((t) => t.retries)).toEqual(expected);
    const view = await loadJudgeRunView(db.prisma, runId, { outcome: "all" });
    expect(view.run.retries).toBe(9);
    expect(view.tasks.map((t) => t.retries)).toEqual(expected);
    const { files } = await runTrajectoryFiles(db.prisma, runId);
    const infos = files.map((f) => JSON.parse(f.text));
    expect(infos.map((t) => t.info.retries)).toEqual(expected);
    expect(infos[0].messages[2].extra.attempts).toBe(2);
  });

  test("a key typed in the form is stored sealed, used for the calls, and forgotten when the run ends", async () => {
    const { exportId, split } = await biggestSplit();
    await server.close();
    server = await startFakeOpenAiServer({
      apiKey: "sk-typed-in-the-form-5c1d",
      respond: scriptedAgent(() => [{ command: submitCommand(true) }]),
    });
    const { runId } = await createJudgeRun(db.prisma, config(), {
      exportId,
      split,
      name: "own key",
      baseUrl: server.url,
      model: "judge-1",
      apiKey: "sk-typed-in-the-form-5c1d",
      limit: 1,
      settings: { promptPricePerMillion: 1, completionPricePerMillion: 4 },
    });
    const stored = await db.prisma.judgeRun.findUniqueOrThrow({ where: { id: runId } });
    expect(stored.apiKey).toMatch(/^sealed:v1:/);
    const rows = await db.query<{ row: string }>(`SELECT row_to_json(r)::text AS row FROM "JudgeRun" r WHERE id = $1`, [runId]);
    expect(rows[0].row).not.toContain("sk-typed");
    expect(await executeJudgeRun(deps(), runId)).toMatchObject({ status: "succeeded", submitted: 1 });
    expect(server.requests.every((r) => r.headers.authorization === "Bearer sk-typed-in-the-form-5c1d")).toBe(true);
    expect((await db.prisma.judgeRun.findUniqueOrThrow({ where: { id: runId } })).apiKey).toBeNull();
    // tokens and, at the run's prices, its cost
    const view = await loadJudgeRunView(db.prisma, runId, { outcome: "all" });
    expect(view.run.promptTokens).toBeGreaterThan(0);
    expect(view.run.cost).toBeCloseTo((view.run.promptTokens * 1 + view.run.completionTokens * 4) / 1_000_000, 12);
    expect(view.tasks[0].cost).toBeCloseTo(view.run.cost ?? 0, 12);
  });

  test("extra request headers go with every call; a secret one is sealed, shown by name only and forgotten when the run ends", async () => {
    const { exportId, split } = await biggestSplit();
    const secret = "gw-secret-7f3a91c2";
    const start = (name: string, extra: Record<string, unknown>) =>
      createJudgeRun(
        db.prisma,
        config(),
        { exportId, split, name, baseUrl: server.url, model: "judge-1", apiKey: "sk-run", limit: 2, ...extra },
        null,
        preflightJudgeModel,
      );
    await expect(start("bad", { headers: "Authorization: Bearer x" })).rejects.toThrow(/set by the client/);
    await expect(start("bad", { headers: "no colon here" })).rejects.toThrow(/is not a .{1,2}Name: value.{1,2} header line/);
    await expect(start("bad", { headers: "X-A: 1", secretHeaders: "x-a: 2" })).rejects.toThrow(/both plain and secret/);
    const { runId } = await start("gateway", { headers: "X-Gateway-Team: lab-a\n", secretHeaders: `X-Gateway-Key: ${secret}` });
    const stored = await db.prisma.judgeRun.findUniqueOrThrow({ where: { id: runId } });
    expect(stored.secretHeaders).toMatch(/^sealed:v1:/);
    const rows = await db.query<{ row: string }>(`SELECT row_to_json(r)::text AS row FROM "JudgeRun" r WHERE id = $1`, [runId]);
    expect(rows[0].row).not.toContain(secret);
    expect((await loadJudgeRunView(db.prisma, runId, { outcome: "all" })).run.headers).toEqual({
      "X-Gateway-Team": "lab-a",
      "X-Gateway-Key": null,
    });
    expect(await executeJudgeRun(deps(), runId)).toMatchObject({ status: "succeeded", submitted: 2 });
    // the test call and every call of the run carried both
    expect(server.requests.length).toBeGreaterThan(2);
    expect(server.requests.every((r) => r.headers["x-gateway-team"] === "lab-a" && r.headers["x-gateway-key"] === secret)).toBe(true);
    const after = await db.prisma.judgeRun.findUniqueOrThrow({ where: { id: runId }, include: { tasks: true } });
    expect(after.secretHeaders).toBeNull();
    expect(JSON.stringify(after)).not.toContain(secret);
  });

  test("an endpoint limit is shared by runs: two runs of 3 at once against one endpoint limited to 2 never send 3 requests at once", async () => {
    const { exportId, split } = await ownExportWithNegations(8);
    await server.close();
    const agent = scriptedAgent(() => [{ command: "true" }, { command: submitCommand(true) }]);
    server = await startFakeOpenAiServer({ apiKey: "sk-run", respond: async (...a) => ({ ...(await agent(...a)), delayMs: 400 }) });
    const run = (name: string) =>
      createJudgeRun(db.prisma, config(), {
        exportId,
        split,
        name,
        baseUrl: server.url,
        model: "judge-1",
        concurrency: 3,
        limit: 4,
        settings: { endpointConcurrency: 2 },
      });
    const [a, b] = [await run("limited a"), await run("limited b")];
    const results = await Promise.all([executeJudgeRun(deps(), a.runId), executeJudgeRun(deps(), b.runId)]);
    expect(results.map((r) => `${r.status}:${r.submitted}`)).toEqual(["succeeded:4", "succeeded:4"]);
    expect(server.requests).toHaveLength(16);
    expect(server.maxConcurrent).toBe(2);
  });

  test("a run its worker stopped (no one cancelled it) is handed on, queued, and finishes with the next worker", async () => {
    const { exportId, split } = await biggestSplit();
    const { runId, tasks } = await createJudgeRun(db.prisma, config(), {
      exportId,
      split,
      name: "handed on",
      baseUrl: server.url,
      model: "judge-1",
      concurrency: 1,
      limit: 2,
    });
    const stop = new AbortController();
    const first = await executeJudgeRun(
      {
        ...deps(stop.signal, (done) => {
          if (done >= 1) stop.abort();
        }),
        cancelledByUser: async () => false,
      },
      runId,
    );
    expect(first.status).toBe("interrupted");
    const waiting = await db.prisma.judgeRun.findUniqueOrThrow({ where: { id: runId } });
    expect(waiting).toMatchObject({ status: "queued", finishedAt: null });
    expect(waiting.error).toMatch(/worker stopped during the run/);
    const second = await executeJudgeRun({ ...deps(), cancelledByUser: async () => false }, runId);
    expect(second).toMatchObject({ status: "succeeded", done: tasks, submitted: tasks });
    expect((await db.prisma.judgeRun.findUniqueOrThrow({ where: { id: runId } })).error).toBeNull();
  });

  test("a task job retried after its attempt judged the task reports that judgement and judges nothing again", async () => {
    const { exportId, split } = await biggestSplit();
    const { runId } = await createJudgeRun(db.prisma, config(), {
      exportId,
      split,
      name: "one task job, twice",
      baseUrl: server.url,
      model: "judge-1",
      limit: 1,
    });
    const [task] = await db.prisma.judgeTask.findMany({ where: { runId } });
    // the run as its "judge" job opens it, the task as its job "job-1" (the claim) judges it
    await openJudgeRun(deps(), runId, { resetRunning: false });
    const payload = { runId, taskId: task.id };
    expect(await runJudgeTask(deps(), payload, "job-1")).toEqual({ taskId: task.id, outcome: "submitted" });
    const asked = server.requests.length;
    // the same job again, as pg-boss retries one whose worker died before it was recorded complete
    expect(await runJudgeTask(deps(), payload, "job-1")).toEqual({ taskId: task.id, outcome: "submitted" });
    // another job for the task: not started, and says so
    expect((await runJudgeTask(deps(), payload, "job-2")).outcome).toMatch(/^not started/);
    expect(server.requests).toHaveLength(asked);
    expect(await db.prisma.judgeTask.findUniqueOrThrow({ where: { id: task.id } })).toMatchObject({
      status: "done",
      outcome: "submitted",
      attempts: 1,
      claimId: "job-1",
    });
  });

  test("a run is not queued when its endpoint fails a test call: unreachable, unknown model, wrong key, no tool calls", async () => {
    const { exportId, split } = await biggestSplit();
    const start = (name: string, overrides: Record<string, unknown>) =>
      createJudgeRun(
        db.prisma,
        config(),
        { exportId, split, name, baseUrl: server.url, model: "judge-1", apiKey: "sk-run", ...overrides },
        null,
        preflightJudgeModel,
      );
    await expect(start("down", { baseUrl: "http://127.0.0.1:9/v1" })).rejects.toThrow(
      /^The judge model did not answer a test call, so no run was queued: .*unreachable.*JUDGE_BASE_URL/,
    );
    await expect(start("bad key", { apiKey: "sk-wrong" })).rejects.toThrow(/401.*the run's API key \(JUDGE_API_KEY\)/);
    await server.close();
    server = await startFakeOpenAiServer({
      apiKey: "sk-run",
      models: ["judge-1"],
      checkModel: true,
      noToolSupport: true,
      respond: scriptedAgent(() => [{ command: submitCommand(true) }], "text"),
    });
    await expect(start("unknown model", { model: "judge-9" })).rejects.toThrow(/404.*does not exist.*JUDGE_MODEL/);
    await expect(start("no tools", {})).rejects.toThrow(/choose text mode/);
    expect(await db.prisma.judgeRun.count({ where: { name: { in: ["down", "bad key", "unknown model", "no tools"] } } })).toBe(0);
    // text mode on the same server passes the test call and is recorded
    await expect(start("text mode", { settings: { actionMode: "text" } })).resolves.toMatchObject({ tasks: expect.any(Number) });
  });

  test("exported trajectories are mini-swe-agent files that the evaluation reads back to the run's scores", async () => {
    const { exportId, split } = await biggestSplit();
    await server.close();
    // a mix the score must reproduce: submissions both ways, an invalid submission, a format-error ending
    let conversation = 0;
    const plays = [
      [{ command: "true" }, { command: submitCommand(true) }],
      [{ command: submitCommand(false) }],
      [{ command: "printf '%s\\n%s\\n' COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT 'yes it holds'" }],
      [{ reply: { content: "no command here" } }],
    ];
    server = await startFakeOpenAiServer({
      apiKey: "sk-run",
      respond: (request, index) => {
        if ((request.body?.messages ?? []).length === 2) conversation++;
        return scriptedAgent(() => plays[(conversation - 1) % plays.length], "tool")(request, index);
      },
    });
    const { runId } = await createJudgeRun(db.prisma, config(), {
      exportId,
      split,
      name: "mixed",
      baseUrl: server.url,
      model: "judge-1",
      concurrency: 1,
      settings: { maxConsecutiveFormatErrors: 1 },
    });
    await executeJudgeRun(deps(), runId);
    const run = await db.prisma.judgeRun.findUniqueOrThrow({ where: { id: runId } });
    const scored = EvalReportSchema.parse((await db.prisma.evalRun.findUniqueOrThrow({ where: { id: run.evalRunId ?? "" } })).report);
    const { files } = await runTrajectoryFiles(db.prisma, runId);
    expect(files.map((f) => f.name).every((n) => /^eval_[0-9a-f]{24}\.traj\.json$/.test(n))).toBe(true);
    const first = JSON.parse(files[0].text);
    expect(first).toMatchObject({
      trajectory_format: "mini-swe-agent-1",
      info: { exit_status: "Submitted", submission: '{"prediction": true}\n' },
    });
    expect(first.messages[2].tool_calls[0]).toMatchObject({ type: "function", function: { name: "bash" } });
    // each call as the provider answered it: its response id, finish reason and times, the tool call's own id
    expect(first.messages[2]).toMatchObject({
      extra: { response: { id: expect.stringMatching(/^chatcmpl-fake-\d+$/), model: "judge-1", finish_reason: "tool_calls" } },
    });
    expect(Date.parse(first.messages[2].extra.timestamp)).toBeGreaterThanOrEqual(Date.parse(first.messages[2].extra.requested_at));
    expect(first.messages[3]).toMatchObject({ role: "tool", tool_call_id: first.messages[2].tool_calls[0].id });
    const formatError = files.map((f) => JSON.parse(f.text)).find((t) => t.info.exit_status === "FormatError");
    expect(formatError.messages.at(-2)).toMatchObject({
      role: "assistant",
      content: "no command here",
      extra: { response: { finish_reason: "stop" } },
    });
    const reread = buildEvalReport(await loadGold(db.prisma, exportId, split), files);
    for (const key of ["n", "accuracy", "macroF1", "answered"] as const) expect(reread.metrics[key], key).toEqual(scored.metrics[key]);
    expect(reread.metrics.invalid.goldItems).toBe(scored.metrics.invalid.goldItems);
    expect(scored.metrics.invalid.goldItems).toBeGreaterThan(0);
    // one archive: a .tar.gz whose entries are those files
    const dir = mkdtempSync(path.join(tmpdir(), "wb-traj-"));
    try {
      writeFileSync(path.join(dir, "t.tar.gz"), trajectoryArchive("mixed-trajectories", files));
      const listed = execFileSync("tar", ["-tzf", path.join(dir, "t.tar.gz")], { encoding: "utf8" })
        .trim()
        .split("\n");
      expect(listed).toEqual(files.map((f) => `mixed-trajectories/${f.name}`));
      execFileSync("tar", ["-xzf", path.join(dir, "t.tar.gz"), "-C", dir]);
      expect(readFileSync(path.join(dir, "mixed-trajectories", files[0].name), "utf8")).toBe(files[0].text);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
