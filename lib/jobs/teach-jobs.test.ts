// Supervision through the job queue, on both databases: one job per prefix taken by the worker, a
// user's cancel stopping the run with its unfinished prefixes kept for a resume, the resume queueing
// only those, and the run then complete with every branch once.
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
    await engine.work({ concurrency: 1 });
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
