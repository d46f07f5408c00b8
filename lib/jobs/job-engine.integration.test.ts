// The job engine on both databases: a job that dies mid-run resumes without duplicates, a
// singleton never runs twice at once even with two workers, cancel stops a running job, and a
// failing job retries and then records its error on the JobRun row the pages read.
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { z } from "zod";
import { assignInstances } from "@/lib/annotate/assign-instances";
import { parseConfig } from "@/lib/config";
import type { Database } from "@/lib/db/connection";
import { openDatabase } from "@/lib/db/connection";
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabaseKind } from "@/lib/db/testing/test-database";
import { seedSyntheticCorpus } from "@/lib/demo/seed-synthetic-corpus";
import { defineJob } from "./job-definition";
import { startJobEngine, type JobEngine } from "./job-engine";
import { readJobRun, type JobRunView } from "./job-run-record";
import { loadScreenGate } from "@/lib/screen/screen-gate";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(db: Database, id: string, done: (run: JobRunView) => boolean): Promise<JobRunView> {
  for (;;) {
    const run = await readJobRun(db.prisma, id);
    if (run && done(run)) return run;
    await sleep(100);
  }
}

const finished = (run: JobRunView) => ["completed", "failed", "cancelled"].includes(run.state);

/** a second connection to the same database: another worker (PostgreSQL), or the same PGlite */
async function secondWorkerDb(db: Database): Promise<{ db: Database; close(): Promise<void> }> {
  if (db.target.kind === "embedded") return { db, close: async () => {} };
  const other = await openDatabase(db.target);
  return { db: other, close: () => other.close() };
}

describe.each(TEST_DATABASE_KINDS)("job engine on %s", (kind: TestDatabaseKind) => {
  let db: Database;
  const engines: JobEngine[] = [];
  const closers: (() => Promise<void>)[] = [];
  beforeEach(async () => {
    db = await openTestDatabase(kind);
  });
  afterEach(async () => {
    for (const e of engines.splice(0)) await e.stop();
    for (const c of closers.splice(0)) await c();
    await db?.close();
  });

  const config = parseConfig({});
  const start = async (on: Database, jobs: Parameters<typeof startJobEngine>[1]["jobs"]) => {
    const engine = await startJobEngine(on, {
      jobs,
      context: { config, trigger: "test" },
      pollingIntervalSeconds: 0.5,
      cancelPollSeconds: 0.2,
    });
    engines.push(engine);
    await engine.work();
    return engine;
  };

  test("an assignment that dies after its first batch resumes on the retry without duplicates", async () => {
    await seedSyntheticCorpus(db.prisma, { comments: 120, seed: 7 });
    await db.prisma.instance.updateMany({ data: { stage: "screened" } });
    for (const login of ["ann", "ben", "cat"])
      await db.prisma.user.create({ data: { login, name: login, passwordHash: "x", roles: ["annotator"] } });
    const instances = await db.prisma.instance.count();
    const crashingAssign = defineJob({
      id: "assign-crashing",
      title: "assignment that dies once",
      payloadSchema: z.object({}),
      retryLimit: 2,
      retryDelaySeconds: 1,
      run: async (ctx) =>
        assignInstances(ctx.db.prisma, {
          overlap: 2,
          gate: await loadScreenGate(ctx.db.prisma, { llmConfigured: false }),
          batchSize: 25,
          onProgress: async (p) => {
            await ctx.run?.progress({ done: p.done, total: p.total });
            // the process "dies" after its first batch is committed
            if (ctx.run?.attempt === 1) throw new Error("simulated crash after the first batch");
          },
        }),
    });
    const engine = await start(db, { [crashingAssign.id]: crashingAssign });
    const { id } = await engine.enqueue(crashingAssign.id, {});
    const run = await until(db, id, finished);
    expect(run.state).toBe("completed");
    expect(run.attempts).toBe(2);
    expect(run.log.some((l) => l.message.includes("simulated crash"))).toBe(true);
    const perInstance = await db.prisma.assignment.groupBy({ by: ["instanceId"], _count: { _all: true } });
    expect(perInstance).toHaveLength(instances);
    expect(perInstance.every((g) => g._count._all === 2)).toBe(true);
    const events = await db.prisma.auditEvent.groupBy({ by: ["subjectId"], where: { action: "instance.assign" }, _count: { _all: true } });
    expect(events).toHaveLength(instances);
    expect(events.every((g) => g._count._all === 1)).toBe(true);
    expect(await db.prisma.instance.count({ where: { stage: "annotating" } })).toBe(instances);
  });

  test("two workers never run a singleton job twice at once; a second request joins the queued one", async () => {
    let running = 0;
    let peak = 0;
    let runs = 0;
    const slow = defineJob({
      id: "slow-singleton",
      title: "slow singleton",
      payloadSchema: z.object({ n: z.number() }),
      singletonKey: () => "",
      run: async () => {
        running++;
        runs++;
        peak = Math.max(peak, running);
        await sleep(600);
        running--;
        return { ok: true };
      },
    });
    const other = await secondWorkerDb(db);
    closers.push(other.close);
    const a = await start(db, { [slow.id]: slow });
    await start(other.db, { [slow.id]: slow });
    const first = await a.enqueue(slow.id, { n: 1 });
    const again = await a.enqueue(slow.id, { n: 2 });
    expect(again).toEqual({ id: first.id, existing: true });
    await until(db, first.id, finished);
    const next = await a.enqueue(slow.id, { n: 3 });
    expect(next.existing).toBe(false);
    expect((await until(db, next.id, finished)).state).toBe("completed");
    expect(runs).toBe(2);
    expect(peak).toBe(1);
  });

  test("cancel stops a running job at its next progress report", async () => {
    const endless = defineJob({
      id: "endless",
      title: "endless",
      payloadSchema: z.object({}),
      run: async (ctx) => {
        for (let done = 0; ; done++) {
          await ctx.run?.progress({ done, total: null });
          await sleep(50);
        }
      },
    });
    const engine = await start(db, { [endless.id]: endless });
    const { id } = await engine.enqueue(endless.id, {});
    await until(db, id, (r) => r.state === "running" && r.done > 3);
    expect(await engine.cancel(id)).toBe(true);
    const run = await until(db, id, finished);
    expect(run.state).toBe("cancelled");
    const stoppedAt = run.done;
    await sleep(300);
    expect((await readJobRun(db.prisma, id))?.done).toBe(stoppedAt);
  });

  test("a failing job retries, then records its error where the user sees it", async () => {
    let attempts = 0;
    const failing = defineJob({
      id: "failing",
      title: "failing",
      payloadSchema: z.object({}),
      retryLimit: 1,
      retryDelaySeconds: 1,
      run: async () => {
        attempts++;
        throw new Error(`upstream answered 500 (attempt ${attempts})`);
      },
    });
    const engine = await start(db, { [failing.id]: failing });
    const { id } = await engine.enqueue(failing.id, {});
    const run = await until(db, id, finished);
    expect(run.state).toBe("failed");
    expect(run.attempts).toBe(2);
    expect(run.error).toBe("upstream answered 500 (attempt 2)");
    expect(run.log.map((l) => l.message)).toEqual([
      "Attempt 1 failed: upstream answered 500 (attempt 1) (will retry)",
      "Attempt 2 failed: upstream answered 500 (attempt 2)",
    ]);
  });

  test("refuses an unknown job and an invalid payload with messages a user can act on", async () => {
    const noop = defineJob({ id: "noop", title: "noop", payloadSchema: z.object({ n: z.number() }), run: async () => null });
    const engine = await start(db, { [noop.id]: noop });
    await expect(engine.enqueue("nope", {})).rejects.toThrow(/No job named "nope". Known jobs: noop/);
    await expect(engine.enqueue("noop", { n: "x" })).rejects.toThrow(/n: /);
  });

  test("a job queued with another payload version is refused with the reason, not run; the current version runs", async () => {
    const seen: unknown[] = [];
    const versioned = defineJob({
      id: "versioned",
      title: "versioned job",
      payloadSchema: z.object({ n: z.number() }),
      payloadVersion: 2,
      run: async (_ctx, payload) => {
        seen.push(payload);
        return payload.n;
      },
    });
    const engine = await start(db, { [versioned.id]: versioned });
    // queued by an older app (version 1), straight into the queue
    const old = await engine.boss.send("versioned", { n: 1, payloadVersion: 1 });
    if (!old) throw new Error("not queued");
    const refused = await until(db, old, finished);
    expect(refused.state).toBe("failed");
    expect(refused.error).toMatch(/queued with payload version 1, and this worker reads version 2 .*queue it again/);
    const current = await engine.enqueue("versioned", { n: 5 });
    expect((await until(db, current.id, finished)).state).toBe("completed");
    // the handler saw only the current job, and its payload without the version
    expect(seen).toEqual([{ n: 5 }]);
  });
});
