// Does a PR's stored patch reproduce the PR (#44)? It is applied with `git apply --cached` to an index
// holding the merge base of its base and head (a temporary index file: the bare mirror has no work tree
// and nothing in it changes), and the tree that results must be the head's tree. Binary files come from
// the mirror by the full object ids on their `index` lines, as `git apply` does for a patch without data.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { isAppError } from "@/lib/errors";
import { type Mirror, runGit } from "./git-command";
import { mergeBase, PINNED_GIT_ENV } from "./three-dot-diff";

export type PatchCheck = { applies: true; givesHead: boolean; differs: string[] } | { applies: false; why: string };

const APPLY = ["apply", "--cached", "--whitespace=nowarn"];

/** Applies `patch` to the merge base of base and head; says whether it applies and whether the result is the head's tree. */
export async function applyToMergeBase(mirror: Mirror, base: string, head: string, patch: string): Promise<PatchCheck> {
  const from = await mergeBase(mirror, base, head);
  if (from === null) return { applies: false, why: `${base.slice(0, 12)} and ${head.slice(0, 12)} share no history` };
  const dir = mkdtempSync(path.join(tmpdir(), "patch-check-"));
  const env = { ...PINNED_GIT_ENV, GIT_INDEX_FILE: path.join(dir, "index") };
  const git = async (args: string[], input?: string) =>
    (await runGit(mirror, args, { env, input, timeoutMs: 120_000, maxBytes: 256 * 1024 * 1024 })).stdout.toString("utf8").trim();
  try {
    await git(["read-tree", from]);
    // an empty patch changes nothing (a PR whose head equals its merge base); git apply refuses "no changes"
    if (patch.trim()) {
      try {
        await git(APPLY, patch);
      } catch (e) {
        const stderr = isAppError(e) && typeof e.details.stderr === "string" ? e.details.stderr : String(e);
        return { applies: false, why: stderr.trim().split("\n").slice(0, 3).join(" / ") };
      }
    }
    const [tree, headTree] = [await git(["write-tree"]), await git(["rev-parse", `${head}^{tree}`])];
    if (tree === headTree) return { applies: true, givesHead: true, differs: [] };
    const differs = (await git(["diff-tree", "-r", "--name-status", "--no-renames", tree, headTree])).split("\n").filter(Boolean);
    return { applies: true, givesHead: false, differs };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
