// Every stored patch applies to its merge base and gives the head's tree (#44): a crawl of the fake GitHub
// whose PR head holds every change git can write (a rename with and without changes, a copy, binary
// files, a mode change, an empty new file, a deletion, a text file with a NUL past git's binary sniff,
// one that is not UTF-8), checked by verifyStoredPatches as `npm run ingest -- --verify-patches` runs it,
// on both databases.
import { execFileSync } from "node:child_process";
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { openTestDatabase, TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { parseReleasedPatch } from "@/lib/patch/released-patch";
import { startSeededGitHub, type SeededGitHub } from "./testing/fake-github/seeded-worlds";
import { fullNameOf, type FakePullRequest } from "./testing/fake-github/world-types";
import { newMirrorsDir, runAgainstFake, TEST_TOKEN } from "./testing/run-against-fake";
import { verifyStoredPatches } from "./verify-stored-patches";

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=Odd", "-c", "user.email=odd@example.org", ...args], { cwd, encoding: "utf8" }).trim();

/** A commit on top of the PR's head with every odd change, pushed as its new head; returns the commit. */
function pushOddCommit(gitDir: string, pr: FakePullRequest): string {
  const work = mkdtempSync(path.join(tmpdir(), "odd-pr-"));
  try {
    git(tmpdir(), "clone", "--quiet", gitDir, work);
    git(work, "fetch", "--quiet", "origin", `refs/pull/${pr.number}/head`);
    git(work, "checkout", "--quiet", "FETCH_HEAD");
    const modules = execFileSync("git", ["ls-files", "*module_*.py"], { cwd: work, encoding: "utf8" }).trim().split("\n").sort();
    const [renamedEdited, renamedPure, copied, executable] = modules;
    git(work, "mv", renamedEdited, "renamed_and_edited.py");
    writeFileSync(
      path.join(work, "renamed_and_edited.py"),
      `${execFileSync("cat", ["renamed_and_edited.py"], { cwd: work, encoding: "utf8" })}# edited after the rename\n`,
    );
    mkdirSync(path.join(work, "moved"), { recursive: true });
    git(work, "mv", renamedPure, "moved/pure_rename.py");
    copyFileSync(path.join(work, copied), path.join(work, "copy_of_module.py"));
    chmodSync(path.join(work, executable), 0o755);
    // a file no other one resembles, or git pairs its deletion with the copy as a rename
    git(work, "rm", "--quiet", "README.md");
    writeFileSync(path.join(work, "empty.txt"), "");
    writeFileSync(path.join(work, "logo.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x0d, 0x0a, 0x1a, 0x00, 0xff]));
    writeFileSync(path.join(work, "server.log"), `${"an ordinary log line\n".repeat(500)}junk \u0000 pasted\nend\n`);
    writeFileSync(path.join(work, "latin1.txt"), Buffer.from("caf\xe9 au lait\n", "latin1"));
    writeFileSync(path.join(work, "with space.txt"), "a name with a space\n");
    git(work, "add", "-A");
    git(work, "commit", "--quiet", "-m", "Every change git can write");
    const head = git(work, "rev-parse", "HEAD");
    git(work, "push", "--quiet", "--force", "origin", `HEAD:refs/pull/${pr.number}/head`);
    return head;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

describe.each(TEST_DATABASE_KINDS)("stored patches apply to the merge base and give the head's tree (%s)", (kind) => {
  let db: Database;
  let github: SeededGitHub;
  let mirrors: string;
  let odd: FakePullRequest;
  let stored: number;

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    github = await startSeededGitHub(
      { seed: 4405, repositories: [{ owner: "odd", name: "cases", pullRequests: 6, rank: 1 }], fillerRepositories: 0 },
      { token: TEST_TOKEN },
    );
    const repo = github.world.repositories.find((r) => fullNameOf(r) === "odd/cases");
    if (!repo?.gitDir) throw new Error("odd/cases has no git repository");
    odd = repo.pullRequests[0];
    odd.headRefOid = pushOddCommit(repo.gitDir, odd);
    mirrors = newMirrorsDir();
    stored = (await runAgainstFake(github, db, mirrors, { request: { repositories: ["odd/cases"] } })).prsStored;
  }, 120_000);
  afterAll(async () => {
    await github?.stop();
    await db?.close();
    if (mirrors) rmSync(mirrors, { recursive: true, force: true });
  });

  test("every odd change is in the git patch, as git writes it, and every stored patch checks out", async () => {
    expect(stored).toBe(6);
    const pr = await db.prisma.pullRequest.findFirstOrThrow({ where: { number: odd.number } });
    const gitPatch = pr.gitPatch ?? "";
    expect(gitPatch).toMatch(/^rename from .*module_\d\.py\nrename to renamed_and_edited\.py$/m);
    expect(gitPatch).toMatch(/^similarity index 100%\nrename from .*module_\d\.py\nrename to moved\/pure_rename\.py$/m);
    expect(gitPatch).toMatch(
      /^diff --git a\/empty\.txt b\/empty\.txt\nnew file mode 100644\nindex 0{40}\.\.e69de29bb2d1d6434b8b29ae775ad8c2e48c5391$/m,
    );
    expect(gitPatch).toMatch(/^old mode 100644\nnew mode 100755$/m);
    expect(gitPatch).toMatch(/^Binary files \/dev\/null and b\/logo\.png differ$/m);
    // text git diffed as text that cannot be stored as text: written as git writes a binary file
    expect(gitPatch).toMatch(/^Binary files \/dev\/null and b\/server\.log differ$/m);
    expect(gitPatch).toMatch(/^Binary files \/dev\/null and b\/latin1\.txt differ$/m);
    expect(gitPatch).toMatch(/^deleted file mode 100644$/m);
    expect(gitPatch).toMatch(/^\+\+\+ b\/copy_of_module\.py$/m);
    expect(gitPatch.endsWith("\n")).toBe(true);
    // the released patch keeps its format: a header and hunks; a renamed file's header names its old path
    expect(pr.patch).not.toMatch(/^(index |--- |\+\+\+ |rename |new file mode|old mode|Binary files)/m);
    expect(parseReleasedPatch(pr.patch).find((f) => f.path === "renamed_and_edited.py")?.oldPath).toMatch(/module_\d\.py$/);

    const report = await verifyStoredPatches(db.prisma, { mirrorsDir: mirrors });
    expect(report).toEqual({ checked: 6, verified: 6, withoutGitPatch: 0, failed: [] });
  }, 120_000);

  test("a patch that does not give the head's tree is named with what differs", async () => {
    const pr = await db.prisma.pullRequest.findFirstOrThrow({ where: { number: odd.number } });
    try {
      // the git patch without its binary file: it applies, and the tree lacks logo.png
      const withoutLogo = (pr.gitPatch ?? "").replace(/diff --git a\/logo\.png b\/logo\.png\n(?:(?!diff --git).*\n)*/, "");
      await db.prisma.pullRequest.update({ where: { id: pr.id }, data: { gitPatch: withoutLogo } });
      const report = await verifyStoredPatches(db.prisma, { mirrorsDir: mirrors });
      expect(report.failed).toEqual([
        {
          repository: "odd/cases",
          number: odd.number,
          why: expect.stringMatching(/git patch does not give the head's tree: A\tlogo\.png/),
        },
      ]);
      // without its final newline (as toGitApplyPatch used to write): git calls it corrupt
      await db.prisma.pullRequest.update({ where: { id: pr.id }, data: { gitPatch: (pr.gitPatch ?? "").replace(/\n$/, "") } });
      expect((await verifyStoredPatches(db.prisma, { mirrorsDir: mirrors })).failed[0]?.why).toMatch(
        /git patch does not apply: .*corrupt patch/,
      );
    } finally {
      await db.prisma.pullRequest.update({ where: { id: pr.id }, data: { gitPatch: pr.gitPatch } });
    }
  }, 60_000);
});
