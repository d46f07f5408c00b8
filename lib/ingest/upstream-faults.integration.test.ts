import { rmSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { openTestDatabase } from "@/lib/db/testing/test-database";
import { listCrawlErrors, listCrawlRuns } from "./crawl-views";
import type { WorldSpec } from "./testing/fake-github/generate-world";
import { startSeededGitHub, type SeededGitHub } from "./testing/fake-github/seeded-worlds";
import { addIssueComment } from "./testing/fake-github/mutate-world";
import { fullNameOf } from "./testing/fake-github/world-types";
import { forgetCrawls, newMirrorsDir, runAgainstFake, TEST_TOKEN } from "./testing/run-against-fake";

// Two harvestable repositories of three pages each (6 PRs a page) and a few small ones that selection
// rejects: enough for every fault below to land mid-harvest (the latest is the 5th GraphQL request of 7),
// and for a cursor fault to meet a second page. 14 + 13 PRs instead of 24 + 22: each harvest builds
// and reads 40 % fewer git mirrors and patches.
const FAULT_WORLD: WorldSpec = {
  seed: 404,
  repositories: [
    { owner: "flaky", name: "service", pullRequests: 14, rank: 1 },
    { owner: "steady", name: "library", pullRequests: 13, rank: 2 },
  ],
  fillerRepositories: 6,
  fillerPrCount: [0, 9],
};
const REQUEST = { criteria: { language: "Python", top: 50, minPrs: 10 }, pageSize: 6 };

describe("upstream trouble", () => {
  let db: Database;
  let github: SeededGitHub;
  let mirrors: string;

  beforeAll(async () => {
    db = await openTestDatabase("embedded");
  });
  afterAll(() => db?.close());
  /** Stops the fake GitHub and forgets every crawl: the next start() begins from nothing. */
  async function reset() {
    await github?.stop();
    if (mirrors) rmSync(mirrors, { recursive: true, force: true });
    await forgetCrawls(db);
  }
  afterEach(reset);

  async function start(options: Parameters<typeof startSeededGitHub>[1] = {}) {
    github = await startSeededGitHub(FAULT_WORLD, { token: TEST_TOKEN, ...options });
    mirrors = newMirrorsDir();
  }
  // Apart from a request already on its way when the refusal came back (the fake shares the test's event
  // loop, so allow it a few hundred milliseconds), nothing reaches GitHub before Retry-After (1 s) passed.
  const expectQuietAfter = (at: number) => {
    const early = github.exchanges.filter((e) => e.at > at + 400 && e.at < at + 950);
    expect(early.map((e) => `${e.seq} ${e.path} +${e.at - at}ms`)).toEqual([]);
  };
  const expectedPrs = () => github.world.repositories.reduce((n, r) => n + r.pullRequests.length, 0);

  test("502s are retried, secondary limits wait out Retry-After with every request held back, and the harvest completes", async () => {
    await start({
      faults: [
        { on: "search", nth: 1, respond: "too-many-requests", retryAfterSeconds: 1 },
        { on: "graphql", nth: 3, respond: "bad-gateway" },
        { on: "graphql", nth: 5, respond: "secondary-rate-limit", retryAfterSeconds: 1 },
      ],
    });
    const summary = await runAgainstFake(github, db, mirrors, { request: REQUEST });
    expect(summary.status).toBe("succeeded");
    expect(summary.secondaryRateLimits).toBe(2);
    expect(await db.prisma.pullRequest.count()).toBe(expectedPrs());
    const ex = github.exchanges;
    for (const refused of ex.filter((e) => e.fault === "secondary-rate-limit" || e.fault === "too-many-requests"))
      expectQuietAfter(refused.at);
    const badGateway = ex.find((e) => e.fault === "bad-gateway")!;
    expect(ex.find((e) => e.seq === badGateway.seq + 1)).toMatchObject({ kind: "graphql", status: 200 });
    expect(summary.requests).toBe(github.requestCount());
  });

  test("a secondary limit without Retry-After holds every request for the fallback wait (a minute on GitHub), then the harvest completes", async () => {
    await start({ faults: [{ on: "graphql", nth: 3, respond: "secondary-rate-limit", retryAfterSeconds: null }] });
    const summary = await runAgainstFake(github, db, mirrors, {
      request: REQUEST,
      github: { graphqlIntervalMs: 0, searchIntervalMs: 0, retryBaseMs: 10, secondaryFallbackSeconds: 2 },
    });
    expect(summary.status).toBe("succeeded");
    expect(summary.secondaryRateLimits).toBe(1);
    expect(await db.prisma.pullRequest.count()).toBe(expectedPrs());
    const refused = github.exchanges.find((e) => e.fault === "secondary-rate-limit");
    expect(refused).toBeDefined();
    // nothing reached GitHub during the fallback wait (2 s here), though the answer gave no Retry-After
    const during = github.exchanges.filter((e) => refused && e.at > refused.at && e.at < refused.at + 1_900);
    expect(during.map((e) => `${e.seq} ${e.path}`)).toEqual([]);
  });

  test("a secondary limit that keeps coming back stops the run instead of knocking on", async () => {
    await start({ faults: [{ on: "graphql", nth: 2, times: 10, respond: "secondary-rate-limit", retryAfterSeconds: 1 }] });
    const summary = await runAgainstFake(github, db, mirrors, { request: REQUEST });
    expect(summary.status).toBe("interrupted");
    expect(summary.error).toMatch(/secondary rate limits; stopped until/);
    // four refusals in a row (across both workers), each waited out, then silence
    const refused = github.exchanges.filter((e) => e.fault);
    expect(refused).toHaveLength(4);
    for (const r of refused) expectQuietAfter(r.at);
    expect(github.exchanges.at(-1)!.seq).toBe(refused.at(-1)!.seq);
  });

  test("a low budget stops the run with checkpoints, and the next run after the reset resumes and completes", async () => {
    // 53 GraphQL points (the facts query 1, a page of 6 PRs 2): the default reserve of 50 is reached after
    // the first pages, with the second page of each repository still to come
    await start({ budgets: { graphql: 53 } });
    const stopped = await runAgainstFake(github, db, mirrors, { request: REQUEST });
    expect(stopped.status).toBe("interrupted");
    expect(stopped.error).toMatch(
      /^GitHub's graphql budget is down to (50|4\d); stopped until .* \(the next run resumes from the checkpoints\)\.$/,
    );
    const partial = await db.prisma.pullRequest.count();
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(expectedPrs());
    const open = await db.prisma.crawlCheckpoint.findFirstOrThrow({ where: { done: false } });
    expect(open.cursor).not.toBeNull();
    const [run] = await listCrawlRuns(db.prisma);
    expect(run.status).toBe("interrupted");
    expect(run.rateLimitRemaining).toBeLessThanOrEqual(50);

    github.resetBudgets();
    const resumed = await runAgainstFake(github, db, mirrors, { request: REQUEST });
    expect(resumed.status).toBe("succeeded");
    expect(resumed.selection?.reused).toBe(true);
    expect(await db.prisma.pullRequest.count()).toBe(expectedPrs());
    expect(resumed.prsStored).toBe(expectedPrs() - partial);
  });

  test("an exhausted GraphQL budget (RATE_LIMITED) with a distant reset ends the run instead of sleeping for an hour", async () => {
    // 3 points: the facts query (1) and two pages of 6 PRs (1 each) fit, the next page is refused with RATE_LIMITED
    await start({ budgets: { graphql: 3 } });
    const summary = await runAgainstFake(github, db, mirrors, {
      request: REQUEST,
      github: { graphqlIntervalMs: 0, searchIntervalMs: 0, retryBaseMs: 10, reserve: 0 },
    });
    expect(summary.status).toBe("interrupted");
    expect(summary.error).toMatch(/graphql budget is down to 0;/);
    expect(github.exchanges.filter((e) => e.kind === "graphql").map((e) => e.status)).toEqual([200, 200, 200]);
    // it did not sleep until the reset: the test would have timed out (speed: scripts/bench-ingest.ts)
  });

  test("a GraphQL body cut off mid-JSON is retried and the harvest completes; one that stays broken is named for what it is (#13 case 6)", async () => {
    await start({ faults: [{ on: "graphql", nth: 3, respond: "truncated-body" }] });
    const summary = await runAgainstFake(github, db, mirrors, { request: REQUEST });
    expect(summary.status).toBe("succeeded");
    expect(await db.prisma.pullRequest.count()).toBe(expectedPrs());
    const cut = github.exchanges.find((e) => e.fault === "truncated-body");
    expect(github.exchanges.find((e) => e.seq === (cut?.seq ?? 0) + 1)).toMatchObject({ kind: "graphql", status: 200 });

    await reset();
    await start({ faults: [{ on: "graphql", nth: 1, times: 100, respond: "truncated-body" }] });
    const broken = await runAgainstFake(github, db, mirrors, { request: REQUEST });
    expect(broken.status).toBe("failed");
    expect(broken.error).toMatch(
      /^GitHub's GraphQL API answered 3 times with a 200 whose body was cut off \(truncated JSON\) \(54 characters: "\{\\"data\\"/,
    );
    // three tries of the one request, then the run stops instead of reading a broken page as "no data"
    expect(github.exchanges.filter((e) => e.kind === "graphql")).toHaveLength(3);
  });

  test("a proxy refusing GitHub's media type (406) fails the run at once with a message that says so (#13 case 8)", async () => {
    await start({ faults: [{ on: "any", nth: 1, times: 100, respond: "not-acceptable" }] });
    const summary = await runAgainstFake(github, db, mirrors, { request: REQUEST });
    expect(summary.status).toBe("failed");
    expect(summary.error).toMatch(
      /answered 406 Not Acceptable: something between us and GitHub \(a proxy\?\) refuses the JSON media types/,
    );
    expect(summary.error).not.toMatch(/Unknown error/);
    expect(summary.requests).toBe(1);
  });

  test("a primary limit right after a secondary-limit retry waits for its near reset and the harvest completes (#13 case 7)", async () => {
    await start({
      faults: [
        { on: "graphql", nth: 2, respond: "secondary-rate-limit", retryAfterSeconds: 1 },
        // the retried request meets an exhausted primary budget that resets in 2 s
        { on: "graphql", nth: 3, respond: "rate-limit-exhausted", resetInSeconds: 2 },
      ],
    });
    const summary = await runAgainstFake(github, db, mirrors, { request: REQUEST });
    expect(summary.error).toBeNull();
    expect(summary.status).toBe("succeeded");
    expect(await db.prisma.pullRequest.count()).toBe(expectedPrs());
    const refused = github.exchanges.find((e) => e.fault === "secondary-rate-limit");
    expect(refused).toBeDefined();
    // nothing at all left for GitHub while the secondary limit's Retry-After ran, not even 10 ms later
    const during = github.exchanges.filter((e) => refused && e.at > refused.at && e.at < refused.at + 900);
    expect(during.map((e) => `${e.seq} ${e.path}`)).toEqual([]);
  });

  test("a pull request list whose cursor does not advance, or that has more pages but no cursor, ends with the repository named instead of looping (#13 case 4)", async () => {
    type PageInfo = { hasNextPage: boolean; endCursor: string | null };
    const pageInfoOf = (data: Record<string, unknown>) =>
      (data.repository as { pullRequests?: { pageInfo?: PageInfo } } | null)?.pullRequests?.pageInfo;
    for (const quirk of ["repeat-cursor", "no-cursor"] as const) {
      if (quirk === "no-cursor") {
        await reset();
      }
      await start({
        alterGraphqlData: (data, variables) => {
          const info = pageInfoOf(data);
          if (!info || variables.owner !== "flaky" || !info.hasNextPage) return;
          // the second page gives back the cursor it was asked with; or the first says "more" with no cursor
          if (quirk === "repeat-cursor" && typeof variables.after === "string") info.endCursor = variables.after;
          if (quirk === "no-cursor") info.endCursor = null;
        },
      });
      const summary = await runAgainstFake(github, db, mirrors, { request: REQUEST });
      const flakyPages = github.exchanges.filter((e) => e.kind === "graphql" && e.variables?.owner === "flaky").length;
      expect(flakyPages, quirk).toBeLessThan(10);
      const errors = (await listCrawlErrors(db.prisma, {})).map((e) => `${e.repository ?? ""}: ${e.message}`);
      expect(errors.join("\n"), quirk).toMatch(
        quirk === "repeat-cursor"
          ? /flaky\/service.*a cursor it had already given \(page 2\); stopped paging this repository instead of looping/
          : /flaky\/service.*has more pull requests but gave no cursor to fetch them \(page 1\)/,
      );
      // the other repository is harvested whole
      const steady = await db.prisma.pullRequest.count({ where: { repository: { fullName: "steady/library" } } });
      expect(steady, quirk).toBe(github.world.repositories.find((r) => fullNameOf(r) === "steady/library")?.pullRequests.length);
      expect(summary.status, quirk).not.toBe("interrupted");
      // what the failed repository stored before it failed is counted, not reported as 0 (#30)
      const flakyStored = await db.prisma.pullRequest.count({ where: { repository: { fullName: "flaky/service" } } });
      if (quirk === "repeat-cursor") expect(flakyStored).toBeGreaterThan(0);
      expect(
        summary.repositories.find((r) => r.fullName === "flaky/service"),
        quirk,
      ).toMatchObject({ outcome: "failed", prsStored: flakyStored });
      expect(summary.prsStored, quirk).toBe(flakyStored + steady);
    }
  });

  test("a NUL character in one comment leaves out that comment alone, named; its PR and page are stored (#13 case 3)", async () => {
    await start();
    const flaky = github.world.repositories.find((r) => fullNameOf(r) === "flaky/service");
    const pr = flaky?.pullRequests[3];
    if (!pr) throw new Error("the fault world has no fourth PR in flaky/service");
    const nul = addIssueComment(github.world, "flaky/service", pr.number, "binary junk: \u0000 in a log paste", pr.updatedAt);
    const badId = nul.comments.at(-1)?.databaseId;
    const summary = await runAgainstFake(github, db, mirrors, { request: REQUEST });
    // the comment left out makes the run partial; its PR is no hole
    expect(summary).toMatchObject({ status: "partial", error: "1 item not harvested (see the run's errors)", holes: [] });
    expect(await db.prisma.pullRequest.count()).toBe(expectedPrs());
    const stored = await db.prisma.pullRequest.findFirstOrThrow({
      where: { number: pr.number, repository: { fullName: "flaky/service" } },
      select: { timeline: { select: { githubId: true } } },
    });
    expect(stored.timeline.map((t) => t.githubId)).not.toContain(BigInt(badId ?? 0));
    expect(stored.timeline.length).toBeGreaterThan(0);
    expect((await listCrawlErrors(db.prisma, {})).map((e) => `${e.item}: ${e.message}`)).toContainEqual(
      `pull request #${pr.number}: malformed item skipped: pr_comment ${badId}: holds a NUL character, which PostgreSQL cannot store; skipped`,
    );
  });

  test("nested items GitHub answers as null (a comment, a thread's comment) are named with GitHub's message; their PR is stored (#30)", async () => {
    type Raw = { number?: number; comments?: { nodes: unknown[] }; reviewThreads?: { nodes: { comments: { nodes: unknown[] } }[] } };
    let target = -1;
    await start({
      alterGraphqlData: (data, variables) => {
        const nodes = (data.repository as { pullRequests?: { nodes?: Raw[] } } | null)?.pullRequests?.nodes;
        if (!nodes || variables.owner !== "flaky") return;
        const i = nodes.findIndex((n) => n.number === target);
        const pr = nodes[i];
        if (!pr?.comments?.nodes.length || !pr.reviewThreads?.nodes.length) return;
        pr.comments.nodes[0] = null;
        pr.reviewThreads.nodes[0].comments.nodes[0] = null;
        const at = ["repository", "pullRequests", "nodes", i];
        return [
          { type: "SERVICE_UNAVAILABLE", message: "Something went wrong loading this comment.", path: [...at, "comments", "nodes", 0] },
          { message: "Timeout on review comment.", path: [...at, "reviewThreads", "nodes", 0, "comments", "nodes", 0] },
        ];
      },
    });
    const flaky = github.world.repositories.find((r) => fullNameOf(r) === "flaky/service");
    const pr = flaky?.pullRequests.find((p) => p.comments.length > 0 && p.threads.length > 0);
    if (!pr) throw new Error("the fault world has no flaky/service PR with comments and threads");
    target = pr.number;
    const summary = await runAgainstFake(github, db, mirrors, { request: REQUEST });
    expect(summary.status).toBe("partial");
    expect(await db.prisma.pullRequest.count()).toBe(expectedPrs());
    const errors = (await listCrawlErrors(db.prisma, {})).filter((e) => e.item === `pull request #${pr.number}`).map((e) => e.message);
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^malformed item skipped: comment #1: .*; GitHub said: Something went wrong loading this comment\.$/),
        expect.stringMatching(
          new RegExp(
            `^malformed item skipped: review comment in thread ${pr.threads[0].id} #1: .*; GitHub said: Timeout on review comment\\.$`,
          ),
        ),
      ]),
    );
  });

  test("a rejected token fails the run at once with a message naming GITHUB_TOKEN", async () => {
    await start({ token: "the-real-token" });
    const summary = await runAgainstFake(github, db, mirrors, { request: REQUEST });
    expect(summary).toMatchObject({
      status: "failed",
      error: "GitHub rejected the token (401 Bad credentials): check GITHUB_TOKEN.",
      requests: 1,
    });
  });

  test("a repository deleted after selection is marked gone and the others are still harvested", async () => {
    await start();
    expect((await runAgainstFake(github, db, mirrors, { request: REQUEST })).status).toBe("succeeded");
    const flaky = github.world.repositories.find((r) => fullNameOf(r) === "flaky/service")!;
    flaky.deleted = true;
    const steady = github.world.repositories.find((r) => fullNameOf(r) === "steady/library")!;
    steady.pullRequests[0].updatedAt = "2025-08-31T00:00:00Z";
    const summary = await runAgainstFake(github, db, mirrors, { request: REQUEST });
    // a selected repository not harvested: partial, and the error below says why
    expect(summary.status).toBe("partial");
    expect(summary.repositories.map((r) => [r.fullName, r.outcome])).toEqual([
      ["flaky/service", "gone"],
      ["steady/library", "harvested"],
    ]);
    const repo = await db.prisma.repository.findUniqueOrThrow({
      where: { fullName: "flaky/service" },
      include: { _count: { select: { pullRequests: true } } },
    });
    expect(repo).toMatchObject({ selectionStatus: "rejected", selectionReason: "not found on GitHub (deleted, renamed or made private)" });
    // what was harvested before stays
    expect(repo._count.pullRequests).toBe(flaky.pullRequests.length);
    const errors = await listCrawlErrors(db.prisma, { runId: summary.runId });
    expect(errors.map((e) => [e.repository, e.item, e.message])).toEqual([
      ["flaky/service", "repository", "flaky/service is not on GitHub any more (deleted, renamed or made private)"],
    ]);
    const notFound = github.exchanges.filter((e) => e.status === 404);
    expect(notFound.map((e) => e.path)).toEqual(["/repos/flaky/service/pulls"]);
  });
});
