import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase, type Database } from "@/lib/db/connection";
import { migrate } from "@/lib/db/migrate";
import { createPostgresTestDatabase } from "@/lib/db/testing/test-database";
import type { IngestSummary } from "./run-ingest";
import { SHARED_WORK_WORLD, startSeededGitHub, type SeededGitHub } from "./testing/fake-github/seeded-worlds";
import { fullNameOf } from "./testing/fake-github/world-types";
import { newMirrorsDir, runAgainstFake, TEST_TOKEN } from "./testing/run-against-fake";
import { lockSessionsLeft } from "@/lib/db/testing/lock-sessions";

const REQUEST = { criteria: { language: "Python", top: 50, minPrs: 15 }, pageSize: 5, concurrency: 1 };

describe("two workers sharing one PostgreSQL database", () => {
  let github: SeededGitHub;
  let created: { url: string; drop(): Promise<void> };
  let workers: Database[];
  let mirrors: string[];
  let runs: IngestSummary[];

  beforeAll(async () => {
    github = await startSeededGitHub(SHARED_WORK_WORLD, { token: TEST_TOKEN, latencyMs: 5 });
    created = await createPostgresTestDatabase();
    workers = [await openDatabase({ kind: "postgresql", url: created.url }), await openDatabase({ kind: "postgresql", url: created.url })];
    await migrate(workers[0]);
    // separate mirror folders, as on two machines
    mirrors = [newMirrorsDir(), newMirrorsDir()];
    runs = await Promise.all(workers.map((db, i) => runAgainstFake(github, db, mirrors[i], { request: REQUEST, trigger: `worker-${i}` })));
  });
  afterAll(async () => {
    for (const db of workers ?? []) await db.close();
    await created?.drop();
    await github?.stop();
    for (const m of mirrors ?? []) rmSync(m, { recursive: true, force: true });
  });

  test("both runs succeed and every selected repository is harvested by exactly one of them", () => {
    // the world's three malformed items are skipped, named, by whichever run met them: that run says partial
    expect(runs.map((r) => r.status)).toEqual(runs.map((r) => (r.errors > 0 ? "partial" : "succeeded")));
    expect(runs[0].errors + runs[1].errors).toBe(3);
    const harvestedBy = runs.map((r) => r.repositories.filter((o) => o.outcome === "harvested").map((o) => o.fullName));
    expect([...harvestedBy[0], ...harvestedBy[1]].sort()).toEqual(["team-a/parser", "team-b/plotting", "team-c/io-tools"]);
    expect(harvestedBy[0].filter((f) => harvestedBy[1].includes(f))).toEqual([]);
    // with three repositories and two workers, each did some of the work
    expect(harvestedBy.every((h) => h.length > 0)).toBe(true);
  });

  test("selection ran once, and no page of PRs was requested twice", () => {
    const searches = github.exchanges.filter((e) => e.path === "/search/repositories");
    expect(searches).toHaveLength(1);
    expect(runs.filter((r) => r.selection?.reused)).toHaveLength(1);
    const pages = github.exchanges
      .filter((e) => e.operationName === "HarvestPullRequests")
      .map((e) => JSON.stringify([e.variables?.owner, e.variables?.name, e.variables?.after]));
    expect(new Set(pages).size).toBe(pages.length);
  });

  test("the shared database holds every PR once", async () => {
    const db = workers[0];
    for (const repo of github.world.repositories.filter((r) => r.pullRequests.length)) {
      const expected = repo.pullRequests
        .filter((p) => p.createdAt !== "not-a-date")
        .map((p) => p.number)
        .sort((a, b) => a - b);
      const stored = await db.prisma.pullRequest.findMany({
        where: { repository: { fullName: fullNameOf(repo) } },
        select: { number: true },
        orderBy: { number: "asc" },
      });
      expect(stored.map((s) => s.number)).toEqual(expected);
    }
    // both runs let go of every lock they took
    expect(await lockSessionsLeft(db)).toEqual([]);
    const runRows = await db.prisma.crawlRun.findMany({ orderBy: { trigger: "asc" } });
    expect(runRows.map((r) => [r.trigger, r.status])).toEqual(runs.map((r, i) => [`worker-${i}`, r.errors > 0 ? "partial" : "succeeded"]));
  });
});
