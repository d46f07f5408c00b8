import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { formatReleasedPatch, NUL_IN_TEXT_FILE } from "@/lib/patch/format-released-patch";
import { openMirrorForFetch, parseFramedDiffs, type FetchableMirror } from "./fetch-mirror";
import { runGitCommand } from "./git-command";
import { buildPrHistoryRepo, type PrHistoryRepo } from "./testing/pr-history-repo";

describe("parseFramedDiffs", () => {
  test("reads each diff by its byte count, whatever it holds (NUL, a line that looks like a header, multi-byte text)", () => {
    const a = "diff --git a/x b/x\n@@ -1 +1 @@\n-é\n+\u0000 2 5 ok\n";
    const raw = Buffer.concat([
      Buffer.from(`7 ${Buffer.byteLength(a)} ok\n`),
      Buffer.from(a),
      Buffer.from("8 0 failed\n"),
      Buffer.from("9 0 ok\n"),
    ]);
    expect(parseFramedDiffs(raw)).toEqual([
      { key: 7, ok: true, diff: a },
      { key: 8, ok: false, diff: "" },
      { key: 9, ok: true, diff: "" },
    ]);
  });
  test("output cut short is an error, not a shorter diff", () => {
    expect(() => parseFramedDiffs(Buffer.from("7 100 ok\nabc"))).toThrow(/diff 7 promises 100 bytes, 3 remain/);
    expect(() => parseFramedDiffs(Buffer.from("garbage\n"))).toThrow(/unreadable header/);
  });
});

describe("diffMany: many three-dot diffs from one shell (#13 case 9)", () => {
  const root = mkdtempSync(path.join(tmpdir(), "diff-many-"));
  let repo: PrHistoryRepo;
  let mirror: FetchableMirror;
  let withNul: string;

  beforeAll(async () => {
    repo = await buildPrHistoryRepo(root);
    // a PR adding a text file with a NUL after git's 8,000-byte binary sniff, on top of p1
    const work = path.join(root, "work");
    const git = async (args: string[]) =>
      (
        await runGitCommand(
          ["-C", work, "-c", "user.name=T", "-c", "user.email=t@example.invalid", "-c", "commit.gpgsign=false", ...args],
          {
            env: { GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" },
          },
        )
      ).stdout
        .toString("utf8")
        .trim();
    await git(["checkout", "--quiet", "-b", "nul", repo.p1]);
    writeFileSync(path.join(work, "log.txt"), `${"line of an ordinary log\n".repeat(400)}binary junk: \u0000 pasted\nend\n`);
    writeFileSync(path.join(work, "app.py"), "print('changed next to the log')\n");
    await git(["add", "-A"]);
    await git(["commit", "--quiet", "-m", "add a log"]);
    withNul = await git(["rev-parse", "HEAD"]);
    await git(["push", "--quiet", repo.gitDir, `${withNul}:refs/pull/2/head`]);
    mirror = await openMirrorForFetch(path.join(root, "mirrors"), "acme/app", repo.gitDir);
    await mirror.fetchPullRequestHeads();
  }, 60_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const pairs = () => [
    { key: 1, base: repo.m1, head: withNul },
    { key: 2, base: repo.m1, head: repo.p1 },
    { key: 3, base: repo.c0, head: repo.p1 },
    { key: 4, base: repo.m1, head: repo.p3 },
  ];

  test("a text file holding NUL past git's binary sniff neither cuts its own patch nor loses the next PRs of the batch", async () => {
    const diffs = await mirror.diffMany(pairs());
    for (const p of pairs().slice(1)) expect(diffs.get(p.key), `PR ${p.key}`).toBe(await mirror.diff(p.base, p.head));
    const own = diffs.get(1);
    expect(typeof own).toBe("string");
    expect(own).toContain("\u0000");
    // the file is left out of the released patch as the binary file it is, and named; the PR's other files stay
    const released = formatReleasedPatch(own as string);
    expect(released.omitted).toEqual([{ path: "log.txt", reason: NUL_IN_TEXT_FILE }]);
    expect(released.paths).toEqual(["app.py"]);
    expect(released.patch).not.toContain("\u0000");
  });

  test("the three-dot diff starts at the merge base: the base branch's later commits are not the PR's", async () => {
    const diff = (await mirror.diffMany([{ key: 1, base: repo.m1, head: repo.p1 }])).get(1) as string;
    expect(formatReleasedPatch(diff).paths).toEqual(["app.py"]);
    expect(diff).not.toContain("util.py");
  });

  test("the user's ~/.gitconfig (context lines, hunk merging, prefixes, external diff) does not change a patch", async () => {
    const before = await mirror.diffMany(pairs());
    const home = path.join(root, "home");
    mkdirSync(home, { recursive: true });
    writeFileSync(
      path.join(home, ".gitconfig"),
      "[diff]\n\tcontext = 1\n\tinterHunkContext = 10\n\tnoprefix = true\n\texternal = false\n\talgorithm = patience\n[core]\n\tquotePath = true\n",
    );
    const saved = { HOME: process.env.HOME, XDG: process.env.XDG_CONFIG_HOME };
    process.env.HOME = home;
    process.env.XDG_CONFIG_HOME = home;
    try {
      expect(await mirror.diffMany(pairs())).toEqual(before);
    } finally {
      process.env.HOME = saved.HOME;
      if (saved.XDG === undefined) delete process.env.XDG_CONFIG_HOME;
      else process.env.XDG_CONFIG_HOME = saved.XDG;
    }
  });
});
