import { failFollowUpPages } from "./testing/fake-github/graphql-quirks";
import { rmSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { openTestDatabase } from "@/lib/db/testing/test-database";
import { NESTED_FIRST } from "./harvest-queries";
import { nulledNodeFloor, reopenHoles, watermarkAfterPass } from "./crawl-holes";
import { listCrawlErrors, listCrawlRuns } from "./crawl-views";
import { renderSummary } from "./progress-display";
import type { WorldSpec } from "./testing/fake-github/generate-world";
import { startSeededGitHub, type SeededGitHub } from "./testing/fake-github/seeded-worlds";
import { addIssueComment } from "./testing/fake-github/mutate-world";
import { fullNameOf, type FakePullRequest } from "./testing/fake-github/world-types";
import { forgetCrawls, newMirrorsDir, runAgainstFake, TEST_TOKEN } from "./testing/run-against-fake";

const d = (iso: string) => new Date(iso);

describe("the watermark a pass may set", () => {
  test("without holes it moves to the newest PR seen", () => {
    expect(watermarkAfterPass(d("2025-05-01"), d("2025-04-01"), [])).toEqual(d("2025-05-01"));
    expect(watermarkAfterPass(null, d("2025-04-01"), [])).toEqual(d("2025-04-01"));
  });
  test("an open hole holds it at the hole's floor, never past it", () => {
    expect(watermarkAfterPass(d("2025-05-01"), d("2025-04-01"), [d("2025-04-20"), d("2025-04-10")])).toEqual(d("2025-04-10"));
    // a floor above everything seen does not move it beyond what was seen
    expect(watermarkAfterPass(d("2025-05-01"), null, [d("2025-06-01")])).toEqual(d("2025-05-01"));
  });
  test("a hole nothing bounds keeps the previous watermark (a first pass keeps none: the next lists everything)", () => {
    expect(watermarkAfterPass(d("2025-05-01"), d("2025-04-01"), [d("2025-04-20"), null])).toEqual(d("2025-04-01"));
    expect(watermarkAfterPass(d("2025-05-01"), null, [null])).toBeNull();
  });
  test("a nulled node is bounded below by the next readable node of its page (newest updated first)", () => {
    const page = [d("2025-05-03"), null, null, d("2025-05-01"), d("2025-04-30")];
    expect(nulledNodeFloor(page, 1)).toEqual(d("2025-05-01"));
    expect(nulledNodeFloor(page, 2)).toEqual(d("2025-05-01"));
    expect(nulledNodeFloor([d("2025-05-03"), null], 1)).toBeNull();
  });
});

const WORLD: WorldSpec = {
  seed: 913,
  repositories: [
    { owner: "flaky", name: "service", pullRequests: 24, rank: 1 },
    { owner: "steady", name: "library", pullRequests: 22, rank: 2 },
  ],
  fillerRepositories: 4,
};
const REQUEST = { criteria: { language: "Python", top: 50, minPrs: 20 }, pageSize: 6 };

describe("holes: pull requests a run could not store are retried by later runs, and the run says partial (#13 case 2)", () => {
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

  async function start(alter?: NonNullable<Parameters<typeof startSeededGitHub>[1]>["alterGraphqlData"]) {
    github = await startSeededGitHub(WORLD, { token: TEST_TOKEN, alterGraphqlData: alter });
    mirrors = newMirrorsDir();
    return github;
  }
  const run = () => runAgainstFake(github as SeededGitHub, db, mirrors as string, { request: REQUEST });
  const flakyPr = (g: SeededGitHub, i: number): FakePullRequest => {
    const pr = g.world.repositories.find((r) => fullNameOf(r) === "flaky/service")?.pullRequests[i];
    if (!pr) throw new Error(`no flaky/service PR at ${i}`);
    return pr;
  };
  const stored = (number: number) =>
    db.prisma.pullRequest.findFirst({ where: { number, repository: { fullName: "flaky/service" } }, include: { timeline: true } });
  const watermark = async () => (await db.prisma.repository.findUniqueOrThrow({ where: { fullName: "flaky/service" } })).prWatermark;
  const expectedPrs = (g: SeededGitHub) => g.world.repositories.reduce((n, r) => n + r.pullRequests.length, 0);

  test("a PR whose follow-up pages fail: partial, the watermark stays at it, and the next run stores it and succeeds", async () => {
    let broken = true;
    const g = await start((data, variables) => (broken ? failFollowUpPages(data, variables) : undefined));
    // more comments than the page query's first page: its comments need a follow-up page
    const pr = flakyPr(g, 4);
    for (let i = 0; i < NESTED_FIRST.comments + 5; i++) addIssueComment(g.world, "flaky/service", pr.number, `note ${i}`, pr.updatedAt);

    const first = await run();
    expect(first.status).toBe("partial");
    expect(first.error).toMatch(
      new RegExp(
        `^1 item not harvested \\(see the run's errors\\); 1 pull request missing \\(flaky/service PR #${pr.number}\\): 1 retried by the next runs, 0 given up$`,
      ),
    );
    expect(first.holes).toMatchObject([
      {
        repository: "flaky/service",
        key: `#${pr.number}`,
        attempts: 1,
        permanent: false,
        reason: expect.stringMatching(/could not page comments: Something went wrong/),
      },
    ]);
    expect(await stored(pr.number)).toBeNull();
    expect((await watermark())?.getTime()).toBeLessThanOrEqual(Date.parse(pr.updatedAt));
    expect(renderSummary(first)).toContain(`flaky/service PR #${pr.number}: could not page comments`);
    const [runRow] = await listCrawlRuns(db.prisma);
    expect(runRow.status).toBe("partial");

    broken = false;
    const second = await run();
    expect(second.status).toBe("succeeded");
    expect(second.holes).toEqual([]);
    expect(second.repositories.find((r) => r.fullName === "flaky/service")).toMatchObject({ outcome: "harvested", prsStored: 1 });
    const now = await stored(pr.number);
    expect(now?.timeline.filter((t) => t.kind === "pr_comment")).toHaveLength(pr.comments.length);
    expect(await db.prisma.pullRequest.count()).toBe(expectedPrs(g));
    expect(await db.prisma.crawlHole.findFirstOrThrow()).toMatchObject({ attempts: 1, resolvedAt: expect.any(Date) });
    // with the hole closed, the watermark moves on and the next run costs one conditional request per repository
    expect((await watermark())?.getTime()).toBe(Math.max(...g.world.repositories[0].pullRequests.map((p) => Date.parse(p.updatedAt))));
    const third = await run();
    expect(third.status).toBe("succeeded");
    expect(third.repositories.map((r) => r.outcome)).toEqual(["unchanged", "unchanged"]);
  });

  test("follow-ups GitHub keeps failing (502) cost their own PRs only: the rest of the page and the repository are stored, the holes named", async () => {
    const g = await start();
    // three PRs need follow-up pages of comments; GitHub answers 502 to every follow-up asking for two of them
    const [bad1, bad2, good] = [flakyPr(g, 2), flakyPr(g, 4), flakyPr(g, 7)];
    for (const [pr, extra] of [
      [bad1, 200],
      [bad2, 200],
      [good, NESTED_FIRST.comments + 5],
    ] as const)
      for (let i = 0; i < extra; i++) addIssueComment(g.world, "flaky/service", pr.number, `note ${i}`, pr.updatedAt);
    const failing = new Set([bad1.id, bad2.id]);
    g.faults.add({
      on: "graphql",
      operation: "HarvestFollowUps",
      variables: (v) => Object.values(v).some((x) => failing.has(String(x))),
      nth: 1,
      times: 1_000,
      respond: "bad-gateway",
    });

    const first = await run();
    expect(first.status).toBe("partial");
    expect(first.repositories.find((r) => r.fullName === "flaky/service")).toMatchObject({
      outcome: "harvested",
      prsStored: 22,
      prsSkipped: 2,
    });
    expect(await db.prisma.pullRequest.count()).toBe(expectedPrs(g) - 2);
    expect((await stored(good.number))?.timeline.filter((t) => t.kind === "pr_comment")).toHaveLength(good.comments.length);
    expect(await stored(bad1.number)).toBeNull();
    expect(first.holes.map((h) => h.key).sort()).toEqual([`#${bad1.number}`, `#${bad2.number}`].sort());
    for (const h of first.holes)
      expect(h.reason).toMatch(/^could not page comments \(follow-up query HarvestFollowUps, 25 a page\): .*502|Server Error/);
    const errors = await listCrawlErrors(db.prisma, { runId: first.runId });
    expect(errors.map((e) => e.item)).toEqual(expect.arrayContaining([`pull request #${bad1.number}`, `pull request #${bad2.number}`]));
    // GitHub's advice for a heavy query that fails: ask again smaller; the last tries asked 25 at a time, alone
    const lastTry = g.exchanges.filter((e) => e.operationName === "HarvestFollowUps" && e.fault === "bad-gateway").at(-1);
    expect(Object.keys(lastTry?.variables ?? {})).toEqual(["id0", "after0"]);
    expect(lastTry?.query).toMatch(/comments\(first: 25, after: \$after0\)/);

    // GitHub recovers: the next run stores the two and closes their holes
    failing.clear();
    const second = await run();
    expect(second.status).toBe("succeeded");
    expect(second.holes).toEqual([]);
    expect(await db.prisma.pullRequest.count()).toBe(expectedPrs(g));
  });

  test("a missing PR that GitHub stops listing altogether is given up after the last attempt, freeing the watermark", async () => {
    const g = await start(failFollowUpPages);
    const pr = flakyPr(g, 4);
    for (let i = 0; i < NESTED_FIRST.comments + 5; i++) addIssueComment(g.world, "flaky/service", pr.number, `note ${i}`, pr.updatedAt);
    expect((await run()).holes).toMatchObject([{ key: `#${pr.number}`, attempts: 1, permanent: false }]);
    // the PR disappears from GitHub's lists (deleted by GitHub staff, say): later passes no longer meet it
    const flaky = g.world.repositories.find((r) => fullNameOf(r) === "flaky/service");
    flaky?.pullRequests.splice(flaky.pullRequests.indexOf(pr), 1);
    const second = await run();
    expect(second.status).toBe("partial");
    expect(second.holes).toMatchObject([
      { key: `#${pr.number}`, attempts: 2, permanent: false, reason: expect.stringMatching(/then no longer listed by GitHub$/) },
    ]);
    // given up, and still named: every later run of the repository says partial until a person accepts the loss (#44)
    const third = await run();
    expect(third.status).toBe("partial");
    expect(third.error).toMatch(
      new RegExp(`1 pull request missing \\(flaky/service PR #${pr.number}\\): 0 retried by the next runs, 1 given up`),
    );
    expect(third.holes).toMatchObject([
      {
        key: `#${pr.number}`,
        attempts: 3,
        permanent: true,
        reason: expect.stringMatching(/no longer listed by GitHub \(failed 3 passes; given up\)$/),
      },
    ]);
    expect((await watermark())?.getTime()).toBe(Math.max(...(flaky?.pullRequests ?? []).map((p) => Date.parse(p.updatedAt))));
    // nothing left to retry: the next run is the cheap "unchanged" check, and partial while the PR is missing
    const fourth = await run();
    expect(fourth.repositories.find((r) => r.fullName === "flaky/service")?.outcome).toBe("unchanged");
    expect(fourth.status).toBe("partial");
    // "Retry": given-up PRs are put back in line, and the next pass lists and retries them
    expect(await reopenHoles(db.prisma, "flaky/service")).toBe(1);
    const fifth = await run();
    expect(fifth.holes).toMatchObject([
      { key: `#${pr.number}`, attempts: 1, permanent: false, reason: expect.stringMatching(/\(reopened\)/) },
    ]);
    expect(await reopenHoles(db.prisma, "flaky/service")).toBe(0);
  });

  test("a PR whose title cannot be stored is given up at once; edited on GitHub, the next run stores it and closes the hole", async () => {
    const g = await start();
    const pr = flakyPr(g, 7);
    const title = pr.title;
    pr.title = `${title}\u0000`;
    const first = await run();
    expect(first.status).toBe("partial");
    expect(first.holes).toMatchObject([
      { key: `#${pr.number}`, permanent: true, attempts: 1, reason: expect.stringMatching(/NUL character/) },
    ]);
    // given up, so it does not hold the watermark: nothing to retry until GitHub changes it
    expect((await watermark())?.getTime()).toBe(Math.max(...g.world.repositories[0].pullRequests.map((p) => Date.parse(p.updatedAt))));

    pr.title = title;
    // edited now: the newest update of the repository
    pr.updatedAt = new Date(
      Math.max(...g.world.repositories[0].pullRequests.map((p) => Date.parse(p.updatedAt))) + 86_400_000,
    ).toISOString();
    const second = await run();
    expect(second.status).toBe("succeeded");
    expect(second.holes).toEqual([]);
    expect((await stored(pr.number))?.title).toBe(title);
  });
});
