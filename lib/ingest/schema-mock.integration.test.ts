// The crawler against GitHub's published GraphQL schema answered at random (testing/schema-mock), not the
// project's own fake: every PR it is shown is stored or named (a hole or an error with its reason), every
// document it sends is valid for the schema, and follow-up queries that keep failing cost only their PRs.
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { openTestDatabase } from "@/lib/db/testing/test-database";
import { listCrawlErrors } from "./crawl-views";
import { runIngest } from "./run-ingest";
import { seededWorld, type SeededWorld } from "./testing/fake-github/seeded-worlds";
import { fullNameOf, type FakeWorld } from "./testing/fake-github/world-types";
import { FAST_PACING, forgetCrawls, newMirrorsDir, TEST_TOKEN } from "./testing/run-against-fake";
import { type SchemaMockGitHub, startSchemaMockGitHub } from "./testing/schema-mock/schema-mock-github";

describe("the crawler against a schema-driven mock of GitHub's GraphQL API (#30)", () => {
  let db: Database;
  let world: FakeWorld;
  let seeded: SeededWorld | undefined;
  let mirrors: string;
  let mock: SchemaMockGitHub | undefined;

  beforeAll(async () => {
    db = await openTestDatabase("embedded");
    seeded = await seededWorld({
      seed: 31,
      repositories: [{ owner: "mock", name: "service", pullRequests: 30, rank: 1 }],
      fillerRepositories: 0,
    });
    world = seeded.world;
  });
  afterAll(async () => {
    await mock?.close();
    await db?.close();
    seeded?.remove();
    if (mirrors) rmSync(mirrors, { recursive: true, force: true });
  });

  const harvest = (m: SchemaMockGitHub) =>
    runIngest({
      db,
      config: { GITHUB_API_URL: m.url, GITHUB_TOKEN: TEST_TOKEN, MIRRORS_DIR: mirrors },
      trigger: "test",
      gitUrlFor: (fullName) => world.repositories.find((r) => fullNameOf(r) === fullName)?.gitDir ?? "",
      github: FAST_PACING,
      request: { repositories: ["mock/service"], pageSize: 10 },
    });

  for (const seed of [1, 2])
    test(`seed ${seed}: every listed PR is stored or named with its reason; follow-ups failing after the first cost their PRs only`, async () => {
      await forgetCrawls(db);
      mirrors = newMirrorsDir();
      mock = await startSchemaMockGitHub({
        seed,
        world,
        token: TEST_TOKEN,
        moreRate: 0.15,
        // every follow-up query after the first answers 502
        faults: [{ on: "graphql", operation: "HarvestFollowUps", nth: 2, times: 10_000, respond: "bad-gateway" }],
      });
      const summary = await harvest(mock);
      expect(["succeeded", "partial"], summary.error ?? "").toContain(summary.status);
      expect(mock.exchanges.flatMap((e) => e.invalidQuery ?? [])).toEqual([]);

      const numbers = world.repositories[0].pullRequests.map((p) => p.number);
      const accounted = async (runId: string, holeList: typeof summary.holes) => {
        const stored = new Set((await db.prisma.pullRequest.findMany({ select: { number: true } })).map((p) => p.number));
        const holes = new Map(holeList.map((h) => [h.prNumber, h.reason]));
        const errors = await listCrawlErrors(db.prisma, { runId, limit: 10_000 });
        expect(
          numbers.filter((n) => !stored.has(n) && !holes.has(n)),
          "PRs neither stored nor a hole",
        ).toEqual([]);
        // a PR left out is named in the run's errors too
        for (const n of holes.keys()) expect(errors.some((e) => e.item === `pull request #${n}`)).toBe(true);
        return { stored, holes };
      };
      const first = await accounted(summary.runId, summary.holes);
      expect(summary.prsStored).toBe(first.stored.size);
      // the follow-ups that failed name their connection, page size and GitHub's answer
      const failedFollowUps = [...first.holes.values()].filter((r) =>
        /^could not page \w+ \(follow-up query HarvestFollowUps, \d+ a page\): 502/.test(r),
      );
      expect(failedFollowUps.length).toBeGreaterThan(0);

      // GitHub recovers: the next run retries the holes; everything is still stored or named
      await mock.close();
      mock = await startSchemaMockGitHub({ seed: seed + 100, world, token: TEST_TOKEN, moreRate: 0.15 });
      const second = await harvest(mock);
      expect(["succeeded", "partial"], second.error ?? "").toContain(second.status);
      const after = await accounted(second.runId, second.holes);
      expect([...after.holes.values()].filter((r) => /502/.test(r))).toEqual([]);
      expect(after.stored.size).toBeGreaterThan(first.stored.size);
      await mock.close();
      mock = undefined;
      rmSync(mirrors, { recursive: true, force: true });
    });
});
