// The file tree at one commit, from `git ls-tree -r --long` (one git call, NUL-separated so
// any file name survives).
import { assertCommit, runGit, type Mirror } from "./git-command";

export interface TreeEntry {
  path: string;
  /** blob size in bytes; null for submodules */
  size: number | null;
  kind: "file" | "symlink" | "submodule";
}

export interface RepoTree {
  entries: TreeEntry[];
  truncated: boolean;
}

const TREE_ENTRY_CAP = 100_000;

function parseLsTree(output: string, cap = TREE_ENTRY_CAP): RepoTree {
  const entries: TreeEntry[] = [];
  let truncated = false;
  for (const record of output.split("\0")) {
    if (!record) continue;
    const tab = record.indexOf("\t");
    if (tab < 0) continue;
    const [mode, type, , size] = record.slice(0, tab).split(/ +/);
    const path = record.slice(tab + 1);
    if (entries.length >= cap) {
      truncated = true;
      break;
    }
    const kind = type === "commit" ? "submodule" : mode === "120000" ? "symlink" : "file";
    entries.push({ path, size: size === "-" || size === undefined ? null : Number(size), kind });
  }
  return { entries, truncated };
}

export async function listTree(mirror: Mirror, commit: string, cap = TREE_ENTRY_CAP): Promise<RepoTree> {
  await assertCommit(mirror, commit);
  const { stdout } = await runGit(mirror, ["ls-tree", "-r", "-z", "--long", commit]);
  return parseLsTree(stdout.toString("utf8"), cap);
}
