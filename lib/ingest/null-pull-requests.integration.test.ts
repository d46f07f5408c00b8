// PRs GitHub answers as null with a partial error (#44), against GitHub's published GraphQL schema
// (testing/schema-mock: graphql-js nulls the PR node when one of its non-null fields fails, and reports
// the error at its path, as GitHub does), on both databases: every such PR is stored within three passes,
// or named on every run as a hole of its own until a person accepts the loss.
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { openTestDatabase, TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { acceptMissingHoles } from "./accept-missing-holes";
import { MAX_HOLE_ATTEMPTS, recordHoles } from "./crawl-holes";
import { exitCodeFor, renderSummary } from "./progress-display";
import { runIngest } from "./run-ingest";
import { seededWorld, type SeededWorld } from "./testing/fake-github/seeded-worlds";
import { fullNameOf, type FakeWorld } from "./testing/fake-github/world-types";
import { FAST_PACING, forgetCrawls, newMirrorsDir, TEST_TOKEN } from "./testing/run-against-fake";
import { type SchemaMockGitHub, startSchemaMockGitHub } from "./testing/schema-mock/schema-mock-github";

const PAGE = "HarvestPullRequests";
const NUMBERS = "HarvestPullRequestNumbers";
const ALONE = "HarvestPullRequest";

describe.each(TEST_DATABASE_KINDS)("PRs GitHub answers as null, against GitHub's published schema (%s)", (kind) => {
  let db: Database;
  let world: FakeWorld;
  let seeded: SeededWorld | undefined;
  let mirrors: string;
  let mock: SchemaMockGitHub | undefined;

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    seeded = await seededWorld({
      seed: 44,
      repositories: [{ owner: "mock", name: "nulls", pullRequests: 14, rank: 1 }],
      fillerRepositories: 0,
    });
    world = seeded.world;
  }, 60_000);
  afterAll(async () => {
    await mock?.close();
    await db?.close();
    seeded?.remove();
  });

  /** Three PRs of two pages (page size 5): the 2nd and 3rd newest, and the 12th. */
  const failing = () => {
    const sorted = [...world.repositories[0].pullRequests].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
    return new Set([sorted[1].number, sorted[2].number, sorted[11].number]);
  };
  async function start(numbers: Set<number>, operations: string[]) {
    await mock?.close();
    await forgetCrawls(db);
    if (mirrors) rmSync(mirrors, { recursive: true, force: true });
    mirrors = newMirrorsDir();
    // no random nulls or overflowing connections besides the failing PRs: what is missing is theirs
    mock = await startSchemaMockGitHub({
      seed: 7,
      world,
      token: TEST_TOKEN,
      nullRate: 0,
      moreRate: 0,
      failingPullRequests: { numbers, operations: new Set(operations) },
    });
    return mock;
  }
  const harvest = () =>
    runIngest({
      db,
      config: { GITHUB_API_URL: (mock as SchemaMockGitHub).url, GITHUB_TOKEN: TEST_TOKEN, MIRRORS_DIR: mirrors },
      trigger: "test",
      gitUrlFor: (fullName) => world.repositories.find((r) => fullNameOf(r) === fullName)?.gitDir ?? "",
      github: FAST_PACING,
      request: { repositories: ["mock/nulls"], pageSize: 5 },
    });
  const storedNumbers = async () => new Set((await db.prisma.pullRequest.findMany({ select: { number: true } })).map((p) => p.number));

  test("nulled on the page only: each is asked for alone and stored in the same pass", async () => {
    const nulled = failing();
    const m = await start(nulled, [PAGE]);
    const summary = await harvest();
    expect(m.exchanges.flatMap((e) => e.invalidQuery ?? [])).toEqual([]);
    expect(summary.holes).toEqual([]);
    const stored = await storedNumbers();
    expect(world.repositories[0].pullRequests.filter((p) => !stored.has(p.number)).map((p) => p.number)).toEqual([]);
    // each of the two pages with nulls was asked for its numbers once, each nulled PR alone once
    expect(m.exchanges.filter((e) => e.operationName === NUMBERS)).toHaveLength(2);
    expect(
      m.exchanges
        .filter((e) => e.operationName === ALONE)
        .map((e) => e.variables?.number)
        .sort(),
    ).toEqual([...nulled].sort());
  }, 60_000);

  test("nulled on the page and alone: a hole per PR, by number, and stored once GitHub answers again", async () => {
    const nulled = failing();
    await start(nulled, [PAGE, ALONE]);
    const first = await harvest();
    expect(first.status).toBe("partial");
    expect(exitCodeFor(first.status)).toBe(3);
    expect(first.holes.map((h) => h.key).sort()).toEqual([...nulled].map((n) => `#${n}`).sort());
    for (const h of first.holes) {
      expect(h).toMatchObject({ attempts: 1, permanent: false });
      expect(h.reason).toMatch(
        /^GitHub did not give it: GitHub said: Something went wrong .*; asked for alone, GitHub said: Something went wrong/,
      );
    }
    expect(first.error).toMatch(
      /3 pull requests missing \(mock\/nulls PR #\d+, mock\/nulls PR #\d+, mock\/nulls PR #\d+\): 3 retried by the next runs/,
    );

    // GitHub answers them again: the next pass lists them (the watermark waited) and stores them
    nulled.clear();
    const second = await harvest();
    expect(second.holes).toEqual([]);
    expect((await storedNumbers()).size).toBe(world.repositories[0].pullRequests.length);
  }, 90_000);

  test("nulled everywhere, numbers included: a hole per place, partial on every run until a person accepts the loss", async () => {
    const nulled = failing();
    await start(nulled, [PAGE, NUMBERS, ALONE]);
    for (let pass = 1; pass <= MAX_HOLE_ATTEMPTS; pass++) {
      const summary = await harvest();
      expect(summary.status, `pass ${pass}`).toBe("partial");
      // three PRs, three holes, each counting one attempt per pass (one "unknown" hole counted three a pass before)
      expect(summary.holes, `pass ${pass}`).toHaveLength(3);
      for (const h of summary.holes) {
        expect(h, `pass ${pass}`).toMatchObject({ prNumber: null, attempts: pass, permanent: pass === MAX_HOLE_ATTEMPTS });
        expect(h.key).toMatch(/^at:(start|pr:\d+)\+\d$/);
        expect(h.reason).toMatch(/GitHub gave no number for it either/);
      }
    }
    expect((await storedNumbers()).size).toBe(world.repositories[0].pullRequests.length - 3);
    // given up: the watermark moves on (no pass is forced), yet every run still says partial and names them
    const later = await harvest();
    expect(later.repositories[0]).toMatchObject({ outcome: "unchanged" });
    expect(later.status).toBe("partial");
    expect(later.error).toMatch(
      /3 pull requests missing \(.*a PR GitHub answered as null \(number unknown; place 2 of the page starting the list\).*\): 0 retried by the next runs, 3 given up/,
    );
    expect(renderSummary(later)).toMatch(/given up: partial until stored, or accepted as missing on \/ingest/);

    const admin = await db.prisma.user.create({ data: { login: `admin-${kind}`, name: "Admin", passwordHash: "x", roles: ["admin"] } });
    expect(await acceptMissingHoles(db.prisma, { repository: "mock/nulls", actorId: admin.id })).toBe(3);
    const audit = await db.prisma.auditEvent.findFirstOrThrow({ where: { action: "crawl.hole.accept" } });
    expect(audit).toMatchObject({ subjectType: "repository", subjectId: "mock/nulls", actorId: admin.id });
    expect((audit.details as { holes: unknown[] }).holes).toHaveLength(3);
    const accepted = await harvest();
    expect(accepted.holes).toEqual([]);
    expect(accepted.error ?? "").not.toMatch(/missing/);
    expect(await acceptMissingHoles(db.prisma, { repository: "mock/nulls", actorId: admin.id })).toBe(0);
  }, 120_000);

  test("a hole met twice in one pass counts one attempt", async () => {
    await start(new Set(), []);
    await harvest();
    const repo = await db.prisma.repository.findUniqueOrThrow({ where: { fullName: "mock/nulls" } });
    const hole = { prNumber: 9001, reason: "test", floor: null, permanent: false };
    const pass1 = new Date();
    await recordHoles(db.prisma, repo.id, undefined, [hole, hole], pass1);
    await recordHoles(db.prisma, repo.id, undefined, [hole], pass1);
    expect(await db.prisma.crawlHole.findFirstOrThrow({ where: { key: "#9001" } })).toMatchObject({ attempts: 1 });
    await recordHoles(db.prisma, repo.id, undefined, [hole], new Date(Date.now() + 1000));
    expect(await db.prisma.crawlHole.findFirstOrThrow({ where: { key: "#9001" } })).toMatchObject({ attempts: 2 });
  }, 60_000);
});
