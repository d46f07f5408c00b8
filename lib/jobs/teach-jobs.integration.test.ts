// Supervision through the job queue, on both databases: one job per prefix taken by the worker, a
// user's cancel stopping the run with its unfinished prefixes kept for a resume, the resume queueing
// only those, and the run then complete with every branch once.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { config } from "@/lib/config";
import type { Database } from "@/lib/db/connection";
import { TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { openSeededTestDatabase } from "@/lib/demo/testing/seeded-test-database";
import { createSupervisionRun } from "@/lib/teach/create-supervision-run";
import { cancelSupervisionRun, prepareSupervisionResume } from "@/lib/teach/run-supervision";
import { type FakeTeacherServer, startFakeTeacherServer } from "@/lib/teach/testing/fake-teacher-server";
import { rulesTeacherAndReviewer } from "@/lib/teach/testing/rules-teacher";
import { judgeTrainSplit } from "@/lib/teach/testing/supervision-fixture";
import { type JobEngine, startJobEngine } from "./job-engine";
import { TEACH_JOBS } from "./teach-jobs";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(TEST_DATABASE_KINDS)("supervision jobs on %s", (kind) => {
  let db: Database;
  let teacher: FakeTeacherServer;
  let engine: JobEngine | undefined;
  beforeEach(async () => {
    db = await openSeededTestDatabase(kind);
    teacher = await startFakeTeacherServer(async (r) => {
      await sleep(100);
      return rulesTeacherAndReviewer(r);
    });
  });
  afterEach(async () => {
    await engine?.stop();
    engine = undefined;
    await teacher?.close();
    await db?.close();
  });

  async function until(what: () => Promise<boolean>, ms = 120_000) {
    const deadline = Date.now() + ms;
    while (!(await what()) && Date.now() < deadline) await sleep(100);
  }

  test("per-prefix jobs; cancel keeps what is done; resume finishes the rest, nothing twice", async () => {
    const { judgeRunId } = await judgeTrainSplit(db.prisma, "student", 2);
    const { runId, prefixes } = await createSupervisionRun(db.prisma, config(), {
      judgeRunId,
      teacher: { baseUrl: teacher.url, model: "fake-teacher" },
    });
    engine = await startJobEngine(db, {
      jobs: Object.fromEntries(TEACH_JOBS.map((j) => [j.id, j])),
      context: { config: config(), trigger: "test" },
      pollingIntervalSeconds: 0.5,
      cancelPollSeconds: 0.2,
    });
    // two prefixes at a time, as two workers would take them (the cancel still lands with some not started)
    await engine.work({ concurrency: 2 });
    await engine.enqueue("supervise", { runId });
    await until(async () => (await db.prisma.supervisionPrefix.count({ where: { runId, status: "done" } })) >= 1);
    await cancelSupervisionRun(db.prisma, engine, runId);
    await until(async () => (await db.prisma.supervisionPrefix.count({ where: { runId, status: "running" } })) === 0);
    const afterCancel = await db.prisma.supervisionPrefix.groupBy({ by: ["status"], where: { runId }, _count: { _all: true } });
    const done = afterCancel.find((g) => g.status === "done")?._count._all ?? 0;
    expect(done).toBeGreaterThanOrEqual(1);
    expect(done).toBeLessThan(prefixes);
    expect((await db.prisma.supervisionRun.findUniqueOrThrow({ where: { id: runId } })).status).toBe("cancelled");

    const resumed = await prepareSupervisionResume(db.prisma, runId);
    expect(resumed.prefixes).toBe(prefixes - done);
    await engine.enqueue("supervise", { runId });
    await until(async () => (await db.prisma.supervisionRun.findUniqueOrThrow({ where: { id: runId } })).status === "succeeded");
    const all = await db.prisma.supervisionPrefix.findMany({ where: { runId }, include: { actions: { orderBy: { position: "asc" } } } });
    expect(all.map((p) => [p.status, p.actions.map((a) => `${a.position}:${a.status}`)])).toEqual(
      all.map(() => ["done", ["0:approved", "1:approved"]]),
    );
    const prefixJobs = await db.prisma.jobRun.count({ where: { kind: "supervise-prefix", state: "completed" } });
    expect(prefixJobs).toBeGreaterThanOrEqual(prefixes);
  }, 600_000);
});

// PostgreSQL only: the CLI is another process
describe("scripts/supervise.ts --queue", () => {
  let db: Database;
  let teacher: FakeTeacherServer;
  let engine: JobEngine | undefined;
  beforeEach(async () => {
    db = await openSeededTestDatabase("postgresql");
    teacher = await startFakeTeacherServer(rulesTeacherAndReviewer);
  });
  afterEach(async () => {
    await engine?.stop();
    await teacher?.close();
    await db?.close();
  });

  test("creates the run and queues it; a worker takes its prefixes", async () => {
    if (db.target.kind !== "postgresql") throw new Error("PostgreSQL only");
    const { judgeRunId } = await judgeTrainSplit(db.prisma, "student", 1);
    const cli = spawnSync(
      process.execPath,
      [
        "--import",
        "tsx",
        path.join("scripts", "supervise.ts"),
        "--run",
        judgeRunId,
        "--base-url",
        teacher.url,
        "--model",
        "fake-teacher",
        "--queue",
      ],
      { encoding: "utf8", env: { ...process.env, DATABASE_URL: db.target.url, NODE_NO_WARNINGS: "1" }, timeout: 180_000 },
    );
    expect(cli.status, cli.stderr).toBe(0);
    const printed = Object.fromEntries(
      cli.stdout
        .trim()
        .split("\n")
        .map((l) => l.split("=")),
    );
    expect(printed.job).toBeTruthy();
    const runId = printed.supervision_run;
    // queued, not run: the CLI left the work to the workers
    expect(await db.prisma.supervisionAction.count()).toBe(0);
    engine = await startJobEngine(db, {
      jobs: Object.fromEntries(TEACH_JOBS.map((j) => [j.id, j])),
      context: { config: config(), trigger: "test" },
      pollingIntervalSeconds: 0.5,
    });
    await engine.work();
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline && (await db.prisma.supervisionRun.findUniqueOrThrow({ where: { id: runId } })).status !== "succeeded")
      await sleep(200);
    const prefixes = await db.prisma.supervisionPrefix.findMany({ where: { runId }, include: { actions: true } });
    expect(prefixes.length).toBeGreaterThan(0);
    expect(prefixes.every((p) => p.status === "done" && p.actions.length === 2)).toBe(true);
  }, 600_000);
});
