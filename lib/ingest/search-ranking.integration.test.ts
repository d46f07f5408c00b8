import { rmSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { openTestDatabase } from "@/lib/db/testing/test-database";
import { listCrawlErrors } from "./crawl-views";
import { SEARCH_PAGE_ATTEMPTS, searchPageShortfall } from "./search-repositories";
import type { WorldSpec } from "./testing/fake-github/generate-world";
import { startSeededGitHub, type SeededGitHub } from "./testing/fake-github/seeded-worlds";
import { forgetCrawls, newMirrorsDir, runAgainstFake, TEST_TOKEN } from "./testing/run-against-fake";

describe("a search page is whole when it holds what total_count promises at its offset", () => {
  test("full, last and short pages", () => {
    expect(searchPageShortfall({ count: 100, totalCount: 250, incompleteResults: false }, 1)).toBeNull();
    expect(searchPageShortfall({ count: 50, totalCount: 250, incompleteResults: false }, 3)).toBeNull();
    expect(searchPageShortfall({ count: 0, totalCount: 250, incompleteResults: false }, 4)).toBeNull();
    expect(searchPageShortfall({ count: 40, totalCount: 250, incompleteResults: false }, 2)).toBe(
      "40 items where total_count 250 promises 100",
    );
    // GitHub answers at most 1,000 results, whatever total_count says
    expect(searchPageShortfall({ count: 0, totalCount: 5_000, incompleteResults: false }, 11)).toBeNull();
  });
  test("incomplete_results and a missing total_count are never whole", () => {
    expect(searchPageShortfall({ count: 100, totalCount: 250, incompleteResults: true }, 1)).toBe(
      "GitHub said incomplete_results (100 of 100 items)",
    );
    expect(searchPageShortfall({ count: 100, totalCount: null, incompleteResults: false }, 1)).toBe("the answer has no total_count");
  });
});

const WORLD: WorldSpec = {
  seed: 515,
  repositories: [
    { owner: "flaky", name: "service", pullRequests: 24, rank: 1 },
    { owner: "steady", name: "library", pullRequests: 22, rank: 2 },
  ],
  fillerRepositories: 5,
};
const REQUEST = { criteria: { language: "Python", top: 50, minPrs: 20 }, pageSize: 10 };

describe("the stars ranking: an incomplete search is retried, and if it stays incomplete it is not taken for the top N (#13 case 1)", () => {
  let db: Database;
  let github: SeededGitHub | undefined;
  let mirrors: string | undefined;

  beforeAll(async () => {
    db = await openTestDatabase("embedded");
  });
  afterAll(() => db?.close());
  afterEach(async () => {
    await github?.stop();
    if (mirrors) rmSync(mirrors, { recursive: true, force: true });
    await forgetCrawls(db);
  });

  type Quirk = (body: Record<string, unknown>) => void;
  async function start(quirk: { current: Quirk | null }) {
    github = await startSeededGitHub(WORLD, {
      token: TEST_TOKEN,
      alterRestBody: (route, body) => {
        if (route === "/search/repositories") quirk.current?.(body);
      },
    });
    mirrors = newMirrorsDir();
    return github;
  }
  const run = (extra: { selectionMaxAgeHours?: number } = {}) =>
    runAgainstFake(github as SeededGitHub, db, mirrors as string, { request: { ...REQUEST, ...extra } });
  const searches = () => (github as SeededGitHub).exchanges.filter((e) => e.kind === "search").length;
  const halve: Quirk = (body) => {
    body.incomplete_results = true;
    body.items = (body.items as unknown[]).slice(0, Math.floor((body.items as unknown[]).length / 2));
  };

  test("incomplete_results once: the page is asked again and the selection is whole", async () => {
    let left = 1;
    await start({
      get current() {
        return left-- > 0 ? halve : null;
      },
    });
    const summary = await run();
    expect(searches()).toBe(2);
    expect(summary.selection).toMatchObject({ reused: false, selected: 2 });
    expect(summary.selection?.incomplete).toBeUndefined();
    expect(await db.prisma.crawlSelection.count()).toBe(1);
    expect(summary.repositories.map((r) => r.fullName).sort()).toEqual(["flaky/service", "steady/library"]);
  });

  test("a first page cut to nothing: partial with the reason, nothing cached, and the next run selects again and harvests", async () => {
    const quirk: { current: Quirk | null } = {
      current: (body) => {
        body.items = [];
      },
    };
    await start(quirk);
    const first = await run();
    expect(searches()).toBe(SEARCH_PAGE_ATTEMPTS);
    expect(first.status).toBe("partial");
    expect(first.selection).toMatchObject({
      selected: 0,
      incomplete: expect.stringMatching(/page 1: 0 items where total_count \d+ promises \d+ after 3 tries/),
    });
    const errors = await listCrawlErrors(db.prisma, { runId: first.runId });
    expect(errors.map((e) => `${e.item}: ${e.message}`)).toContainEqual(
      expect.stringMatching(
        /^search ranking for language:Python: the search ranking came back incomplete .*the selection is not cached: the next run selects again$/,
      ),
    );
    expect(await db.prisma.crawlSelection.count()).toBe(0);

    quirk.current = null;
    const second = await run();
    expect(second.status).not.toBe("failed");
    expect(second.selection).toMatchObject({ reused: false, selected: 2 });
    expect(second.prsStored).toBe(46);
  });

  test("a ranking that stays incomplete leaves out no repository chosen before: none is marked out of the top N", async () => {
    const quirk: { current: Quirk | null } = { current: null };
    await start(quirk);
    expect((await run()).selection?.selected).toBe(2);
    // the next selection meets a ranking without its first item (flaky/service), every time
    quirk.current = (body) => {
      body.incomplete_results = true;
      body.items = (body.items as unknown[]).slice(1);
    };
    const again = await run({ selectionMaxAgeHours: 0.000001 });
    expect(again.selection?.incomplete).toMatch(/incomplete_results/);
    expect(again.status).toBe("partial");
    const flaky = await db.prisma.repository.findUniqueOrThrow({ where: { fullName: "flaky/service" } });
    expect(flaky).toMatchObject({ selectionStatus: "selected", starRank: 1 });
    expect(again.repositories.map((r) => r.fullName).sort()).toEqual(["flaky/service", "steady/library"]);
  });
});
