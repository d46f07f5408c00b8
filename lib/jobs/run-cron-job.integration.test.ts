import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { parseConfig } from "@/lib/config";
import type { Database } from "@/lib/db/connection";
import { openTestDatabase } from "@/lib/db/testing/test-database";
import { SHARED_WORK_WORLD, startSeededGitHub, type SeededGitHub } from "@/lib/ingest/testing/fake-github/seeded-worlds";
import { FAST_PACING, newMirrorsDir, TEST_TOKEN } from "@/lib/ingest/testing/run-against-fake";
import { startJobEngine, type JobEngine } from "./job-engine";
import { readJobRun } from "./job-run-record";
import { JOBS } from "./registry";
import { runCronJob } from "./run-cron-job";

const SECRET = "a-cron-secret-of-32-characters!!";

describe("cron route work", () => {
  let db: Database;
  let engine: JobEngine;
  let github: SeededGitHub;
  // the fake GitHub only answers, so the tests share it; each test gets an empty database
  beforeAll(async () => {
    github = await startSeededGitHub(SHARED_WORK_WORLD, { token: TEST_TOKEN });
  });
  afterAll(async () => github?.stop());
  const config = () =>
    parseConfig({ CRON_SECRET: SECRET, GITHUB_TOKEN: TEST_TOKEN, GITHUB_API_URL: github.url, MIRRORS_DIR: newMirrorsDir() });
  beforeEach(async () => {
    db = await openTestDatabase("embedded");
    engine = await startJobEngine(db, {
      jobs: JOBS,
      context: { config: config(), trigger: "cron", gitUrlFor: github.gitUrlFor, github: FAST_PACING },
      pollingIntervalSeconds: 0.5,
    });
  });
  afterEach(async () => {
    await engine?.stop();
    await db?.close();
  });
  const ctx = () => ({ config: config(), enqueue: engine.enqueue });

  test("refuses without the secret, with a wrong one, or when cron is disabled", async () => {
    expect(await runCronJob("ingest", null, {}, ctx())).toMatchObject({ status: 401, body: { code: "unauthorized" } });
    expect((await runCronJob("ingest", "Bearer nope", {}, ctx())).status).toBe(401);
    const disabled = { ...ctx(), config: parseConfig({}) };
    expect(await runCronJob("ingest", `Bearer ${SECRET}`, {}, disabled)).toMatchObject({ status: 503, body: { code: "not_configured" } });
    expect(await db.prisma.jobRun.count()).toBe(0);
  });

  test("names unknown jobs and explains invalid payloads", async () => {
    const unknown = await runCronJob("reindex", `Bearer ${SECRET}`, {}, ctx());
    expect(unknown).toMatchObject({ status: 404, body: { code: "not_found" } });
    expect(JSON.stringify(unknown.body)).toContain("Known jobs: ingest");
    const bad = await runCronJob("ingest", SECRET, { pageSize: 1000 }, ctx());
    expect(bad).toMatchObject({ status: 422, body: { code: "invalid_input" } });
    expect(JSON.stringify(bad.body)).toContain("pageSize");
  });

  test("only queues the crawl; a worker runs it against the local fake GitHub and records the run", async () => {
    const res = await runCronJob(
      "ingest",
      `Bearer ${SECRET}`,
      { criteria: { language: "Python", top: 10, minPrs: 20 }, maxDurationMs: 120_000 },
      ctx(),
    );
    expect(res.status).toBe(202);
    const { id } = res.body as { id: string };
    expect(await db.prisma.crawlRun.count()).toBe(0);
    await engine.work();
    for (;;) {
      const run = await readJobRun(db.prisma, id);
      if (run && ["completed", "failed", "cancelled"].includes(run.state)) {
        expect(run.state, run.error ?? "").toBe("completed");
        break;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    const runs = await db.prisma.crawlRun.findMany();
    expect(runs).toHaveLength(1);
    expect(runs[0].trigger).toBe("cron");
    expect(await db.prisma.pullRequest.count()).toBeGreaterThan(0);
  });
});
