// The CLI as cron runs it, killed with SIGKILL at arbitrary moments and started again, must leave exactly
// the database an uninterrupted run leaves.
import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase, type Database } from "@/lib/db/connection";
import { migrate } from "@/lib/db/migrate";
import { createPostgresTestDatabase, openTestDatabase } from "@/lib/db/testing/test-database";
import { canonicalHarvestDump } from "./testing/canonical-dump";
import { SHARED_WORK_WORLD, startSeededGitHub, type SeededGitHub } from "./testing/fake-github/seeded-worlds";
import { newMirrorsDir, runAgainstFake, TEST_TOKEN } from "./testing/run-against-fake";
import { lockSessionsLeft } from "@/lib/db/testing/lock-sessions";

const ARGS = [
  "--language",
  "Python",
  "--top",
  "50",
  "--min-prs",
  "15",
  "--page-size",
  "4",
  "--concurrency",
  "2",
  "--graphql-interval-ms",
  "0",
  "--search-interval-ms",
  "0",
];
const REQUEST = { criteria: { language: "Python", top: 50, minPrs: 15 }, pageSize: 4, concurrency: 2 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("kill -9 in the middle of a harvest, then run again", () => {
  let github: SeededGitHub;
  let created: { url: string; drop(): Promise<void> };
  let db: Database;
  let mirrors: string;
  const exits: { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }[] = [];

  function startCli(): {
    child: ChildProcess;
    done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
  } {
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        path.join("scripts", "ingest.ts"),
        ...ARGS,
        "--git-url-template",
        path.join(github.gitRoot, "{owner}", "{name}.git"),
      ],
      {
        cwd: process.cwd(),
        env: { ...process.env, DATABASE_URL: created.url, GITHUB_API_URL: github.url, GITHUB_TOKEN: TEST_TOKEN, MIRRORS_DIR: mirrors },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stdout = "";
    let stderr = "";
    child.stdout!.on("data", (d) => (stdout += d));
    child.stderr!.on("data", (d) => (stderr += d));
    const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) =>
      child.on("exit", (code, signal) => resolve({ code, signal, stdout, stderr })),
    );
    return { child, done };
  }

  async function killWhen(condition: () => Promise<boolean>) {
    const { child, done } = startCli();
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline && child.exitCode === null && !(await condition())) await sleep(50);
    child.kill("SIGKILL");
    exits.push(await done);
  }

  const storedPrs = () => db.prisma.pullRequest.count();

  beforeAll(async () => {
    // latency keeps each page in flight long enough for a kill to land inside it
    github = await startSeededGitHub(SHARED_WORK_WORLD, { token: TEST_TOKEN, latencyMs: 40 });
    created = await createPostgresTestDatabase();
    db = await openDatabase({ kind: "postgresql", url: created.url });
    await migrate(db);
    mirrors = newMirrorsDir();
  });
  afterAll(async () => {
    await db?.close();
    await created?.drop();
    await github?.stop();
    if (mirrors) rmSync(mirrors, { recursive: true, force: true });
  });

  test("two SIGKILLs, a resume to completion, and the same harvest as an uninterrupted run", async () => {
    // first kill: a few pages into the harvest
    await killWhen(async () => (await storedPrs()) >= 12);
    const afterFirst = await storedPrs();
    expect(exits[0].signal).toBe("SIGKILL");
    expect(afterFirst).toBeGreaterThan(0);
    // the killed run's row was written with each page's checkpoint: its figures count what it stored (#44)
    const killed = await db.prisma.crawlRun.findFirstOrThrow({ orderBy: { startedAt: "asc" } });
    expect(killed.requests).toBeGreaterThan(0);
    expect(killed.prsHarvested).toBeGreaterThan(0);
    // PRs of a page in flight are stored before its checkpoint; a page holds at most 4, two repositories at once
    expect(killed.prsHarvested).toBeGreaterThanOrEqual(afterFirst - 2 * 4);
    expect(killed.prsHarvested).toBeLessThanOrEqual(afterFirst);
    // second kill: while the resumed run is working through the next pages
    await killWhen(async () => (await storedPrs()) >= afterFirst + 10);
    expect(exits[1].signal).toBe("SIGKILL");
    const afterSecond = await storedPrs();
    expect(afterSecond).toBeGreaterThan(afterFirst);

    const { done } = startCli();
    const final = await done;
    exits.push(final);
    // the world's malformed items are skipped and named, so the run that completes says partial (exit 3)
    expect(final.code, final.stderr).toBe(3);
    expect(final.stdout).toMatch(/: partial \(/);

    // the killed runs are closed as interrupted by the run that found them
    const runs = await db.prisma.crawlRun.findMany({ orderBy: { startedAt: "asc" } });
    expect(runs.map((r) => r.status)).toEqual(["interrupted", "interrupted", "partial"]);
    expect(runs[0].error).toMatch(/killed or crashed/);
    // the killed workers' locks went with their sessions, and the last run let go of its own
    expect(await lockSessionsLeft(db)).toEqual([]);

    const reference = await openTestDatabase("embedded");
    try {
      const referenceMirrors = newMirrorsDir();
      const clean = await runAgainstFake(github, reference, referenceMirrors, { request: REQUEST });
      rmSync(referenceMirrors, { recursive: true, force: true });
      expect(clean.status).toBe("partial");
      // what the killed runs skipped is in the final status: as many items as the uninterrupted run names (#44)
      const items = (pattern: RegExp) => Number(pattern.exec(final.stdout)?.[1] ?? 0);
      expect(items(/(\d+) items? not harvested/) + items(/(\d+) items? skipped by interrupted runs before this one/), final.stdout).toBe(
        clean.errors,
      );
      const [resumed, uninterrupted] = [await canonicalHarvestDump(db.prisma), await canonicalHarvestDump(reference.prisma)];
      expect(JSON.parse(resumed).flatMap((r: { pullRequests: unknown[] }) => r.pullRequests)).toHaveLength(clean.prsStored);
      expect(resumed).toBe(uninterrupted);
    } finally {
      await reference.close();
    }
  }, 240_000);
});
