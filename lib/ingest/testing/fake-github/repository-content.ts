// File contents of a fake repository as a pure function of its history, so the world generator
// (diff hunks of review comments) and the git builder (real commits) agree on every line.
import type { FakeFileChange, FakeRepository } from "./world-types";

export type FileTree = Map<string, string>;

const MODULES = 6;
const LINES = 40;

const modulePath = (repo: Pick<FakeRepository, "name">, k: number) => `src/${repo.name.replace(/[^a-z0-9_]/gi, "_")}/module_${k}.py`;

function moduleLines(k: number): string[] {
  return Array.from({ length: LINES }, (_, i) => ((i + 1) % 2 === 1 ? `def f_${k}_${i + 1}(x):` : `    return x + ${i + 1}`));
}

function initialTree(repo: Pick<FakeRepository, "name" | "owner">): FileTree {
  const tree: FileTree = new Map();
  tree.set("README.md", `# ${repo.owner}/${repo.name}\n\nA fake project for crawler tests.\n`);
  // no trailing newline: diffs of this file carry `\ No newline at end of file`
  tree.set("VERSION", "1.0.0");
  for (let k = 0; k < MODULES; k++) tree.set(modulePath(repo, k), `${moduleLines(k).join("\n")}\n`);
  return tree;
}

/** Main commit m (m >= 1) rewrites one line of one module. */
export function mainEdit(repo: Pick<FakeRepository, "name">, m: number): { path: string; line: number; text: string } {
  const line = ((m * 7) % LINES) + 1;
  return { path: modulePath(repo, m % MODULES), line, text: `    return x + ${line} * ${m}` };
}

function replaceLine(content: string, line: number, replacement: string[]): string {
  const lines = content.split("\n");
  lines.splice(line - 1, 1, ...replacement);
  return lines.join("\n");
}

function applyMainEdit(tree: FileTree, repo: Pick<FakeRepository, "name">, m: number): FileTree {
  const next = new Map(tree);
  const e = mainEdit(repo, m);
  next.set(e.path, replaceLine(next.get(e.path)!, e.line, [e.text]));
  return next;
}

const mainTrees = new WeakMap<object, FileTree[]>();

/** The default branch's files after main commit `index`, memoised per repository. */
export function mainTreeAt(repo: Pick<FakeRepository, "name" | "owner">, index: number): FileTree {
  let trees = mainTrees.get(repo);
  if (!trees) mainTrees.set(repo, (trees = [initialTree(repo)]));
  while (trees.length <= index) trees.push(applyMainEdit(trees[trees.length - 1], repo, trees.length));
  return trees[index];
}

export const addedFilePath = (repo: Pick<FakeRepository, "name">, pr: number, commit: number) =>
  `src/${repo.name.replace(/[^a-z0-9_]/gi, "_")}/feature_${pr}_${commit}.py`;

function addedFileContent(pr: number, commit: number): string {
  return [
    `"""Feature added in #${pr}."""`,
    "",
    `def feature_${pr}_${commit}(values):`,
    "    if not values:",
    "        return None",
    "    return sum(values) / len(values)",
    "",
  ].join("\n");
}

/** Applies one PR change; returns the new tree and, for review comments, GitHub's diff hunk of it. */
export function applyChange(tree: FileTree, change: FakeFileChange, pr: number, commit: number): { tree: FileTree; diffHunk: string } {
  const next = new Map(tree);
  if (change.kind === "add") {
    const content = addedFileContent(pr, commit);
    next.set(change.path, content);
    const lines = content.split("\n").slice(0, -1);
    return { tree: next, diffHunk: [`@@ -0,0 +1,${lines.length} @@`, ...lines.slice(0, 4).map((l) => `+${l}`)].join("\n") };
  }
  if (change.kind === "delete") {
    const old = next.get(change.path)!.split("\n").slice(0, -1);
    next.delete(change.path);
    return { tree: next, diffHunk: [`@@ -1,${old.length} +0,0 @@`, ...old.slice(0, 3).map((l) => `-${l}`)].join("\n") };
  }
  if (change.kind === "append-no-newline") {
    const old = next.get(change.path) ?? "";
    next.set(change.path, `1.0.${pr}`);
    return { tree: next, diffHunk: ["@@ -1 +1 @@", `-${old}`, "\\ No newline at end of file", `+1.0.${pr}`].join("\n") };
  }
  const lines = next.get(change.path)!.split("\n");
  const at = Math.min(change.line, lines.length - 1);
  const old = lines[at - 1];
  const replacement = [`${old.replace(/\s+#.*$/, "")}  # fixed in #${pr}.${commit}`, `    # see #${pr}`];
  next.set(change.path, replaceLine(next.get(change.path)!, at, replacement));
  const start = Math.max(1, at - 3);
  const before = lines.slice(start - 1, at - 1);
  return {
    tree: next,
    diffHunk: [
      `@@ -${start},${before.length + 1} +${start},${before.length + 2} @@`,
      ...before.map((l) => ` ${l}`),
      `-${old}`,
      ...replacement.map((l) => `+${l}`),
    ].join("\n"),
  };
}

export const isModule = (path: string) => /\/module_\d+\.py$/.test(path);
