// One file at one commit: size-capped, and binary files reported rather than dumped
// (NUL in the first 8,000 bytes: git's own heuristic).
import { assertCommit, assertRepoPath, runGit, type Mirror } from "./git-command";

const FILE_SIZE_CAP = 1024 * 1024;
const BINARY_PROBE_BYTES = 8000;

export type RepoFile =
  | { kind: "text"; path: string; size: number; text: string }
  | { kind: "binary"; path: string; size: number }
  | { kind: "too-large"; path: string; size: number }
  | { kind: "missing"; path: string }
  | { kind: "directory"; path: string }
  | { kind: "submodule"; path: string };

function looksBinary(bytes: Buffer): boolean {
  return bytes.subarray(0, BINARY_PROBE_BYTES).includes(0);
}

export async function readFileAt(mirror: Mirror, commit: string, filePath: string, cap = FILE_SIZE_CAP): Promise<RepoFile> {
  assertRepoPath(filePath);
  await assertCommit(mirror, commit);
  const { stdout } = await runGit(mirror, ["ls-tree", "-z", "--long", commit, "--", filePath]);
  const record = stdout
    .toString("utf8")
    .split("\0")
    .find((r) => r.endsWith(`\t${filePath}`));
  if (!record) return { kind: "missing", path: filePath };
  const [, type, object, size] = record.slice(0, record.indexOf("\t")).split(/ +/);
  if (type === "tree") return { kind: "directory", path: filePath };
  if (type === "commit") return { kind: "submodule", path: filePath };
  const bytes = Number(size);
  if (bytes > cap) return { kind: "too-large", path: filePath, size: bytes };
  const blob = await runGit(mirror, ["cat-file", "blob", object], { maxBytes: cap + 1024 });
  if (looksBinary(blob.stdout)) return { kind: "binary", path: filePath, size: bytes };
  return { kind: "text", path: filePath, size: bytes, text: blob.stdout.toString("utf8") };
}
