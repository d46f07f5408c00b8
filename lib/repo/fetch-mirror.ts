// The one way a mirror is fetched. Patches come from git, not the API: `refs/pull/*/head` fetched
// once per repository into the bare mirror that the repository browser reads (mirror-path.ts), then
// `git diff base...head` per PR — GitHub's three-dot PR diff, with neither the 300-file/20,000-line
// limit of the diff media type nor API cost.
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { runGitCommand, runGitScript, type GitRunOptions } from "./git-command";
import { locateMirror } from "./mirror-path";
import { PINNED_DIFF_CONFIG, PINNED_DIFF_OPTIONS, PINNED_GIT_ENV } from "./three-dot-diff";

/** Production remote for a repository, derived from the API URL (github.com or GitHub Enterprise). */
export function defaultGitUrlFor(apiUrl: string): (fullName: string) => string {
  const api = new URL(apiUrl);
  const web = api.hostname === "api.github.com" ? "https://github.com" : `${api.protocol}//${api.host}`;
  return (fullName) => `${web}/${fullName}.git`;
}

export interface FetchableMirror {
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

// an unattended crawl must fail on a credential prompt, not wait for one
const NO_PROMPT = ["-c", "core.askPass=true"];
const NO_PROMPT_ENV = { ...PINNED_GIT_ENV, GIT_TERMINAL_PROMPT: "0" };
// the final patch and the per-comment snapshot patches come from one pinned diff configuration
const DIFF_ARGS = [...PINNED_DIFF_CONFIG, "diff", ...PINNED_DIFF_OPTIONS];

// Each diff is preceded by NUL<key>NUL; git prints a text diff without NUL bytes (files containing NUL
// are binary and show as "Binary files differ"), so the markers cannot collide with patch content.
const DIFF_MANY_SCRIPT = `
while read -r key base head; do
  printf '\\0%s\\0' "$key"
  git -c core.askPass=true -C "$1" ${DIFF_ARGS.join(" ")} "$base...$head" 2>/dev/null || printf '\\0failed\\0'
done
`;

/** Opens (creating it when absent) the mirror of fullName for fetching from remoteUrl. */
export async function openMirrorForFetch(
  mirrorsDir: string,
  fullName: string,
  remoteUrl: string,
  signal?: AbortSignal,
): Promise<FetchableMirror> {
  const dir = locateMirror(mirrorsDir, fullName);
  // fetches and diffs of a large repository take as long as they take; the crawl's signal stops them
  const options: GitRunOptions = { signal, env: NO_PROMPT_ENV, timeoutMs: 0, maxBytes: Number.MAX_SAFE_INTEGER };
  if (!existsSync(path.join(dir, "HEAD"))) {
    mkdirSync(dir, { recursive: true });
    await runGitCommand([...NO_PROMPT, "init", "--quiet", "--bare", dir], options);
  }
  const git = async (args: string[], input?: string) =>
    (await runGitCommand([...NO_PROMPT, "-C", dir, ...args], { ...options, input })).stdout.toString("utf8");
  return {
    dir,
    async fetchPullRequestHeads() {
      const started = Date.now();
      await git([
        "fetch",
        "--quiet",
        "--no-tags",
        "--force",
        remoteUrl,
        "+refs/heads/*:refs/heads/*",
        "+refs/pull/*/head:refs/pull/*/head",
      ]);
      return Date.now() - started;
    },
    async missing(shas) {
      if (!shas.length) return [];
      const out = await git(["cat-file", "--batch-check=%(objectname) %(objecttype)"], `${shas.join("\n")}\n`);
      return out
        .split("\n")
        .filter((l) => l.endsWith(" missing"))
        .map((l) => l.split(" ")[0] ?? l);
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
      const input = pairs.map((p) => `${p.key} ${p.base} ${p.head}\n`).join("");
      const raw = (await runGitScript(DIFF_MANY_SCRIPT, [dir], { ...options, input })).stdout.toString("utf8");
      const parts = raw.split("\0");
      // parts: "", key, diff, key, diff, ... with "failed" markers appended after a failed diff
      for (let i = 1; i + 1 < parts.length; i += 2) {
        const key = Number(parts[i]);
        if (parts[i + 2] === "failed") {
          const pair = pairs.find((p) => p.key === key);
          out.set(key, { error: `git diff of ${pair?.base}...${pair?.head} failed` });
          i += 2;
        } else out.set(key, parts[i + 1] ?? "");
      }
      return out;
    },
  };
}
