// A repository whose PR was pushed three times, built with plain git for tests (issue #12):
//   main:  c0 ── m1                      (the base branch moves on after the PR branched)
//            └─ p1 ── p2                 (pushes 1 and 2)
//                └─ p3                   (push 3 force-pushes p2 away)
// p1 adds `max_file_cached = 7` (a typo) and a binary file, p2 fixes the typo, deletes a line and renames
// old_name.py → new_name.py, p3 (replacing p2) writes `max_files_cached = 8` instead. `refs/pull/1/head` is p3;
// p2 stays as a loose object (GitHub serves such commits by SHA until it collects them) on `refs/keep/p2`
// unless dropP2 is set.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { runGitCommand } from "../git-command";

export interface PrHistoryRepo {
  /** the bare "GitHub" repository */
  gitDir: string;
  c0: string;
  m1: string;
  p1: string;
  p2: string;
  p3: string;
  /** ISO times of the pushes (committer dates) */
  times: { c0: string; p1: string; p2: string; m1: string; p3: string };
}

const APP_V0 = [
  "import os",
  "",
  "def load(path):",
  "    return open(path).read()",
  "",
  "def size(path):",
  "    return os.path.getsize(path)",
  "",
  "LIMIT = 10",
  "",
].join("\n");
const APP_P1 = APP_V0.replace("LIMIT = 10\n", "LIMIT = 10\nmax_file_cached = 7\n");
const APP_P2 = APP_V0.replace("def size(path):\n    return os.path.getsize(path)\n", "").replace(
  "LIMIT = 10\n",
  "LIMIT = 10\nmax_files_cached = 7\n",
);
const APP_P3 = APP_V0.replace("LIMIT = 10\n", "LIMIT = 10\nmax_files_cached = 8\n");
const OLD_NAME = ["def helper():", "    return 1", "", "def other():", "    return 2", ""].join("\n");

export async function buildPrHistoryRepo(root: string, { dropP2 = false }: { dropP2?: boolean } = {}): Promise<PrHistoryRepo> {
  const work = path.join(root, "work");
  const gitDir = path.join(root, "origin.git");
  mkdirSync(work, { recursive: true });
  const times = {
    c0: "2022-06-13T09:00:00Z",
    p1: "2022-06-14T09:00:00Z",
    p2: "2022-06-15T09:00:00Z",
    m1: "2022-06-15T12:00:00Z",
    p3: "2022-06-16T09:00:00Z",
  };
  const git = async (args: string[], when = times.c0) =>
    (
      await runGitCommand(
        ["-C", work, "-c", "user.name=Tester", "-c", "user.email=t@example.invalid", "-c", "commit.gpgsign=false", ...args],
        {
          env: { GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null", GIT_AUTHOR_DATE: when, GIT_COMMITTER_DATE: when },
        },
      )
    ).stdout
      .toString("utf8")
      .trim();
  const write = (file: string, text: string | Buffer) => writeFileSync(path.join(work, file), text);
  const commit = async (message: string, when: string) => {
    await git(["add", "-A"], when);
    await git(["commit", "--quiet", "-m", message], when);
    return git(["rev-parse", "HEAD"], when);
  };
  await git(["init", "--quiet", "-b", "main"]);
  write("app.py", APP_V0);
  write("util.py", "def util():\n    return 0\n");
  write("old_name.py", OLD_NAME);
  const c0 = await commit("base", times.c0);
  await git(["checkout", "--quiet", "-b", "feature"]);
  write("app.py", APP_P1);
  write("logo.png", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x01, 0x02, 0x00]));
  const p1 = await commit("cache files", times.p1);
  write("app.py", APP_P2);
  await git(["mv", "old_name.py", "new_name.py"], times.p2);
  write("new_name.py", OLD_NAME.replace("return 2", "return 3"));
  const p2 = await commit("fix typo, rename helper module", times.p2);
  await git(["checkout", "--quiet", "main"]);
  write("util.py", "def util():\n    return 42\n");
  const m1 = await commit("main moves on", times.m1);
  await git(["checkout", "--quiet", "feature"]);
  await git(["reset", "--quiet", "--hard", p1]);
  write("app.py", APP_P3);
  const p3 = await commit("cache eight files", times.p3);
  await runGitCommand(["clone", "--quiet", "--bare", work, gitDir], { env: { GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" } });
  const bare = (args: string[]) => runGitCommand([`--git-dir=${gitDir}`, ...args]);
  await bare(["update-ref", "refs/pull/1/head", p3]);
  await bare(["config", "uploadpack.allowAnySHA1InWant", "true"]);
  if (dropP2) {
    // the force-pushed commit is gone from GitHub: no ref, no object
    await bare(["update-ref", "-d", "refs/heads/feature"]).catch(() => undefined);
    await bare(["update-ref", "refs/heads/feature", p3]);
    await bare(["reflog", "expire", "--expire=now", "--all"]);
    await bare(["gc", "--quiet", "--prune=now"]);
  } else {
    await bare(["update-ref", "refs/heads/feature", p3]);
    await bare(["update-ref", "refs/keep/p2", p2]);
  }
  return { gitDir, c0, m1, p1, p2, p3, times };
}
