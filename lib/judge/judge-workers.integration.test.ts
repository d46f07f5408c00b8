// One judge run shared by two `npm run worker` processes on PostgreSQL, one of them killed with SIGKILL
// midway while it holds tasks: the run finishes with every one of its tasks judged exactly once, the
// killed worker's tasks taken again by the other worker (their jobs' retries), nothing else redone.
// 40 tasks (five rounds of the run's 8 at once) are enough for the property; the rate at scale is
// scripts/bench-judge.ts's (tasks_per_minute_1_worker, tasks_per_minute_2_workers).
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { config } from "@/lib/config";
import type { Database } from "@/lib/db/connection";
import { JOB_QUEUE_SCHEMA } from "@/lib/db/job-queue-schema";
import { databaseUrl } from "@/lib/db/testing/test-templates";
import { openSeededTestDatabase } from "@/lib/demo/testing/seeded-test-database";
import { type JobEngine, startJobEngine } from "@/lib/jobs/job-engine";
import { JOBS } from "@/lib/jobs/registry";
import { type FakeOpenAiServer, startFakeOpenAiServer } from "@/lib/llm/testing/fake-openai-server";
import { createJudgeRun } from "./create-judge-run";
import { AGENT_OUTCOMES } from "./run-agent";
import { exportWithNegations } from "./testing/export-with-negations";
import { scriptedAgent, submitCommand } from "./testing/scripted-agent";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const TASKS = 40;

describe("a judge run on two workers, one killed midway", () => {
  let db: Database;
  let url: string;
  let server: FakeOpenAiServer;
  let enqueuer: JobEngine;
  const workers: ChildProcess[] = [];
  const logs: string[] = [];

  beforeAll(async () => {
    db = await openSeededTestDatabase("postgresql");
    const [{ name }] = await db.query<{ name: string }>("SELECT current_database() AS name");
    url = databaseUrl(name);
    // a model that takes a moment per answer: the workers wait on it, as on a real one
    const agent = scriptedAgent(() => [{ command: "cat /testbed/task/task.json" }, { command: submitCommand(true) }]);
    server = await startFakeOpenAiServer({
      apiKey: "sk-workers",
      respond: async (...args) => ({ ...(await agent(...args)), delayMs: 150 }),
    });
    // this process only queues: the workers take every job
    enqueuer = await startJobEngine(db, { jobs: JOBS, context: { config: config(), trigger: "test" } });
  });
  afterAll(async () => {
    for (const w of workers) if (w.exitCode === null && w.signalCode === null) w.kill("SIGKILL");
    await enqueuer?.stop();
    await server?.close();
    await db?.close();
  });

  function startWorker(): ChildProcess {
    const child = spawn(process.execPath, ["--import", "tsx", path.join("scripts", "worker.ts"), "--concurrency", "4", "--no-schedule"], {
      cwd: process.cwd(),
      env: { ...process.env, DATABASE_URL: url, JUDGE_API_KEY: "sk-workers" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    child.stderr?.on("data", (d) => logs.push(String(d)));
    workers.push(child);
    return child;
  }

  test(`kill -9 of one worker midway: all ${TASKS} tasks judged exactly once`, async () => {
    // the workers start (a few seconds each) while the run is made
    const doomed = startWorker();
    const survivor = startWorker();
    const { exportId, split } = await exportWithNegations(db.prisma, TASKS);
    const { runId, tasks } = await createJudgeRun(db.prisma, config(), {
      exportId,
      split,
      name: "two workers",
      baseUrl: server.url,
      model: "judge-1",
      concurrency: 8,
      limit: TASKS,
    });
    expect(tasks).toBe(TASKS);
    const queued = await enqueuer.enqueue("judge", { runId });
    await db.prisma.judgeRun.update({ where: { id: runId }, data: { jobId: queued.id } });

    // midway, while the doomed worker holds tasks
    const doomedId = `:${doomed.pid}`;
    const deadline = Date.now() + 400_000;
    let held: string[] = [];
    for (;;) {
      expect(Date.now(), `the run did not get halfway: ${logs.join("").slice(-2000)}`).toBeLessThan(deadline);
      const done = await db.prisma.judgeTask.count({ where: { runId, status: "done" } });
      held = (
        await db.prisma.judgeTask.findMany({ where: { runId, status: "running", workerId: { endsWith: doomedId } }, select: { id: true } })
      ).map((t) => t.id);
      if (done >= TASKS / 2 && held.length > 0) break;
      await sleep(100);
    }
    doomed.kill("SIGKILL");
    // both workers had taken tasks: the run was shared
    const byWorker = await db.prisma.judgeTask.groupBy({ by: ["workerId"], where: { runId, status: "running" }, _count: { _all: true } });
    expect(byWorker.length).toBeGreaterThanOrEqual(1);

    let run = await db.prisma.judgeRun.findUniqueOrThrow({ where: { id: runId } });
    while (run.status !== "succeeded" && Date.now() < deadline) {
      expect(["running", "queued"], `${run.status}: ${run.error}`).toContain(run.status);
      await sleep(500);
      run = await db.prisma.judgeRun.findUniqueOrThrow({ where: { id: runId } });
    }
    expect(run).toMatchObject({ status: "succeeded", error: null });
    expect(survivor.exitCode).toBeNull();
    // the records are read once every job has ended: the run is marked succeeded by its "judge" job before
    // that job and the last task jobs record their own ends, and a task job retried after its worker died
    // runs again (and records again) after the run may have ended
    const settled = async () =>
      (await db.prisma.jobRun.count({
        where: { kind: { in: ["judge", "judge-task"] }, state: { in: ["queued", "running", "retrying"] } },
      })) === 0 &&
      (
        await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM ${JOB_QUEUE_SCHEMA}.job WHERE name IN ('judge', 'judge-task') AND state IN ('created', 'retry', 'active')`,
        )
      )[0]?.n === 0;
    while (!(await settled())) {
      expect(Date.now(), `jobs still under way: ${logs.join("").slice(-2000)}`).toBeLessThan(deadline);
      await sleep(250);
    }

    const all = await db.prisma.judgeTask.findMany({ where: { runId } });
    expect(all.filter((t) => t.status === "done" && t.outcome === "submitted")).toHaveLength(TASKS);
    // the tasks the killed worker held were taken again; no other task was
    const again = all.filter((t) => t.attempts > 1).map((t) => t.id);
    expect(again.length).toBeGreaterThan(0);
    expect(held.every((id) => again.includes(id) || all.find((t) => t.id === id)?.attempts === 1)).toBe(true);
    expect(all.every((t) => t.attempts <= 2)).toBe(true);
    expect(again.length).toBeLessThanOrEqual(4);
    // judged exactly once: over all task jobs (a retry reuses its job), one judgement per task; a job whose
    // worker died after its task was judged reports that judgement on its retry
    const results = await db.prisma.jobRun.findMany({ where: { kind: "judge-task", state: "completed" }, select: { result: true } });
    const judgedOf = new Map<string, number>();
    for (const { result } of results) {
      const r = result as { taskId?: string; outcome?: string } | null;
      if (r?.taskId && (AGENT_OUTCOMES as readonly string[]).includes(r.outcome ?? ""))
        judgedOf.set(r.taskId, (judgedOf.get(r.taskId) ?? 0) + 1);
    }
    expect(judgedOf.size).toBe(TASKS);
    expect([...judgedOf.values()].every((n) => n === 1)).toBe(true);
    // the jobs page's one row for the run, with its tasks' progress
    const coordinator = await db.prisma.jobRun.findMany({ where: { kind: "judge" }, orderBy: { createdAt: "desc" } });
    expect(coordinator[0]).toMatchObject({ state: "completed", done: TASKS, total: TASKS });
  }, 600_000);
});
