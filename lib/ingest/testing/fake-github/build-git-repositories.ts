// Each materialised fake repository becomes a real bare git repository (main history plus one
// `refs/pull/N/head` per PR), written with one `git fast-import` so a 1,000-PR repository builds in seconds.
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { runGitCommand } from "@/lib/repo/git-command";
import { applyChange, mainEdit, mainTreeAt } from "./repository-content";
import type { FakePullRequest, FakeRepository, FakeWorld } from "./world-types";

interface ImportCommit {
  mark: number;
  ref: string;
  /** `:mark` of a commit in this import or a SHA already in the repository */
  parent: string | null;
  date: string;
  authorName: string;
  authorEmail: string;
  message: string;
  /** changed paths: new content, or null for a deletion */
  files: Map<string, string | null>;
}

async function run(args: string[], input?: string): Promise<string> {
  return (await runGitCommand(args, { input: input ?? "", timeoutMs: 0, maxBytes: Number.MAX_SAFE_INTEGER })).stdout.toString("utf8");
}

const data = (text: string) => `data ${Buffer.byteLength(text)}\n${text}\n`;

function stream(commits: ImportCommit[]): string {
  const parts: string[] = [];
  for (const c of commits) {
    const when = `${Math.floor(Date.parse(c.date) / 1000)} +0000`;
    const who = `${c.authorName} <${c.authorEmail}> ${when}`;
    parts.push(`commit ${c.ref}\nmark :${c.mark}\nauthor ${who}\ncommitter ${who}\n${data(c.message)}`);
    if (c.parent) parts.push(`from ${c.parent}\n`);
    for (const [p, content] of c.files) parts.push(content === null ? `D ${p}\n` : `M 100644 inline ${p}\n${data(content)}`);
    parts.push("\n");
  }
  return `${parts.join("")}done\n`;
}

async function fastImport(gitDir: string, commits: ImportCommit[]): Promise<Map<number, string>> {
  const marksFile = path.join(gitDir, `marks-${process.pid}-${Date.now()}.txt`);
  await run(["-C", gitDir, "fast-import", "--quiet", "--done", `--export-marks=${marksFile}`], stream(commits));
  const marks = new Map<number, string>();
  for (const line of readFileSync(marksFile, "utf8").split("\n")) {
    const m = /^:(\d+) ([0-9a-f]{40})$/.exec(line);
    if (m) marks.set(Number(m[1]), m[2]);
  }
  rmSync(marksFile);
  return marks;
}

function pullRequestCommits(repo: FakeRepository, pr: FakePullRequest, firstMark: number, baseParent: string): ImportCommit[] {
  let tree = mainTreeAt(repo, pr.baseIndex);
  return pr.changes.map((step, c) => {
    const files = new Map<string, string | null>();
    for (const change of step) {
      tree = applyChange(tree, change, pr.number, c * 10 + step.indexOf(change)).tree;
      files.set(change.path, tree.get(change.path) ?? null);
    }
    const commit = pr.commits[c];
    return {
      mark: firstMark + c,
      ref: `refs/pull/${pr.number}/head`,
      parent: c === 0 ? baseParent : `:${firstMark + c - 1}`,
      date: commit.committedDate,
      authorName: commit.authorName,
      authorEmail: commit.authorEmail,
      message: commit.message,
      files,
    };
  });
}

function assignPullRequestOids(pr: FakePullRequest, marks: Map<number, string>, firstMark: number, baseOid: string) {
  pr.commits.forEach((c, i) => (c.oid = marks.get(firstMark + i)!));
  pr.baseRefOid = baseOid;
  pr.headRefOid = pr.commits.at(-1)!.oid;
}

async function buildGitRepository(repo: FakeRepository, rootDir: string): Promise<void> {
  const gitDir = path.join(rootDir, repo.owner, `${repo.name}.git`);
  rmSync(gitDir, { recursive: true, force: true });
  mkdirSync(gitDir, { recursive: true });
  await run(["init", "--quiet", "--bare", "--initial-branch=main", gitDir]);
  const commits: ImportCommit[] = [];
  repo.mainCommitDates.forEach((date, m) => {
    const files = new Map<string, string | null>();
    if (m === 0) for (const [p, content] of mainTreeAt(repo, 0)) files.set(p, content);
    else {
      const e = mainEdit(repo, m);
      files.set(e.path, mainTreeAt(repo, m).get(e.path)!);
    }
    commits.push({
      mark: m + 1,
      ref: "refs/heads/main",
      parent: m === 0 ? null : `:${m}`,
      date,
      authorName: "Maintainer",
      authorEmail: "maintainer@example.org",
      message: m === 0 ? "Initial commit" : `Maintenance ${m}`,
      files,
    });
  });
  let mark = commits.length + 1;
  const firstMarks = new Map<FakePullRequest, number>();
  for (const pr of repo.pullRequests) {
    firstMarks.set(pr, mark);
    commits.push(...pullRequestCommits(repo, pr, mark, `:${pr.baseIndex + 1}`));
    mark += pr.changes.length;
  }
  const marks = await fastImport(gitDir, commits);
  repo.mainCommitOids = repo.mainCommitDates.map((_, m) => marks.get(m + 1)!);
  for (const pr of repo.pullRequests) assignPullRequestOids(pr, marks, firstMarks.get(pr)!, repo.mainCommitOids[pr.baseIndex]);
  repo.gitDir = gitDir;
}

/** Builds every repository that has pull requests; selection-only repositories have no git data. */
export async function buildGitRepositories(world: FakeWorld, rootDir: string): Promise<void> {
  for (const repo of world.repositories) if (repo.pullRequests.length) await buildGitRepository(repo, rootDir);
}

/** Writes the commits of a PR added after the build (incremental-crawl tests). */
export async function importPullRequest(repo: FakeRepository, pr: FakePullRequest): Promise<void> {
  if (!repo.gitDir) throw new Error(`${repo.owner}/${repo.name} has no git repository yet`);
  const base = repo.mainCommitOids[pr.baseIndex];
  const marks = await fastImport(repo.gitDir, pullRequestCommits(repo, pr, 1, base));
  assignPullRequestOids(pr, marks, 1, base);
}
