// GitHub's PR diff at one commit: the three-dot diff from the merge base of the base commit and the
// snapshot commit to the snapshot commit, written in the released format (lib/patch/released-patch.ts).
// Git runs with a pinned configuration so the patch depends on the two commits alone: no system or user
// config, no attributes files, no textconv or external diff drivers, three context lines, Myers diff and
// rename detection at git's (and GitHub's) 50% similarity.
import { AppError } from "@/lib/errors";
import { formatReleasedPatch, type ReleasedPatch } from "@/lib/patch/format-released-patch";
import { hasCommit, runGit, type GitRunOptions, type Mirror } from "./git-command";

/** Environment that keeps git from reading any configuration but the repository's own. */
export const PINNED_GIT_ENV: Record<string, string> = {
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_ATTR_NOSYSTEM: "1",
  GIT_TERMINAL_PROMPT: "0",
};

/** `-c` settings that override whatever the mirror's own config says. */
export const PINNED_DIFF_CONFIG = [
  "-c",
  // non-ASCII names come C-quoted (octal bytes), so a name that is not UTF-8 survives to the patch
  "core.quotePath=true",
  "-c",
  "core.attributesFile=/dev/null",
  "-c",
  "diff.renames=true",
  "-c",
  "diff.noprefix=false",
  "-c",
  "diff.mnemonicPrefix=false",
  "-c",
  "diff.relative=false",
  "-c",
  "diff.algorithm=myers",
  "-c",
  "diff.indentHeuristic=true",
  "-c",
  "diff.suppressBlankEmpty=false",
  "-c",
  "diff.context=3",
  "-c",
  "diff.interHunkContext=0",
];

/** `git diff` options after the subcommand: the same for the final and the snapshot patch. */
export const PINNED_DIFF_OPTIONS = [
  "--no-color",
  "--no-ext-diff",
  "--no-textconv",
  "--unified=3",
  "--inter-hunk-context=0",
  "--find-renames=50%",
  "--diff-algorithm=myers",
  "--src-prefix=a/",
  "--dst-prefix=b/",
  // whole object ids on `index` lines: `git apply` takes a binary file's new content from the mirror by
  // its id (the PR's git patch, lib/patch/git-patch.ts); the released format drops these lines anyway
  "--full-index",
];

const pinned: GitRunOptions = { env: PINNED_GIT_ENV, timeoutMs: 120_000, maxBytes: 512 * 1024 * 1024 };

/** The merge base of two commits, or null when their histories are unrelated. */
export async function mergeBase(mirror: Mirror, a: string, b: string): Promise<string | null> {
  const { stdout, exitCode } = await runGit(mirror, ["merge-base", a, b], { ...pinned, okExitCodes: [0, 1] });
  return exitCode === 0 ? stdout.toString("utf8").trim() : null;
}

export interface ThreeDotDiff extends ReleasedPatch {
  mergeBase: string;
}

/** The released-format patch a PR showed when its head was `snapshot`. Both commits must be in the mirror. */
export async function threeDotDiff(mirror: Mirror, base: string, snapshot: string): Promise<ThreeDotDiff> {
  for (const commit of [base, snapshot]) {
    if (!(await hasCommit(mirror, commit))) {
      throw new AppError("commit_missing", `Commit ${commit.slice(0, 12)} is not in the local mirror of ${mirror.fullName}.`, {
        fullName: mirror.fullName,
        commit,
      });
    }
  }
  const from = await mergeBase(mirror, base, snapshot);
  if (from === null) {
    throw new AppError("git_failed", `Commits ${base.slice(0, 12)} and ${snapshot.slice(0, 12)} of ${mirror.fullName} share no history.`, {
      base,
      snapshot,
    });
  }
  const { stdout } = await runGit(mirror, [...PINNED_DIFF_CONFIG, "diff", ...PINNED_DIFF_OPTIONS, from, snapshot], pinned);
  return { ...formatReleasedPatch(stdout.toString("utf8")), mergeBase: from };
}
