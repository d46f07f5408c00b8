// The one way the workbench runs git: spawn (no shell, arguments never interpolated), an optional
// time limit, an output cap, stdin, an AbortSignal and extra environment (askpass for a token) on
// every call, and literal pathspecs so a file named `*.py` is just a name. Failures are AppErrors.
import { spawn } from "node:child_process";
import { AppError } from "@/lib/errors";

export interface Mirror {
  fullName: string;
  gitDir: string;
}

const BASE_ARGS = ["-c", "core.quotepath=off", "--literal-pathspecs"];
const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

export interface GitRunOptions {
  /** written to the process's stdin */
  input?: string | Buffer;
  signal?: AbortSignal;
  /** added to the inherited environment (e.g. GIT_ASKPASS for a token) */
  env?: Record<string, string>;
  cwd?: string;
  /** 0 = no limit (a fetch of a large repository) */
  timeoutMs?: number;
  maxBytes?: number;
  /** exit codes that are not failures (e.g. grep's 1 = no match) */
  okExitCodes?: number[];
}

export interface GitResult {
  stdout: Buffer;
  exitCode: number;
}

/** The git subcommand in an argument list (after options such as `-c key=value` and `-C dir`). */
export function gitSubcommand(args: string[]): string {
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? "";
    if (a === "-c" || a === "-C") i++;
    else if (!a.startsWith("-")) return a;
  }
  return "";
}

function gitFailed(command: string, args: string[], stderr: string, exitCode: number | null, cause?: unknown): AppError {
  const what = command === "git" ? `git ${gitSubcommand(args)}` : `${command} (${args.at(-1) ?? ""})`;
  return new AppError(
    "git_failed",
    `${what} failed (${exitCode ?? "killed"}): ${stderr.trim().slice(0, 300)}`,
    { args, stderr: stderr.slice(0, 4000), exitCode },
    { cause },
  );
}

/** Runs a program (git, or `sh` for a script of many git calls) and collects its stdout. */
function runProcess(command: string, args: string[], options: GitRunOptions = {}): Promise<GitResult> {
  const { input, signal, env, cwd, timeoutMs = DEFAULT_TIMEOUT_MS, maxBytes = DEFAULT_MAX_BYTES, okExitCodes = [0] } = options;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: env ? { ...process.env, ...env } : process.env,
      signal,
      stdio: [input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
      windowsHide: true,
    });
    const out: Buffer[] = [];
    let outBytes = 0;
    let stderr = "";
    let failure: string | null = null;
    const timer =
      timeoutMs > 0
        ? setTimeout(() => {
            failure = `timed out after ${timeoutMs} ms`;
            child.kill("SIGKILL");
          }, timeoutMs)
        : null;
    child.stdout?.on("data", (d: Buffer) => {
      outBytes += d.length;
      if (outBytes > maxBytes) {
        failure = `output over ${maxBytes} bytes`;
        child.kill("SIGKILL");
        return;
      }
      out.push(d);
    });
    child.stderr?.on("data", (d: Buffer) => {
      if (stderr.length < 8000) stderr += d.toString("utf8");
    });
    child.on("error", (e) => {
      if (timer) clearTimeout(timer);
      reject(gitFailed(command, args, e.message, null, e));
    });
    child.on("close", (code) => {
      if (timer) clearTimeout(timer);
      if (failure === null && code !== null && okExitCodes.includes(code)) return resolve({ stdout: Buffer.concat(out), exitCode: code });
      reject(gitFailed(command, args, failure ?? stderr, code));
    });
    if (child.stdin) {
      // git may exit before reading all of stdin; its exit status tells what happened
      child.stdin.on("error", () => undefined);
      child.stdin.end(input);
    }
  });
}

/** git with the workbench's base arguments, not bound to a mirror (init, a script's own calls). */
export function runGitCommand(args: string[], options: GitRunOptions = {}): Promise<GitResult> {
  return runProcess("git", [...BASE_ARGS, ...args], options);
}

/** git on a bare mirror. */
export function runGit(mirror: Mirror, args: string[], options: GitRunOptions = {}): Promise<GitResult> {
  return runGitCommand([`--git-dir=${mirror.gitDir}`, ...args], options);
}

/** A POSIX shell script that runs many git calls from one process (forking git from a large process
 *  costs tens of milliseconds, forking it from `sh` almost nothing); $1.. are scriptArgs. */
export function runGitScript(script: string, scriptArgs: string[], options: GitRunOptions = {}): Promise<GitResult> {
  return runProcess("sh", ["-c", script, "git-script", ...scriptArgs], options);
}

/** Streams git's stdout line by line and stops the process once onLine returns false. */
export function streamGitLines(
  mirror: Mirror,
  args: string[],
  onLine: (line: string) => boolean,
  { timeoutMs = DEFAULT_TIMEOUT_MS, okExitCodes = [0] }: { timeoutMs?: number; okExitCodes?: number[] } = {},
): Promise<{ stopped: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn("git", [...BASE_ARGS, `--git-dir=${mirror.gitDir}`, ...args], {
      stdio: ["ignore", "pipe", "pipe"],
      windowsHide: true,
    });
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
      for (let nl = pending.indexOf("\n"); nl >= 0; nl = pending.indexOf("\n")) {
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
      reject(gitFailed("git", args, e.message, null, e));
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      if (!stopped && pending) onLine(pending);
      if (stopped || (code !== null && okExitCodes.includes(code))) resolve({ stopped });
      else reject(gitFailed("git", args, stderr, code));
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
  if (!(await hasCommit(mirror, commit))) {
    throw new AppError(
      "commit_missing",
      `Commit ${commit.slice(0, 12)} is not in the local mirror of ${mirror.fullName}; re-run the mirror fetch for this repository.`,
      { fullName: mirror.fullName, gitDir: mirror.gitDir, commit },
    );
  }
}

/** Repository-relative paths only: no absolute paths, no `..`, no empty segments. */
export function assertRepoPath(p: string): string {
  const bad =
    !p || p.length > 4096 || p.includes("\0") || p.startsWith("/") || p.split("/").some((seg) => seg === "" || seg === "." || seg === "..");
  if (bad) throw new AppError("invalid_input", `"${p}" is not a file path inside the repository.`, { path: p });
  return p;
}
