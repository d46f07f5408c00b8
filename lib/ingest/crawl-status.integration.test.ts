// A crawl's status and reasons say what happened (#44), against GitHub's published GraphQL schema
// (testing/schema-mock) with faults, on both databases: every repository failing is failed (exit 1), and a
// 200 whose body was cut off is named as such, never as the 502 our own error's HTTP mapping carries.
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { openTestDatabase, TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { exitCodeFor } from "./progress-display";
import { runIngest } from "./run-ingest";
import type { FaultRule } from "./testing/fake-github/fault-plan";
import { seededWorld, type SeededWorld } from "./testing/fake-github/seeded-worlds";
import { fullNameOf, type FakeWorld } from "./testing/fake-github/world-types";
import { FAST_PACING, forgetCrawls, newMirrorsDir, TEST_TOKEN } from "./testing/run-against-fake";
import { type SchemaMockGitHub, startSchemaMockGitHub } from "./testing/schema-mock/schema-mock-github";

describe.each(TEST_DATABASE_KINDS)("a crawl's status and reasons say what happened (%s)", (kind) => {
  let db: Database;
  let world: FakeWorld;
  let seeded: SeededWorld | undefined;

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    seeded = await seededWorld({
      seed: 45,
      repositories: [
        { owner: "mock", name: "first", pullRequests: 6, rank: 1 },
        { owner: "mock", name: "second", pullRequests: 6, rank: 2 },
      ],
      fillerRepositories: 0,
    });
    world = seeded.world;
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    seeded?.remove();
  });

  async function harvest(
    faults: FaultRule[],
    moreRate: number,
    onProgress?: Parameters<typeof runIngest>[0]["onProgress"],
    before?: () => Promise<void>,
  ) {
    await forgetCrawls(db);
    await before?.();
    const mirrors = newMirrorsDir();
    const mock: SchemaMockGitHub = await startSchemaMockGitHub({ seed: 3, world, token: TEST_TOKEN, nullRate: 0, moreRate, faults });
    try {
      const summary = await runIngest({
        db,
        config: { GITHUB_API_URL: mock.url, GITHUB_TOKEN: TEST_TOKEN, MIRRORS_DIR: mirrors },
        trigger: "test",
        gitUrlFor: (fullName) => world.repositories.find((r) => fullNameOf(r) === fullName)?.gitDir ?? "",
        github: FAST_PACING,
        request: { repositories: ["mock/first", "mock/second"], pageSize: 4, concurrency: 1 },
        onProgress,
      });
      return { summary, mock };
    } finally {
      await mock.close();
      rmSync(mirrors, { recursive: true, force: true });
    }
  }

  test("every repository failing (the PR list answers 502 on every try) is failed, exit 1, each repository named", async () => {
    const { summary } = await harvest(
      [{ on: "graphql", operation: "HarvestPullRequests", nth: 1, times: 100_000, respond: "bad-gateway" }],
      0,
    );
    expect(summary.repositories.map((r) => r.outcome)).toEqual(["failed", "failed"]);
    expect(summary.status).toBe("failed");
    expect(exitCodeFor(summary.status)).toBe(1);
    expect(summary.error).toMatch(/^every repository failed: /);
    for (const name of ["mock/first", "mock/second"]) expect(summary.error).toContain(`${name}: 502 Server Error`);
    expect((await db.prisma.crawlRun.findUniqueOrThrow({ where: { id: summary.runId } })).status).toBe("failed");
  }, 120_000);

  test("a follow-up answered with a 200 whose body is cut off is named for that, not as a 502", async () => {
    const { summary } = await harvest(
      [{ on: "graphql", operation: "HarvestFollowUps", nth: 1, times: 100_000, respond: "truncated-body" }],
      0.3,
    );
    const followUps = summary.holes.filter((h) => /follow-up query HarvestFollowUps/.test(h.reason));
    expect(followUps.length).toBeGreaterThan(0);
    for (const h of followUps) {
      expect(h.reason).toMatch(/a 200 whose body was cut off \(truncated JSON\)/);
      expect(h.reason).not.toMatch(/\b502\b/);
    }
    expect(summary.status).toBe("partial");
  }, 180_000);

  test("the run's row counts each page as its checkpoint is written, so a run killed after it says what it did", async () => {
    // read while the run goes on, right after each page's checkpoint (the heartbeat alone writes every 15 s)
    const rows: Promise<{ prsHarvested: number; requests: number; stored: number }>[] = [];
    const { summary } = await harvest([], 0, (p) => {
      if (p.type !== "repository" || p.status !== "page") return;
      rows.push(
        (async () => {
          const [run, stored] = await Promise.all([
            db.prisma.crawlRun.findFirstOrThrow({ where: { status: "running" } }),
            db.prisma.pullRequest.count(),
          ]);
          return { prsHarvested: run.prsHarvested, requests: run.requests, stored };
        })(),
      );
    });
    const seen = await Promise.all(rows);
    expect(seen.length).toBeGreaterThanOrEqual(4);
    for (const r of seen) {
      expect(r.requests).toBeGreaterThan(0);
      expect(r.prsHarvested).toBeGreaterThan(0);
      expect(r.prsHarvested).toBeLessThanOrEqual(r.stored);
    }
    expect(seen[0].prsHarvested).toBeGreaterThanOrEqual(4);
    expect(summary.prsStored).toBe(12);
  }, 120_000);

  test("what a killed run skipped is in the status of the run that completes the crawl", async () => {
    const { summary } = await harvest([], 0, undefined, async () => {
      // a run killed after naming a skipped item (closed as interrupted by the next run)
      await db.prisma.crawlRun.create({
        data: {
          trigger: "cli",
          status: "interrupted",
          startedAt: new Date(Date.now() - 60_000),
          errors: {
            create: { repository: "mock/first", item: "pull request #999", message: "malformed item skipped: a comment without an id" },
          },
        },
      });
    });
    expect(summary.status).toBe("partial");
    expect(summary.error).toMatch(/(^|; )1 item skipped by interrupted runs before this one \(see their errors\)/);
  }, 120_000);
});
