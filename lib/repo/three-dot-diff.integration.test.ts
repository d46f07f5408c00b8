import { execFileSync } from "node:child_process";
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parseReleasedPatch, splitReleasedPatch, writeReleasedPatch } from "@/lib/patch/released-patch";
import { buildPrHistoryRepo, type PrHistoryRepo } from "./testing/pr-history-repo";
import { mergeBase, PINNED_GIT_ENV, threeDotDiff } from "./three-dot-diff";

describe("threeDotDiff", () => {
  const root = mkdtempSync(path.join(tmpdir(), "three-dot-"));
  let repo: PrHistoryRepo;
  const mirror = () => ({ fullName: "acme/app", gitDir: repo.gitDir });
  beforeAll(async () => {
    repo = await buildPrHistoryRepo(root);
  }, 60_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  test("diffs from the merge base, so the base branch's later commits are not in the PR's diff", async () => {
    expect(await mergeBase(mirror(), repo.m1, repo.p1)).toBe(repo.c0);
    const d = await threeDotDiff(mirror(), repo.m1, repo.p1);
    expect(d.mergeBase).toBe(repo.c0);
    expect(d.paths).toEqual(["app.py"]); // util.py changed on main only; logo.png is binary: GitHub shows no patch
    expect(d.patch).toBe(
      [
        "diff --git a/app.py b/app.py",
        "@@ -7,3 +7,4 @@ def size(path):",
        "     return os.path.getsize(path)",
        " ",
        " LIMIT = 10",
        "+max_file_cached = 7",
      ].join("\n"),
    );
  });

  test("each revision has its own patch; a rename is reported under its new path", async () => {
    const p2 = await threeDotDiff(mirror(), repo.m1, repo.p2);
    expect(p2.paths).toEqual(["app.py", "new_name.py"]);
    const app = parseReleasedPatch(p2.patch)[0];
    expect(app?.hunks.flatMap((h) => h.lines.filter((l) => l.kind === "del").map((l) => l.text))).toEqual([
      "def size(path):",
      "    return os.path.getsize(path)",
    ]);
    expect(p2.patch).toContain("+max_files_cached = 7");
    const p3 = await threeDotDiff(mirror(), repo.m1, repo.p3);
    expect(p3.patch).toContain("+max_files_cached = 8");
    expect(p3.patch).not.toBe(p2.patch);
  });

  test("the user's git configuration does not change the patch", async () => {
    const before = await threeDotDiff(mirror(), repo.m1, repo.p2);
    const saved = process.env.GIT_CONFIG_PARAMETERS;
    process.env.GIT_CONFIG_PARAMETERS = "'diff.context'='10' 'diff.noprefix'='true'";
    try {
      // GIT_CONFIG_PARAMETERS is how `git -c` reaches child processes; the pinned -c settings come later and win
      expect((await threeDotDiff(mirror(), repo.m1, repo.p2)).patch).toBe(before.patch);
    } finally {
      if (saved === undefined) delete process.env.GIT_CONFIG_PARAMETERS;
      else process.env.GIT_CONFIG_PARAMETERS = saved;
    }
  });

  test("a commit the mirror lacks is commit_missing", async () => {
    await expect(threeDotDiff(mirror(), repo.m1, "0".repeat(40))).rejects.toMatchObject({ code: "commit_missing" });
  });
});

describe("file names git quotes (#30)", () => {
  const root = mkdtempSync(path.join(tmpdir(), "quoted-names-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  test("a newline, a tab, quotes, a backslash, non-ASCII and bytes that are not UTF-8 round-trip through the stored patch", async () => {
    const git = (...args: string[]) =>
      execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd: root, env: { ...process.env, ...PINNED_GIT_ENV } })
        .toString()
        .trim();
    git("init", "-q", "-b", "main");
    const names: (string | Buffer)[] = [
      "new\nline.py",
      "tab\there.py",
      'say "hi".py',
      "back\\slash.py",
      "café.py",
      Buffer.from("latin-\xe9.py", "latin1"),
    ];
    for (const name of names)
      writeFileSync(typeof name === "string" ? path.join(root, name) : Buffer.concat([Buffer.from(`${root}/`), name]), "one\n");
    git("add", "-A");
    git("commit", "-q", "-m", "base");
    const base = git("rev-parse", "HEAD");
    for (const name of names)
      appendFileSync(typeof name === "string" ? path.join(root, name) : Buffer.concat([Buffer.from(`${root}/`), name]), "two\n");
    git("commit", "-q", "-am", "edit");
    const head = git("rev-parse", "HEAD");

    const d = await threeDotDiff({ fullName: "acme/names", gitDir: path.join(root, ".git") }, base, head);
    expect(d.filesEdited).toBe(6);
    expect(d.linesEdited).toBe(6);
    const files = parseReleasedPatch(d.patch);
    // the name that is not UTF-8 keeps its byte as U+DC00+byte, written back as git's octal escape
    expect(files.map((f) => f.path).sort()).toEqual(
      ["new\nline.py", "tab\there.py", 'say "hi".py', "back\\slash.py", "café.py", "latin-\udce9.py"].sort(),
    );
    expect(d.patch).toContain('diff --git "a/latin-\\351.py" "b/latin-\\351.py"');
    expect(d.patch).toContain('diff --git "a/new\\nline.py" "b/new\\nline.py"');
    expect(d.patch).toContain("diff --git a/café.py b/café.py");
    // written again from what was read, the patch is the same text
    expect(
      writeReleasedPatch(
        files.map((f) => ({
          path: f.path,
          hunkLines:
            splitReleasedPatch(d.patch)
              .find((c) => c.path === f.path)
              ?.text.split("\n")
              .slice(1) ?? [],
        })),
      ),
    ).toBe(d.patch);
  });
});
