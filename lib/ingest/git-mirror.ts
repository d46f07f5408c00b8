// Patches come from git, not the API: `refs/pull/*/head` fetched once per repository into a bare mirror
// (which the annotation stage reads files from later), then `git diff base...head` per PR — GitHub's
// three-dot PR diff, with neither the 300-file/20,000-line limit of the diff media type nor API cost.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";

export class GitError extends Error {
  name = "GitError";
}

export function runGit(args: string[], options: { cwd?: string; input?: string; signal?: AbortSignal } = {}): Promise<string> {
  // an unattended crawl must fail on a credential prompt, not wait for one
  return runCommand("git", ["-c", "core.askPass=true", ...args], options);
}

function runCommand(command: string, args: string[], options: { cwd?: string; input?: string; signal?: AbortSignal } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, stdio: [options.input === undefined ? "ignore" : "pipe", "pipe", "pipe"], signal: options.signal });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout!.on("data", (d) => out.push(d));
    child.stderr!.on("data", (d) => err.push(d));
    child.on("error", (e) => reject(new GitError(`${command} ${args[0]}: ${e.message}`)));
    child.on("close", (code) =>
      code === 0 ? resolve(Buffer.concat(out).toString("utf8")) : reject(new GitError(`${command} ${args.join(" ")} exited ${code}: ${Buffer.concat(err).toString("utf8").trim()}`)),
    );
    if (child.stdin) {
      // git may exit before reading all of stdin; its exit status tells what happened
      child.stdin.on("error", () => undefined);
      child.stdin.end(options.input);
    }
  });
}

/** `<MIRRORS_DIR>/<owner>/<name>.git`; GitHub names are [A-Za-z0-9._-] (owners never start with a dot,
 *  so `..` cannot climb out of the folder), anything else is refused. */
export function mirrorPath(mirrorsDir: string, fullName: string): string {
  const m = /^([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)$/.exec(fullName);
  if (!m || /^[.-]/.test(m[1]) || m[2].startsWith("-")) throw new GitError(`refusing to mirror a repository named ${JSON.stringify(fullName)}`);
  return path.join(mirrorsDir, m[1], `${m[2]}.git`);
}

/** Production remote for a repository, derived from the API URL (github.com or GitHub Enterprise). */
export function defaultGitUrlFor(apiUrl: string): (fullName: string) => string {
  const api = new URL(apiUrl);
  const web = api.hostname === "api.github.com" ? "https://github.com" : `${api.protocol}//${api.host}`;
  return (fullName) => `${web}/${fullName}.git`;
}

export interface GitMirror {
  dir: string;
  /** fetches branches and every PR head; returns how long it took */
  fetchPullRequestHeads(): Promise<number>;
  /** shas not present in the mirror */
  missing(shas: string[]): Promise<string[]>;
  /** fetches specific commits (GitHub serves reachable SHAs by id) */
  fetchCommits(shas: string[]): Promise<void>;
  diff(base: string, head: string): Promise<string>;
  /** three-dot diffs of many PRs from one spawned shell: forking git from a large process (the
   *  embedded database lives in ours) costs tens of milliseconds, forking it from `sh` almost nothing */
  diffMany(pairs: { key: number; base: string; head: string }[]): Promise<Map<number, string | { error: string }>>;
}

const DIFF_ARGS = ["-c", "core.quotePath=false", "diff", "--no-color", "--no-ext-diff", "--no-textconv", "-M", "--src-prefix=a/", "--dst-prefix=b/"];

// Each diff is preceded by NUL<key>NUL; git prints a text diff without NUL bytes (files containing NUL
// are binary and show as "Binary files differ"), so the markers cannot collide with patch content.
const DIFF_MANY_SCRIPT = `
while read -r key base head; do
  printf '\\0%s\\0' "$key"
  git -c core.askPass=true -C "$1" ${DIFF_ARGS.join(" ")} "$base...$head" 2>/dev/null || printf '\\0failed\\0'
done
`;

export async function openMirror(mirrorsDir: string, fullName: string, remoteUrl: string, signal?: AbortSignal): Promise<GitMirror> {
  const dir = mirrorPath(mirrorsDir, fullName);
  if (!existsSync(path.join(dir, "HEAD"))) {
    mkdirSync(dir, { recursive: true });
    await runGit(["init", "--quiet", "--bare", dir], { signal });
  }
  const git = (args: string[], input?: string) => runGit(["-C", dir, ...args], { input, signal });
  return {
    dir,
    async fetchPullRequestHeads() {
      const started = Date.now();
      await git(["fetch", "--quiet", "--no-tags", "--force", remoteUrl, "+refs/heads/*:refs/heads/*", "+refs/pull/*/head:refs/pull/*/head"]);
      return Date.now() - started;
    },
    async missing(shas) {
      if (!shas.length) return [];
      const out = await git(["cat-file", "--batch-check=%(objectname) %(objecttype)"], shas.join("\n") + "\n");
      return out
        .split("\n")
        .filter((l) => l.endsWith(" missing"))
        .map((l) => l.split(" ")[0]);
    },
    async fetchCommits(shas) {
      if (shas.length) await git(["fetch", "--quiet", "--no-tags", remoteUrl, ...shas]);
    },
    diff(base, head) {
      return git([...DIFF_ARGS, `${base}...${head}`]);
    },
    async diffMany(pairs) {
      const out = new Map<number, string | { error: string }>();
      if (!pairs.length) return out;
      const raw = await runCommand("sh", ["-c", DIFF_MANY_SCRIPT, "diff-many", dir], { input: pairs.map((p) => `${p.key} ${p.base} ${p.head}\n`).join(""), signal });
      const parts = raw.split("\0");
      // parts: "", key, diff, key, diff, ... with "failed" markers appended after a failed diff
      for (let i = 1; i + 1 < parts.length; i += 2) {
        const key = Number(parts[i]);
        if (parts[i + 2] === "failed") {
          out.set(key, { error: `git diff of ${pairs.find((p) => p.key === key)?.base}...${pairs.find((p) => p.key === key)?.head} failed` });
          i += 2;
        } else out.set(key, parts[i + 1]);
      }
      return out;
    },
  };
}
