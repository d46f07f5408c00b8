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

// Each diff is framed by a header line "<key> <bytes> ok|failed" and then exactly <bytes> bytes of diff:
// nothing in a file's content can break the framing. (It used to be NUL-separated, on the belief that git
// never prints NUL; but git sniffs only a file's first 8,000 bytes for binary content, so a text file
// with a NUL after them is diffed as text, and one PR's patch cut the next three PRs of its batch, #13 case 9.)
const DIFF_MANY_SCRIPT = `
tmp=$(mktemp) || exit 1
trap 'rm -f "$tmp"' EXIT
while read -r key base head; do
  if git -c core.askPass=true -C "$1" ${DIFF_ARGS.join(" ")} "$base...$head" >"$tmp" 2>/dev/null; then
    printf '%s %s ok\\n' "$key" "$(wc -c <"$tmp" | tr -d ' ')"
    cat "$tmp"
  else
    printf '%s 0 failed\\n' "$key"
  fi
done
`;

/** Reads diffMany's framed output: a header line "<key> <bytes> ok|failed", then that many bytes. Pure. */
export function parseFramedDiffs(raw: Buffer): { key: number; ok: boolean; diff: string }[] {
  const out: { key: number; ok: boolean; diff: string }[] = [];
  let at = 0;
  while (at < raw.length) {
    const eol = raw.indexOf(0x0a, at);
    if (eol < 0) throw new Error(`diff framing: a header without its end at byte ${at}`);
    const m = /^(-?\d+) (\d+) (ok|failed)$/.exec(raw.subarray(at, eol).toString("utf8"));
    if (!m)
      throw new Error(
        `diff framing: unreadable header at byte ${at}: ${JSON.stringify(raw.subarray(at, Math.min(eol, at + 80)).toString("utf8"))}`,
      );
    const bytes = Number(m[2]);
    if (eol + 1 + bytes > raw.length) throw new Error(`diff framing: diff ${m[1]} promises ${bytes} bytes, ${raw.length - eol - 1} remain`);
    out.push({ key: Number(m[1]), ok: m[3] === "ok", diff: raw.subarray(eol + 1, eol + 1 + bytes).toString("utf8") });
    at = eol + 1 + bytes;
  }
  return out;
}

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
      const raw = (await runGitScript(DIFF_MANY_SCRIPT, [dir], { ...options, input })).stdout;
      for (const { key, ok, diff } of parseFramedDiffs(raw)) {
        const pair = pairs.find((p) => p.key === key);
        out.set(key, ok ? diff : { error: `git diff of ${pair?.base}...${pair?.head} failed` });
      }
      return out;
    },
  };
}
