import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parseReleasedPatch } from "@/lib/patch/released-patch";
import { buildPrHistoryRepo, type PrHistoryRepo } from "./testing/pr-history-repo";
import { mergeBase, threeDotDiff } from "./three-dot-diff";

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
