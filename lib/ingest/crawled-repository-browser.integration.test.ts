// Regression (issue #11): ingestion fetched into <MIRRORS_DIR>/<owner>/<name>.git while the
// repository browser read <MIRRORS_DIR>/<owner>__<name>.git, so a crawled repository had no
// browser. Crawl the fake GitHub with the real entry point, then browse a crawled PR's instance at
// base and patched through the functions behind /api/instances/[id]/repo/{tree,file}.
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { SessionUser } from "@/lib/auth/roles";
import type { Database } from "@/lib/db/connection";
import { openTestDatabase } from "@/lib/db/testing/test-database";
import { browseFile, browseTree } from "@/lib/annotate/instance-repository";
import { parsePatch } from "@/lib/annotate/parse-patch";
import { patchChanges } from "@/lib/repo/patched-view";
import type { WorldSpec } from "./testing/fake-github/generate-world";
import { startSeededGitHub, type SeededGitHub } from "./testing/fake-github/seeded-worlds";
import { newMirrorsDir, runAgainstFake, TEST_TOKEN } from "./testing/run-against-fake";

const WORLD: WorldSpec = {
  seed: 1_111,
  repositories: [{ owner: "crawled", name: "service", pullRequests: 22, rank: 1 }],
  fillerRepositories: 2,
};
const FULL_NAME = "crawled/service";

describe("a crawled repository opens in the instance page's repository browser", () => {
  let github: SeededGitHub;
  let db: Database;
  let mirrors: string;
  let admin: SessionUser;

  beforeAll(async () => {
    [github, db] = await Promise.all([startSeededGitHub(WORLD, { token: TEST_TOKEN }), openTestDatabase("embedded")]);
    mirrors = newMirrorsDir();
    const run = await runAgainstFake(github, db, mirrors, { request: { criteria: { language: "Python", top: 10, minPrs: 20 } } });
    expect(run.status).toBe("succeeded");
    const user = await db.prisma.user.create({ data: { login: "lead", name: "Lead", passwordHash: "x", roles: ["admin"] } });
    admin = { id: user.id, login: user.login, name: user.name, roles: ["admin"] };
  });
  afterAll(async () => {
    await db?.close();
    await github?.stop();
    if (mirrors) rmSync(mirrors, { recursive: true, force: true });
  });

  test("base and patched versions of a crawled PR are readable, and patched equals the head commit", async () => {
    const prs = await db.prisma.pullRequest.findMany({
      where: { repository: { fullName: FULL_NAME }, patch: { not: "" } },
      orderBy: { number: "asc" },
      select: { id: true, number: true, patch: true, headSha: true, timeline: { select: { id: true }, take: 1 } },
    });
    const pr = prs.find((p) => p.timeline.length > 0 && [...patchChanges(parsePatch(p.patch)).values()].includes("modified"));
    if (!pr) throw new Error(`the crawl of ${FULL_NAME} stored no PR that modifies a file (${prs.length} PRs with patches)`);
    const [entry] = pr.timeline;
    if (!entry) throw new Error("unreachable: the PR was chosen for having a timeline entry");
    const instance = await db.prisma.instance.create({ data: { pullRequestId: pr.id, targetEntryId: entry.id, stage: "annotating" } });

    const base = await browseTree(db.prisma, mirrors, instance.id, admin, "base");
    expect(base.entries.length).toBeGreaterThan(0);
    const patched = await browseTree(db.prisma, mirrors, instance.id, admin, "patched");
    const modified = patched.entries.find((e) => e.change === "modified");
    if (!modified) throw new Error(`PR #${pr.number}'s patched tree marks no file as modified`);

    const before = await browseFile(db.prisma, mirrors, instance.id, admin, modified.path, "base");
    const after = await browseFile(db.prisma, mirrors, instance.id, admin, modified.path, "patched");
    expect(before).toMatchObject({ kind: "text", source: "base" });
    expect(after).toMatchObject({ kind: "text", source: "applied-patch" });
    const atHead = execFileSync("git", [`--git-dir=${github.gitUrlFor(FULL_NAME)}`, "show", `${pr.headSha}:${modified.path}`], {
      encoding: "utf8",
    });
    expect(after.kind === "text" && after.text).toBe(atHead);
    expect(before.kind === "text" && before.text).not.toBe(atHead);
  });
});
