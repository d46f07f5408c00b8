// The "judge" job under the queue's lease: a run whose wall clock passes the job's expiry
// (shortened here to seconds, with no retry to fall back on) goes on lease after lease and completes.
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { config } from "@/lib/config";
import type { Database } from "@/lib/db/connection";
import { openSeededTestDatabase } from "@/lib/demo/testing/seeded-test-database";
import { cancelJudgeRun } from "@/lib/judge/cancel-judge-run";
import { createJudgeRun } from "@/lib/judge/create-judge-run";
import { exportWithNegations } from "@/lib/judge/testing/export-with-negations";
import { scriptedAgent, submitCommand } from "@/lib/judge/testing/scripted-agent";
import { type FakeOpenAiServer, startFakeOpenAiServer } from "@/lib/llm/testing/fake-openai-server";
import { startJobEngine, type JobEngine } from "./job-engine";
import { JUDGE_JOBS } from "./judge-jobs";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const LEASE_SECONDS = 12;
// Each task of the long run waits this long for its one model answer. The run takes 8 tasks at a time, so
// its 16 tasks take two rounds one after another, at least 2 × 6.5 s = 13 s: longer than one lease on the
// fastest machine, while 16 sandboxes (not 40 of 2.5 s) leave a loaded machine less to do. (At 8 s and
// 300 ms the run took 7.6 s on a quiet machine and one batch outlasted the lease at load 20.)
const LONG_ANSWER_MS = 6_500;
const LONG_RUN_TASKS = 16;
// the cancel test's answers: a task is still at its first steps when the cancel comes
const ANSWER_MS = 2_500;

// PostgreSQL only: the lease is pg-boss's, the same SQL on both databases, and the long run's sandboxed tasks
// cost seconds of the suite per database; the judge runs and the job engine are tested on both elsewhere.
describe.each(["postgresql"] as const)("the judge job on %s", (kind) => {
  let db: Database;
  let server: FakeOpenAiServer;
  let engine: JobEngine | undefined;
  beforeEach(async () => {
    db = await openSeededTestDatabase(kind);
    server = await startFakeOpenAiServer({
      apiKey: "sk-run",
      respond: async (...args) => ({
        ...(await scriptedAgent(() => [{ command: submitCommand(true) }])(...args)),
        delayMs: LONG_ANSWER_MS,
      }),
    });
  });
  afterEach(async () => {
    await engine?.stop();
    engine = undefined;
    await server?.close();
    await db?.close();
  });

  test("a run longer than the job's lease goes on in continuation jobs and completes", async () => {
    const { exportId, split } = await exportWithNegations(db.prisma, LONG_RUN_TASKS);
    const { runId, tasks } = await createJudgeRun(db.prisma, config(), {
      exportId,
      split,
      name: "longer than a lease",
      baseUrl: server.url,
      model: "judge-1",
      concurrency: 8,
      limit: LONG_RUN_TASKS,
    });
    expect(tasks).toBe(LONG_RUN_TASKS);
    const [judge, judgeTask] = JUDGE_JOBS;
    engine = await startJobEngine(db, {
      jobs: { judge: { ...judge, expireInSeconds: LEASE_SECONDS, retryLimit: 0 }, "judge-task": judgeTask },
      context: { config: { ...config(), JUDGE_API_KEY: "sk-run" }, trigger: "test" },
      pollingIntervalSeconds: 0.5,
      cancelPollSeconds: 0.2,
    });
    // the run's concurrency is the total of task jobs at once; this worker takes up to 8 of them
    await engine.work({ perKind: { "judge-task": 8 } });
    const started = Date.now();
    const first = await engine.enqueue("judge", { runId });
    await db.prisma.judgeRun.update({ where: { id: runId }, data: { jobId: first.id } });

    let run = await db.prisma.judgeRun.findUniqueOrThrow({ where: { id: runId } });
    while (!["succeeded", "failed", "cancelled"].includes(run.status) && Date.now() - started < 120_000) {
      await sleep(200);
      run = await db.prisma.judgeRun.findUniqueOrThrow({ where: { id: runId } });
      // a job that failed leaves the run waiting for a worker: stop at once rather than wait out the clock
      if ((await db.prisma.jobRun.count({ where: { kind: "judge", state: "failed" } })) > 0) break;
    }
    const jobs = await db.prisma.jobRun.findMany({ where: { kind: "judge" }, orderBy: { createdAt: "asc" } });
    // one task job per task, each completed
    const taskJobs = await db.prisma.jobRun.groupBy({ by: ["state"], where: { kind: "judge-task" }, _count: { _all: true } });
    expect(taskJobs).toEqual([{ state: "completed", _count: { _all: LONG_RUN_TASKS } }]);
    expect(jobs.map((j) => j.state)).not.toContain("failed");
    expect(run).toMatchObject({ status: "succeeded", error: null });
    expect(Date.now() - started).toBeGreaterThan(LEASE_SECONDS * 1000);
    // every job held one lease; the last one is the run's
    expect(jobs.length).toBeGreaterThan(1);
    expect(jobs.every((j) => j.state === "completed")).toBe(true);
    expect(run.jobId).toBe(jobs.at(-1)?.id);
    const judged = await db.prisma.judgeTask.groupBy({ by: ["status", "outcome"], where: { runId }, _count: { _all: true } });
    expect(judged).toEqual([{ status: "done", outcome: "submitted", _count: { _all: LONG_RUN_TASKS } }]);
    // each task judged once: one model call each
    expect(server.requests.length).toBe(LONG_RUN_TASKS);
  });

  test("a cancel reaches the tasks on every worker within seconds: none is still running, none is judged after it", async () => {
    await server.close();
    // long tasks: many steps, each answer 2.5 s away
    const agent = scriptedAgent(() => [...Array(20).fill({ command: "true" }), { command: submitCommand(true) }]);
    server = await startFakeOpenAiServer({ apiKey: "sk-run", respond: async (...a) => ({ ...(await agent(...a)), delayMs: ANSWER_MS }) });
    const { exportId, split } = await exportWithNegations(db.prisma, 12);
    const { runId } = await createJudgeRun(db.prisma, config(), {
      exportId,
      split,
      name: "cancelled across workers",
      baseUrl: server.url,
      model: "judge-1",
      concurrency: 4,
      limit: 12,
    });
    const [judge, judgeTask] = JUDGE_JOBS;
    const options = {
      jobs: { judge, "judge-task": judgeTask },
      context: { config: { ...config(), JUDGE_API_KEY: "sk-run" }, trigger: "test" },
      pollingIntervalSeconds: 0.5,
      cancelPollSeconds: 1,
    };
    // two workers' engines (as two processes would run them), two tasks each
    engine = await startJobEngine(db, options);
    const second = await startJobEngine(db, options);
    try {
      await engine.work({ concurrency: 2 });
      await second.work({ concurrency: 2 });
      const first = await engine.enqueue("judge", { runId });
      await db.prisma.judgeRun.update({ where: { id: runId }, data: { jobId: first.id } });
      const deadline = Date.now() + 120_000;
      while ((await db.prisma.judgeTask.count({ where: { runId, status: "running", steps: { not: [] } } })) < 4) {
        expect(Date.now()).toBeLessThan(deadline);
        await sleep(200);
      }
      const cancelledAt = Date.now();
      await cancelJudgeRun(db.prisma, engine, runId);
      while ((await db.prisma.judgeTask.count({ where: { runId, status: "running" } })) > 0) {
        expect(Date.now() - cancelledAt, "a task still runs after the cancel").toBeLessThan(10_000);
        await sleep(100);
      }
      const stoppedAfterMs = Date.now() - cancelledAt;
      const tasks = await db.prisma.judgeTask.findMany({ where: { runId } });
      expect(tasks.every((t) => t.status === "pending")).toBe(true);
      expect((await db.prisma.judgeRun.findUniqueOrThrow({ where: { id: runId } })).status).toBe("cancelled");
      // no request arrives once the tasks have stopped
      const requests = server.requests.length;
      await sleep(3_000);
      expect(server.requests.length).toBe(requests);
      expect(stoppedAfterMs).toBeLessThan(10_000);
    } finally {
      await second.stop();
    }
  });
});
