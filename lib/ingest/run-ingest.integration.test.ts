import { execFileSync } from "node:child_process";
import { cpSync, rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { openCopyOf, openTestDatabase } from "@/lib/db/testing/test-database";
import { must } from "@/lib/must";
import { listCrawlErrors, listCrawlRuns, repositoryProgress } from "./crawl-views";
import { formatReleasedPatch } from "@/lib/patch/format-released-patch";
import type { IngestSummary } from "./run-ingest";
import { canonicalHarvestDump } from "./testing/canonical-dump";
import { addIssueComment, addPullRequest } from "./testing/fake-github/mutate-world";
import { documentsStatus, githubOpenApi, responseSchema, validateSchema } from "./testing/fake-github/openapi-validator";
import { CRAWLER_TEST_WORLD, startSeededGitHub, type SeededGitHub } from "./testing/fake-github/seeded-worlds";
import { fullNameOf, type FakePullRequest } from "./testing/fake-github/world-types";
import { newMirrorsDir, runAgainstFake, TEST_CRITERIA, TEST_TOKEN } from "./testing/run-against-fake";

function expectedTimelineKeys(pr: FakePullRequest): string[] {
  const keys = [
    ...pr.commits.filter((_, i) => !(pr.malformedCommitOid && i === 0)).map((c) => `commit:${c.oid}`),
    ...pr.comments.filter((c) => c.databaseId !== null).map((c) => `pr_comment:${c.databaseId}`),
    ...pr.reviews.map((r) => `review:${r.databaseId}`),
    ...pr.threads.flatMap((t) => t.comments.map((c, i) => `${i === 0 ? "inline" : "inline_reply"}:${c.databaseId}`)),
  ];
  return keys.sort();
}

type Harvested = { github: SeededGitHub; db: Database; mirrors: string; first: IngestSummary };

/** Its own fake GitHub, database and mirrors, after one full harvest. */
async function harvested(): Promise<Harvested> {
  const [github, db] = await Promise.all([startSeededGitHub(CRAWLER_TEST_WORLD, { token: TEST_TOKEN }), openTestDatabase("embedded")]);
  const mirrors = newMirrorsDir();
  return { github, db, mirrors, first: await runAgainstFake(github, db, mirrors) };
}
async function closeHarvested(h: Harvested | undefined) {
  await h?.db.close();
  await h?.github.stop();
  if (h?.mirrors) rmSync(h.mirrors, { recursive: true, force: true });
}
/** The shared harvest as it was before any test: its database dumped, its mirrors copied. */
type HarvestCopy = { dump: Blob; mirrors: string; first: IngestSummary };
async function keepCopy(h: Harvested): Promise<HarvestCopy> {
  const dump = await must(h.db.pglite, "the embedded database").dumpDataDir("none");
  const mirrors = newMirrorsDir();
  cpSync(h.mirrors, mirrors, { recursive: true });
  return { dump, mirrors, first: h.first };
}

/**
 * Like withOwnHarvest, without crawling again: a copy of the shared harvest's database and mirrors, and a
 * new fake GitHub serving the same seeded world (its git history is built from fixed dates, so its commits
 * are the ones the copy holds). For tests whose own requests are all they count.
 */
async function withCopyOfHarvest(copy: HarvestCopy, fn: (h: Harvested) => Promise<void>) {
  const [github, db] = await Promise.all([
    startSeededGitHub(CRAWLER_TEST_WORLD, { token: TEST_TOKEN }),
    openCopyOf({ embedded: copy.dump }),
  ]);
  const mirrors = newMirrorsDir();
  cpSync(copy.mirrors, mirrors, { recursive: true });
  const h = { github, db, mirrors, first: copy.first };
  try {
    await fn(h);
  } finally {
    await closeHarvested(h);
  }
}

// The tests that only read share one harvest; those that crawl again get a copy of it (withCopyOfHarvest).
describe("runIngest against the fake GitHub, embedded database", () => {
  let shared: Harvested | undefined;
  let github: SeededGitHub;
  let db: Database;
  let first: IngestSummary;
  let copy: HarvestCopy;

  beforeAll(async () => {
    shared = await harvested();
    ({ github, db, first } = shared);
    copy = await keepCopy(shared);
  });
  afterAll(async () => {
    await closeHarvested(shared);
    if (copy) rmSync(copy.mirrors, { recursive: true, force: true });
  });

  const world = () => github.world;
  const repoOf = (fullName: string) => world().repositories.find((r) => fullNameOf(r) === fullName)!;

  test("selection keeps the large active repositories and records why each other one was rejected", async () => {
    // the world serves malformed items (a search result, a PR, a comment, a commit): skipped, named, and so partial
    expect(first.status).toBe("partial");
    expect(first.error).toMatch(
      /^4 items not harvested \(see the run's errors\); 1 pull request missing \([\w/-]+ PR #\d+\): 0 retried by the next runs, 1 given up \(retry them, or accept them as missing, on \/ingest\)$/,
    );
    const repos = await db.prisma.repository.findMany({ orderBy: { starRank: "asc" } });
    expect(
      repos
        .filter((r) => r.selectionStatus === "selected")
        .map((r) => r.fullName)
        .sort(),
    ).toEqual(["acme/widgets", "octo/tiny-lib", "science/arrays"]);
    const reason = (fullName: string) => repos.find((r) => r.fullName === fullName)?.selectionReason;
    expect(reason("acme/widgets")).toMatch(/^48 PRs > 20; \d+ commits and \d+ PRs between 2024-08-15 and 2025-08-15; #1 by stars$/);
    expect(reason("oldies/dormant-toolkit")).toBe("no commit or PR between 2024-08-15 and 2025-08-15");
    expect(reason("vanished/was-popular")).toBe("not found on GitHub (deleted, renamed or made private)");
    const small = repos.find((r) => r.fullName.startsWith("small-org-") && r.prCount > 1 && r.prCount <= 20)!;
    expect(small.selectionReason).toBe(`${small.prCount} PRs ≤ 20 required`);
    // 128 in the ranking, top 120 considered, one of them malformed
    expect(repos.filter((r) => r.starRank !== null)).toHaveLength(119);
    expect(repos.some((r) => r.fullName.startsWith("broken/"))).toBe(false);
  });

  test("harvests every well-formed PR with its complete timeline, long discussions included", async () => {
    for (const fullName of ["acme/widgets", "octo/tiny-lib", "science/arrays"]) {
      const fake = repoOf(fullName).pullRequests.filter((p) => p.createdAt !== "not-a-date");
      const stored = await db.prisma.pullRequest.findMany({ where: { repository: { fullName } }, include: { timeline: true } });
      expect(stored.map((p) => p.number).sort((a, b) => a - b)).toEqual(fake.map((p) => p.number).sort((a, b) => a - b));
      for (const pr of fake) {
        const row = stored.find((s) => s.number === pr.number)!;
        const keys = row.timeline.map((t) => (t.kind === "commit" ? `commit:${t.sha}` : `${t.kind}:${t.githubId}`)).sort();
        expect(keys, `${fullName}#${pr.number}`).toEqual(expectedTimelineKeys(pr));
      }
    }
    const huge = repoOf("acme/widgets").pullRequests.find((p) => p.comments.length === 260)!;
    const counts = await db.prisma.timelineEntry.groupBy({
      by: ["kind"],
      where: { pullRequest: { number: huge.number, repository: { fullName: "acme/widgets" } } },
      _count: true,
    });
    expect(Object.fromEntries(counts.map((c) => [c.kind, c._count]))).toEqual({
      commit: 120,
      pr_comment: 260,
      inline: 46,
      inline_reply: 58,
      review: huge.reviews.length,
    });
  });

  test("deleted authors are null, bots keep REST's [bot] suffix, account types are recorded", async () => {
    const entries = await db.prisma.timelineEntry.findMany({
      where: { kind: { not: "commit" } },
      select: { authorLogin: true, authorType: true },
    });
    expect(entries.filter((e) => e.authorLogin === null).length).toBeGreaterThan(0);
    expect(entries.filter((e) => e.authorLogin === null).every((e) => e.authorType === null)).toBe(true);
    const bots = entries.filter((e) => e.authorType === "Bot");
    expect(bots.length).toBeGreaterThan(0);
    expect(bots.every((e) => e.authorLogin!.endsWith("[bot]"))).toBe(true);
    expect(new Set(entries.map((e) => e.authorType))).toEqual(new Set(["User", "Bot", "Mannequin", null]));
    const dependabot = await db.prisma.pullRequest.findFirst({ where: { authorLogin: "dependabot[bot]" } });
    expect(dependabot?.title).toMatch(/^Bump /);
  });

  test("review comment ids past 2^31 survive, replies point at their thread's first comment, hunks and commits kept", async () => {
    const thread = repoOf("acme/widgets").pullRequests.find((p) => p.comments.length === 260)!.threads[0];
    const [root, ...replies] = thread.comments;
    expect(root.databaseId).toBeGreaterThan(2 ** 31);
    const stored = await db.prisma.timelineEntry.findMany({
      where: { githubId: { in: thread.comments.map((c) => BigInt(c.databaseId)) } },
      orderBy: { createdAt: "asc" },
    });
    expect(stored).toHaveLength(14);
    const first = stored.find((s) => s.githubId === BigInt(root.databaseId))!;
    expect(first).toMatchObject({
      kind: "inline",
      path: thread.path,
      diffHunk: root.diffHunk,
      inReplyToId: null,
      reviewId: BigInt(root.reviewId),
    });
    expect(first.originalCommitId).toMatch(/^[0-9a-f]{40}$/);
    expect(first.createdAt.toISOString()).toBe(new Date(root.createdAt).toISOString());
    for (const reply of replies)
      expect(stored.find((s) => s.githubId === BigInt(reply.databaseId))).toMatchObject({
        kind: "inline_reply",
        inReplyToId: BigInt(root.databaseId),
      });
  });

  test("patches are git's three-dot diffs in the released format, with file and line counts", async () => {
    const repo = repoOf("science/arrays");
    const prs = await db.prisma.pullRequest.findMany({ where: { repository: { fullName: "science/arrays" } } });
    for (const pr of prs.slice(0, 8)) {
      const diff = execFileSync("git", ["-C", repo.gitDir!, "diff", "-M", `${pr.baseSha}...${pr.headSha}`], { encoding: "utf8" });
      const expected = formatReleasedPatch(diff);
      expect(pr.patch).toBe(expected.patch);
      expect([pr.filesEdited, pr.linesEdited]).toEqual([expected.filesEdited, expected.linesEdited]);
      expect(pr.patch.startsWith("diff --git a/")).toBe(true);
      expect(pr.patch).not.toMatch(/^(index |--- |\+\+\+ )/m);
    }
    const versionBump = await db.prisma.pullRequest.findFirst({ where: { patch: { contains: "diff --git a/VERSION b/VERSION" } } });
    expect(versionBump?.patch).toContain("\\ No newline at end of file");
  });

  test("closing issues of the PR's repository are stored with title and body", async () => {
    const fake = repoOf("acme/widgets").pullRequests.find((p) => p.closingIssues.length && p.createdAt !== "not-a-date")!;
    const issue = repoOf("acme/widgets").issues.find((i) => i.number === fake.closingIssues[0])!;
    const stored = await db.prisma.pullRequest.findFirstOrThrow({
      where: { number: fake.number, repository: { fullName: "acme/widgets" } },
      include: { linkedIssues: true },
    });
    expect(stored.linkedIssues.map((i) => ({ number: i.number, title: i.title, body: i.body }))).toEqual([
      { number: issue.number, title: issue.title, body: issue.body },
    ]);
  });

  test("malformed upstream items are logged with what was wrong and skipped alone", async () => {
    const widgets = repoOf("acme/widgets").pullRequests;
    const badDate = widgets.find((p) => p.createdAt === "not-a-date")!;
    const badComment = widgets.find((p) => p.comments.some((c) => c.databaseId === null))!;
    const badCommit = widgets.find((p) => p.malformedCommitOid)!;
    const errors = await listCrawlErrors(db.prisma, { runId: first.runId });
    const messages = errors.map((e) => `${e.repository ?? "-"} | ${e.item} | ${e.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^- \| search result #5 for language:Python \| malformed payload, skipped: full_name: .*stargazers_count: .*\(got "lots"\)$/,
        ),
        `acme/widgets | pull request #${badDate.number} | malformed payload, skipped: createdAt: not an ISO 8601 timestamp (got "not-a-date")`,
        expect.stringMatching(
          new RegExp(
            `^acme/widgets \\| pull request #${badComment.number} \\| malformed item skipped: comment #\\d+: fullDatabaseId: has no database id`,
          ),
        ),
        expect.stringMatching(
          new RegExp(
            `^acme/widgets \\| pull request #${badCommit.number} \\| malformed item skipped: commit #1: commit.oid: not a 40-hex git object id \\(got "not-a-sha"\\)`,
          ),
        ),
      ]),
    );
    expect(errors).toHaveLength(4);
    // the siblings of a skipped item are kept
    expect(
      await db.prisma.timelineEntry.count({
        where: { kind: "pr_comment", pullRequest: { number: badComment.number, repository: { fullName: "acme/widgets" } } },
      }),
    ).toBe(badComment.comments.length - 1);
    expect(await db.prisma.pullRequest.count({ where: { number: badDate.number, repository: { fullName: "acme/widgets" } } })).toBe(0);
  });

  test("the run record and the UI views carry requests, budget, errors and per-repository progress", async () => {
    const [run] = await listCrawlRuns(db.prisma);
    expect(run).toMatchObject({
      id: first.runId,
      status: "partial",
      trigger: "test",
      requests: first.requests,
      prsHarvested: 107,
      errorsCount: 4,
      reposSelected: 3,
      reposHarvested: 3,
    });
    expect(first.requests).toBe(github.requestCount());
    expect(run.rateLimitRemaining).toBeGreaterThan(4900);
    const progress = await repositoryProgress(db.prisma);
    const widgets = progress.find((p) => p.fullName === "acme/widgets")!;
    expect(widgets).toMatchObject({
      selectionStatus: "selected",
      harvestedPrs: 47,
      starRank: 1,
      checkpoint: { done: true, cursor: null, prsDone: 47 },
    });
    expect(widgets.prWatermark?.toISOString()).toBe(
      new Date(Math.max(...repoOf("acme/widgets").pullRequests.map((p) => Date.parse(p.updatedAt)))).toISOString(),
    );
    expect(progress[0].fullName).toBe("acme/widgets");
  });

  test("harvesting costs far less than one request per PR", () => {
    const graphql = github.exchanges.filter((e) => e.kind === "graphql").length;
    // 107 PRs: 2 search pages, 5 facts batches, 6 PR pages and 3 follow-ups for the long discussion
    expect(first.requests).toBeLessThanOrEqual(16);
    expect(graphql / first.prsStored).toBeLessThan(0.2);
  });

  test("re-crawling an unchanged world costs one conditional request per repository and writes nothing", () =>
    withCopyOfHarvest(copy, async ({ github, db, mirrors }) => {
      const before = await canonicalHarvestDump(db.prisma);
      const second = await runAgainstFake(github, db, mirrors);
      // the PR the first run gave up on keeps every run partial until it is stored or accepted as missing (#44)
      expect(second).toMatchObject({ status: "partial", prsStored: 0, graphqlRequests: 0, restRequests: 3, selection: { reused: true } });
      expect(second.error).toMatch(/^1 pull request missing \(.*\): 0 retried by the next runs, 1 given up/);
      const third = await runAgainstFake(github, db, mirrors);
      // the ETags stored by the second run make every answer a quota-free 304
      expect(third).toMatchObject({ status: "partial", prsStored: 0, requests: 3, notModified: 3 });
      expect(await canonicalHarvestDump(db.prisma)).toBe(before);
    }));

  test("an incremental run fetches only the PRs that changed", () =>
    withCopyOfHarvest(copy, async ({ github, db, mirrors }) => {
      const world = () => github.world;
      const repoOf = (fullName: string) => world().repositories.find((r) => fullNameOf(r) === fullName)!;
      const tiny = repoOf("octo/tiny-lib").pullRequests[2];
      addIssueComment(world(), "octo/tiny-lib", tiny.number, "Does this still hold after the rebase onto main?", "2025-08-30T10:00:00Z");
      const added = await addPullRequest(world(), "science/arrays", "2025-08-30T12:00:00Z");
      const untouched = await db.prisma.pullRequest.findFirstOrThrow({
        where: { repository: { fullName: "acme/widgets" } },
        orderBy: { number: "asc" },
      });
      const seen = github.requestCount();
      const run = await runAgainstFake(github, db, mirrors);
      expect(run).toMatchObject({ status: "partial", prsStored: 2, errors: 0 });
      // acme/widgets: 304; the two changed repositories: precheck plus one page each
      expect(github.requestCount() - seen).toBe(5);
      expect(run.graphqlRequests).toBe(2);
      const comment = await db.prisma.timelineEntry.findFirst({
        where: { body: "Does this still hold after the rebase onto main?" },
        include: { pullRequest: true },
      });
      expect(comment?.pullRequest.number).toBe(tiny.number);
      const newPr = await db.prisma.pullRequest.findFirstOrThrow({
        where: { number: added.number, repository: { fullName: "science/arrays" } },
        include: { timeline: true },
      });
      expect(newPr.headSha).toBe(added.headRefOid);
      expect(newPr.patch).toContain("diff --git a/");
      expect(newPr.timeline.map((t) => (t.kind === "commit" ? `commit:${t.sha}` : `${t.kind}:${t.githubId}`)).sort()).toEqual(
        expectedTimelineKeys(added),
      );
      const after = await db.prisma.pullRequest.findUniqueOrThrow({ where: { id: untouched.id } });
      expect(after.harvestedAt).toEqual(untouched.harvestedAt);
    }));

  test("the language is matched as GitHub matches it: `python` harvests what `Python` harvests, and is the same selection (#13 case 5)", async () => {
    const [world, own] = await Promise.all([startSeededGitHub(CRAWLER_TEST_WORLD, { token: TEST_TOKEN }), openTestDatabase("embedded")]);
    const dir = newMirrorsDir();
    try {
      const lower = await runAgainstFake(world, own, dir, { request: { criteria: { ...TEST_CRITERIA, language: "python" } } });
      expect(lower.status).toBe(first.status);
      expect(lower.repositories.map((r) => r.fullName).sort()).toEqual(first.repositories.map((r) => r.fullName).sort());
      expect(lower.prsStored).toBe(first.prsStored);
      expect(lower.prsStored).toBeGreaterThan(0);
      const again = await runAgainstFake(world, own, dir, { request: { criteria: { ...TEST_CRITERIA, language: "Python" } } });
      expect(again.selection).toMatchObject({ reused: true });
    } finally {
      await own.close();
      await world.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("named repositories skip the ranking; a deleted one is recorded as gone", () =>
    withCopyOfHarvest(copy, async ({ github, db, mirrors }) => {
      const run = await runAgainstFake(github, db, mirrors, { request: { repositories: ["octo/tiny-lib", "vanished/was-popular"] } });
      // a named repository that cannot be harvested makes the run partial, with the reason among its errors
      expect(run).toMatchObject({ status: "partial", selection: { named: 2, selected: 1, rejected: 1 } });
      expect(run.repositories.map((r) => [r.fullName, r.outcome])).toEqual([["octo/tiny-lib", "unchanged"]]);
      const gone = await db.prisma.repository.findUniqueOrThrow({ where: { fullName: "vanished/was-popular" } });
      expect(gone).toMatchObject({
        selectionStatus: "rejected",
        selectionReason: "not found on GitHub (deleted, renamed or made private)",
      });
      expect((await listCrawlErrors(db.prisma, { runId: run.runId })).map((e) => e.message)).toEqual([
        "vanished/was-popular is not on GitHub any more (deleted, renamed or made private)",
      ]);
      expect((await db.prisma.repository.findUniqueOrThrow({ where: { fullName: "octo/tiny-lib" } })).selectionReason).toBe(
        "named explicitly",
      );
    }));

  test("every GraphQL document the crawler sent is valid for GitHub's schema; every REST answer matches GitHub's OpenAPI", () =>
    withCopyOfHarvest(copy, async (h) => {
      // the shared harvest (every other test reads it, none sends its fake a request), then on its copy an
      // unchanged re-crawl, one more (304s), and a run naming a deleted repository (404)
      await runAgainstFake(h.github, h.db, h.mirrors);
      await runAgainstFake(h.github, h.db, h.mirrors);
      await runAgainstFake(h.github, h.db, h.mirrors, { request: { repositories: ["octo/tiny-lib", "vanished/was-popular"] } });
      const exchanges = [...github.exchanges, ...h.github.exchanges];
      expect(exchanges.filter((e) => e.kind === "graphql").length).toBeGreaterThan(5);
      expect(exchanges.filter((e) => e.invalidQuery).map((e) => e.invalidQuery)).toEqual([]);
      const doc = githubOpenApi();
      const rest = exchanges.filter((e) => e.kind !== "graphql");
      expect(new Set(rest.map((e) => `${e.route} ${e.status}`))).toEqual(
        new Set([
          "/search/repositories 200",
          "/repos/{owner}/{repo}/pulls 200",
          "/repos/{owner}/{repo}/pulls 304",
          "/repos/{owner}/{repo} 200",
          "/repos/{owner}/{repo} 404",
        ]),
      );
      const problems: string[] = [];
      for (const ex of rest) {
        // a 304 has no body; GitHub sends it for any conditional GET, documented or not
        if (ex.status === 304) continue;
        expect(documentsStatus(doc, ex.route!, ex.method, ex.status), `${ex.route} ${ex.status}`).toBe(true);
        const schema = responseSchema(doc, ex.route!, ex.method, ex.status);
        if (schema) problems.push(...validateSchema(doc, schema, ex.responseBody).map((p) => `${ex.path}${ex.search}: ${p}`));
      }
      // the one deliberately broken search item, and nothing else
      expect(problems.map((p) => p.replace(/^.*?: /, ""))).toEqual([
        "$.items[4].full_name: required",
        "$.items[4].stargazers_count: expected integer, got string",
      ]);
      expect(exchanges.every((e) => e.authorization === `token ${TEST_TOKEN}`)).toBe(true);
    }));
});
