// A judge run through the data layer on both databases: the demo world's export, the fake model
// playing a scripted agent over HTTP, real sandboxes over the demo's mirrors.
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { config } from "@/lib/config";
import type { Database } from "@/lib/db/connection";
import { TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { openSeededTestDatabase } from "@/lib/demo/testing/seeded-test-database";
import { EvalReportSchema } from "@/lib/evaluate/eval-report-schema";
import { loadGold } from "@/lib/evaluate/load-gold";
import { type FakeOpenAiServer, startFakeOpenAiServer } from "@/lib/llm/testing/fake-openai-server";
import { createJudgeRun, executeJudgeRun, grantRepairCredit, prepareJudgeRunResume, revokeRepairCredit } from "./judge-run";
import { scriptedAgent, submitCommand } from "./testing/scripted-agent";

describe.each(TEST_DATABASE_KINDS)("judge runs on %s", (kind) => {
  let db: Database;
  let server: FakeOpenAiServer;
  beforeEach(async () => {
    db = await openSeededTestDatabase(kind);
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
    await db?.close();
  });

  async function biggestSplit() {
    const exp = await db.prisma.export.findFirstOrThrow({ orderBy: { createdAt: "asc" }, select: { id: true } });
    const bySplit = await db.prisma.exportItem.groupBy({ by: ["split"], where: { exportId: exp.id }, _count: { _all: true } });
    const split = bySplit.sort((a, b) => b._count._all - a._count._all)[0].split;
    return { exportId: exp.id, split };
  }
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

    const second = await executeJudgeRun(deps(), runId);
    expect(second).toMatchObject({ status: "succeeded", done: 3, submitted: 3 });
    // one conversation per task: each started with the two prompts exactly once
    const starts = server.requests.filter((r) => r.body?.messages?.length === 2);
    expect(starts).toHaveLength(3);
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
    const first = await executeJudgeRun(deps(), runId);
    expect(first).toMatchObject({ status: "failed", done: 3, notJudged: 3, invalid: 0, submitted: 0 });
    const stopped = await db.prisma.judgeRun.findUniqueOrThrow({ where: { id: runId } });
    expect(stopped.error).toMatch(/^Stopped: 3 tasks in a row could not be judged because the model failed: .*unreachable.*JUDGE_BASE_URL/);
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
    });
    const result = await executeJudgeRun(deps(), runId);
    expect(result).toMatchObject({ status: "succeeded", done: tasks, submitted: tasks - 1, notJudged: 1, invalid: 0 });
    const run = await db.prisma.judgeRun.findUniqueOrThrow({ where: { id: runId } });
    const report = EvalReportSchema.parse((await db.prisma.evalRun.findUniqueOrThrow({ where: { id: run.evalRunId ?? "" } })).report);
    expect(report.metrics.n).toBe(tasks - 1);
    expect(report.metrics.missing.count).toBe(0);
    expect(run.error).toBeNull();
  });
});
