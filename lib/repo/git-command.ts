// System git on a bare mirror: execFile (no shell, arguments never interpolated), a time limit and
// an output cap on every call, and literal pathspecs so a file named `*.py` is just a name.
import { execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { CommitMissingError, GitCommandError, InvalidRepoPathError, MirrorMissingError } from "./repo-errors";

export interface Mirror {
  fullName: string;
  gitDir: string;
}

const BASE_ARGS = ["-c", "core.quotepath=off", "--literal-pathspecs"];
const DEFAULT_TIMEOUT_MS = 15_000;

export function openMirror(gitDir: string, fullName: string): Mirror {
  if (!existsSync(gitDir)) throw new MirrorMissingError(fullName, gitDir);
  return { fullName, gitDir };
}

export interface GitResult {
  stdout: Buffer;
  exitCode: number;
}

/** Runs git; exit codes listed in okExitCodes (e.g. grep's 1 = no match) are not errors. */
export function runGit(
  mirror: Mirror,
  args: string[],
  { maxBytes = 64 * 1024 * 1024, timeoutMs = DEFAULT_TIMEOUT_MS, okExitCodes = [0] }: { maxBytes?: number; timeoutMs?: number; okExitCodes?: number[] } = {},
): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    execFile(
      "git",
      [...BASE_ARGS, `--git-dir=${mirror.gitDir}`, ...args],
      { encoding: "buffer", maxBuffer: maxBytes, timeout: timeoutMs, windowsHide: true },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : null) : 0;
        if (code !== null && okExitCodes.includes(code)) return resolve({ stdout, exitCode: code });
        reject(new GitCommandError(args, stderr.toString("utf8") || String(error?.message ?? ""), code));
      },
    );
  });
}

/** Streams git's stdout line by line and stops the process once onLine returns false. */
export function streamGitLines(
  mirror: Mirror,
  args: string[],
  onLine: (line: string) => boolean,
  { timeoutMs = DEFAULT_TIMEOUT_MS, okExitCodes = [0] }: { timeoutMs?: number; okExitCodes?: number[] } = {},
): Promise<{ stopped: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn("git", [...BASE_ARGS, `--git-dir=${mirror.gitDir}`, ...args], { stdio: ["ignore", "pipe", "pipe"], windowsHide: true });
    let stopped = false;
    let pending = "";
    let stderr = "";
    const timer = setTimeout(() => {
      stopped = true;
      child.kill("SIGKILL");
    }, timeoutMs);
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      if (stopped) return;
      pending += chunk;
      let nl: number;
      while ((nl = pending.indexOf("\n")) >= 0) {
        const line = pending.slice(0, nl);
        pending = pending.slice(nl + 1);
        if (!onLine(line)) {
          stopped = true;
          child.kill("SIGTERM");
          return;
        }
      }
    });
    child.stderr.on("data", (d: Buffer) => {
      if (stderr.length < 4000) stderr += d.toString("utf8");
    });
    child.on("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      if (!stopped && pending) onLine(pending);
      if (stopped || (code !== null && okExitCodes.includes(code))) resolve({ stopped });
      else reject(new GitCommandError(args, stderr, code));
    });
  });
}

const HEX_COMMIT = /^[0-9a-f]{7,64}$/;

/** Whether the mirror holds the commit; a malformed id is simply not there. */
export async function hasCommit(mirror: Mirror, commit: string): Promise<boolean> {
  if (!HEX_COMMIT.test(commit)) return false;
  const { exitCode } = await runGit(mirror, ["cat-file", "-e", `${commit}^{commit}`], { okExitCodes: [0, 1, 128] });
  return exitCode === 0;
}

export async function assertCommit(mirror: Mirror, commit: string): Promise<void> {
  if (!(await hasCommit(mirror, commit))) throw new CommitMissingError(commit);
}

/** Repository-relative paths only: no absolute paths, no `..`, no empty segments. */
export function assertRepoPath(p: string): string {
  if (!p || p.length > 4096 || p.includes("\0") || p.startsWith("/")) throw new InvalidRepoPathError(p);
  if (p.split("/").some((seg) => seg === "" || seg === "." || seg === "..")) throw new InvalidRepoPathError(p);
  return p;
}
