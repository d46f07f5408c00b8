// The repository as the PR would leave it: base tree and files with the PR's patch applied.
// The patch is what annotators judge, so it is applied to the base text (pure); only when it does
// not apply (e.g. a base that moved) is the head commit read instead, if the mirror has it.
import type { PatchFile } from "@/lib/patch/released-patch";
import { isAppError } from "@/lib/errors";
import { applyFilePatch } from "./apply-file-patch";
import { hasCommit, type Mirror } from "./git-command";
import { listTree, type RepoTree, type TreeEntry } from "./list-tree";
import { readFileAt, type RepoFile } from "./read-file";
import { searchCode, searchText, SEARCH_MATCH_CAP, type SearchOptions, type SearchResult } from "./search-code";

export type RepoVersion = "base" | "patched";
export type FileChange = "added" | "modified" | "deleted" | "renamed";

export interface PullRequestRevision {
  baseSha: string;
  headSha: string;
  files: PatchFile[];
}

export interface PatchedTreeEntry extends TreeEntry {
  change: FileChange | null;
}

/** How the patch changes each path it touches (renames show under their new path). */
export function patchChanges(files: PatchFile[]): Map<string, FileChange> {
  const changes = new Map<string, FileChange>();
  for (const f of files) {
    const added = f.hunks.length > 0 && f.hunks.every((h) => h.oldStart === 0 && h.oldCount === 0);
    const deleted = f.hunks.length > 0 && f.hunks.every((h) => h.newStart === 0 && h.newCount === 0);
    changes.set(f.path, added ? "added" : deleted ? "deleted" : f.oldPath !== f.path ? "renamed" : "modified");
  }
  return changes;
}

export async function listVersionTree(
  mirror: Mirror,
  pr: PullRequestRevision,
  version: RepoVersion,
): Promise<{ entries: PatchedTreeEntry[]; truncated: boolean }> {
  const base: RepoTree = await listTree(mirror, pr.baseSha);
  const changes = patchChanges(pr.files);
  if (version === "base") {
    return { entries: base.entries.map((e) => ({ ...e, change: changes.get(e.path) ?? null })), truncated: base.truncated };
  }
  const gone = new Set<string>();
  for (const f of pr.files) {
    if (changes.get(f.path) === "deleted") gone.add(f.path);
    if (f.oldPath !== f.path) gone.add(f.oldPath);
  }
  const entries: PatchedTreeEntry[] = base.entries
    .filter((e) => !gone.has(e.path))
    .map((e) => ({ ...e, change: changes.get(e.path) ?? null }));
  const present = new Set(entries.map((e) => e.path));
  for (const [path, change] of changes) {
    if (change !== "deleted" && !present.has(path)) entries.push({ path, size: null, kind: "file", change });
  }
  entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { entries, truncated: base.truncated };
}

export async function readVersionFile(
  mirror: Mirror,
  pr: PullRequestRevision,
  path: string,
  version: RepoVersion,
): Promise<RepoFile & { source?: "base" | "applied-patch" | "head" }> {
  if (version === "base") return { ...(await readFileAt(mirror, pr.baseSha, path)), source: "base" };
  const file = pr.files.find((f) => f.path === path);
  if (!file) {
    if (pr.files.some((f) => f.oldPath === path && f.oldPath !== f.path)) return { kind: "missing", path };
    return { ...(await readFileAt(mirror, pr.baseSha, path)), source: "base" };
  }
  const change = patchChanges([file]).get(path);
  if (change === "deleted") return { kind: "missing", path };
  let baseText: string | null = null;
  if (change !== "added") {
    const base = await readFileAt(mirror, pr.baseSha, file.oldPath);
    if (base.kind === "text") baseText = base.text;
    else if (base.kind !== "missing") return base;
  }
  try {
    const { text } = applyFilePatch(baseText, file);
    return { kind: "text", path, size: Buffer.byteLength(text), text, source: "applied-patch" };
  } catch (e) {
    if (isAppError(e, "patch_does_not_apply") && (await hasCommit(mirror, pr.headSha))) {
      return { ...(await readFileAt(mirror, pr.headSha, path)), source: "head" };
    }
    throw e;
  }
}

export async function searchVersion(
  mirror: Mirror,
  pr: PullRequestRevision,
  query: string,
  version: RepoVersion,
  options: SearchOptions = {},
): Promise<SearchResult> {
  if (version === "base") return searchCode(mirror, pr.baseSha, query, options);
  const maxMatches = options.maxMatches ?? SEARCH_MATCH_CAP;
  const touched = new Set<string>();
  for (const f of pr.files) {
    touched.add(f.path);
    touched.add(f.oldPath);
  }
  const fromBase = await searchCode(mirror, pr.baseSha, query, { ...options, excludePaths: touched });
  const fromPatch = [];
  for (const f of pr.files) {
    const file = await readVersionFile(mirror, pr, f.path, "patched");
    if (file.kind === "text") fromPatch.push(...searchText(f.path, file.text, query, options));
  }
  const matches = [...fromBase.matches, ...fromPatch].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line));
  return { matches: matches.slice(0, maxMatches), truncated: fromBase.truncated || matches.length > maxMatches };
}
