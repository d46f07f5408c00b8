import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { openTestDatabase } from "@/lib/db/testing/test-database";
import { runGitCommand } from "@/lib/repo/git-command";
import type { WorldSpec } from "./testing/fake-github/generate-world";
import { startSeededGitHub, type SeededGitHub } from "./testing/fake-github/seeded-worlds";
import { newMirrorsDir, runAgainstFake, TEST_TOKEN } from "./testing/run-against-fake";

const WORLD: WorldSpec = { seed: 77, repositories: [{ owner: "web", name: "served", pullRequests: 22, rank: 1 }], fillerRepositories: 2 };

describe("the fake GitHub serves git over smart HTTP beside its API, as github.com does", () => {
  let db: Database;
  let github: SeededGitHub;
  let mirrors: string;
  beforeAll(async () => {
    [db, github] = await Promise.all([openTestDatabase("embedded"), startSeededGitHub(WORLD, { token: TEST_TOKEN })]);
    mirrors = newMirrorsDir();
  });
  afterAll(async () => {
    await db?.close();
    await github?.stop();
    rmSync(mirrors, { recursive: true, force: true });
  });

  test("a crawl with remotes derived from the API URL (no file paths) stores every PR with its patch", async () => {
    const summary = await runAgainstFake(github, db, mirrors, {
      gitUrlFor: undefined,
      request: { repositories: ["web/served"] },
    });
    expect(summary.status).toBe("succeeded");
    expect(summary.prsStored).toBe(22);
    const empty = await db.prisma.pullRequest.count({ where: { patch: "" } });
    expect(empty).toBe(0);
  });

  test("pushing is refused and an unknown repository is 404", async () => {
    const env = { GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null", GIT_TERMINAL_PROMPT: "0" };
    const refs = await runGitCommand(["ls-remote", `${github.url}/web/served.git`], { env });
    expect(refs.stdout.toString("utf8")).toMatch(/refs\/pull\/\d+\/head/);
    await expect(runGitCommand(["ls-remote", `${github.url}/web/absent.git`], { env })).rejects.toThrow(/not found|404/i);
  });
});
