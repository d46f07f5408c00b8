// One task's sandbox (paper A.2.2, without Docker): bubblewrap with a read-only root made of the
// host's /usr and /etc, /testbed/task read-only (task.json + review.patch), /testbed/repo a writable
// checkout at the base commit, /tmp a private tmpfs, no network (its own network namespace), its own
// PID namespace, and per command a wall-clock limit and an output cap; on timeout the whole process
// tree goes (bwrap's PID 1 dies, and the kernel kills everything in its namespace).
//
// The checkout is a shallow fetch of the base commit from the mirror (its last HISTORY_DEPTH commits):
// the sandbox holds no object of a later commit, so neither the PR's later revisions nor a fix made
// after the review can be found with `git cat-file --batch-all-objects`; HEAD is detached at the base
// and no branch or tag exists. A 10,000-file repository is ready in about a third of a second.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { AppError } from "@/lib/errors";
import { runGitCommand } from "@/lib/repo/git-command";
import type { CommandResult } from "./agent-turn";

export const TESTBED_TASK = "/testbed/task";
export const TESTBED_REPO = "/testbed/repo";

/** hard stop for a command's output kept in memory (the model sees far less) */
const OUTPUT_HARD_CAP = 4 * 1024 * 1024;

export type SandboxAvailability = { ok: true; bwrap: string } | { ok: false; reason: string };

let cachedAvailability: SandboxAvailability | null = null;

/** Whether bubblewrap is installed and may make namespaces here; the page and the CLI say why not. */
export function sandboxAvailability(bwrap = process.env.JUDGE_BWRAP ?? "bwrap"): SandboxAvailability {
  if (cachedAvailability) return cachedAvailability;
  const probe = spawnSync(bwrap, [...rootArgs(), "--unshare-all", "--die-with-parent", "true"], { encoding: "utf8", timeout: 10_000 });
  if (probe.error && "code" in probe.error && probe.error.code === "ENOENT")
    cachedAvailability = {
      ok: false,
      reason: `bubblewrap (${bwrap}) is not installed: apt-get install -y bubblewrap (or set JUDGE_BWRAP to its path)`,
    };
  else if (probe.status !== 0)
    cachedAvailability = {
      ok: false,
      reason: `bubblewrap cannot make a sandbox here (${(probe.stderr || probe.error?.message || `exit ${probe.status}`).trim()}); user namespaces may be disabled`,
    };
  else cachedAvailability = { ok: true, bwrap };
  return cachedAvailability;
}

/** The read-only root: the host's /usr and /etc, the usual symlinks, a fresh /proc and /dev. */
function rootArgs(): string[] {
  return [
    "--ro-bind",
    "/usr",
    "/usr",
    "--symlink",
    "usr/bin",
    "/bin",
    "--symlink",
    "usr/sbin",
    "/sbin",
    "--symlink",
    "usr/lib",
    "/lib",
    "--symlink",
    "usr/lib64",
    "/lib64",
    "--ro-bind",
    "/etc",
    "/etc",
    "--proc",
    "/proc",
    "--dev",
    "/dev",
    "--tmpfs",
    "/tmp",
  ];
}

export interface TaskSandboxInput {
  /** files of /testbed/task, by name (task.json, review.patch) */
  taskFiles: Record<string, string>;
  /** the repository's bare mirror */
  mirrorGitDir: string;
  baseCommit: string;
  /** where task folders are made (removed again by dispose) */
  workRoot: string;
  bwrap?: string;
}

export interface RunOptions {
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface TaskSandbox {
  /** host folder holding task/ and repo/ */
  dir: string;
  run(command: string, options: RunOptions): Promise<CommandResult>;
  dispose(): void;
}

/** Makes the task folder and the checkout; throws an AppError naming what is missing. */
export async function openTaskSandbox(input: TaskSandboxInput): Promise<TaskSandbox> {
  const availability = sandboxAvailability(input.bwrap);
  if (!availability.ok) throw new AppError("not_configured", availability.reason);
  mkdirSync(input.workRoot, { recursive: true });
  const dir = mkdtempSync(path.join(path.resolve(input.workRoot), "task-"));
  try {
    const taskDir = path.join(dir, "task");
    mkdirSync(taskDir);
    for (const [name, text] of Object.entries(input.taskFiles)) {
      if (name.includes("/") || name.startsWith(".")) throw new AppError("invalid_input", `Task file name ${name} is not a plain name`);
      writeFileSync(path.join(taskDir, name), text);
    }
    const repoDir = path.join(dir, "repo");
    await checkoutAt(path.resolve(input.mirrorGitDir), input.baseCommit, repoDir);
    const args = [
      ...rootArgs(),
      "--ro-bind",
      taskDir,
      TESTBED_TASK,
      "--bind",
      repoDir,
      TESTBED_REPO,
      "--remount-ro",
      "/",
      "--chdir",
      TESTBED_REPO,
      "--unshare-all",
      "--die-with-parent",
      "--new-session",
      "--clearenv",
      "--setenv",
      "PATH",
      "/usr/local/bin:/usr/bin:/bin",
      "--setenv",
      "HOME",
      "/tmp",
      "--setenv",
      "LANG",
      "C.UTF-8",
      "--setenv",
      "GIT_CONFIG_NOSYSTEM",
      "1",
    ];
    return {
      dir,
      run: (command, options) => runInSandbox(availability.bwrap, args, command, options),
      dispose: () => rmSync(dir, { recursive: true, force: true }),
    };
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

/** commits of history up to the base the agent's `git log` shows */
export const HISTORY_DEPTH = 20;

/** A work tree at `commit` with the history up to it and nothing after it, HEAD detached, no refs. */
async function checkoutAt(mirrorGitDir: string, commit: string, repoDir: string) {
  if (!/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(commit)) throw new AppError("invalid_input", `Base commit ${commit} is not a full commit id`);
  await runGitCommand(["init", "-q", repoDir]);
  const gitDir = path.join(repoDir, ".git");
  const git = (args: string[], timeoutMs = 120_000) => runGitCommand(["--git-dir", gitDir, "--work-tree", repoDir, ...args], { timeoutMs });
  const fetched = await git(["fetch", "-q", "--no-tags", `--depth=${HISTORY_DEPTH}`, `file://${mirrorGitDir}`, commit], 600_000).catch(
    () => null,
  );
  if (!fetched)
    throw new AppError("commit_missing", `The mirror ${mirrorGitDir} has no commit ${commit}; fetch the repository again.`, { commit });
  rmSync(path.join(gitDir, "FETCH_HEAD"), { force: true });
  await git(["update-ref", "--no-deref", "HEAD", commit]);
  await git(["read-tree", "HEAD"]);
  await git(["checkout-index", "--all", "--quiet"], 600_000);
}

function runInSandbox(bwrap: string, args: string[], command: string, options: RunOptions): Promise<CommandResult> {
  return new Promise((resolve) => {
    const child: ChildProcess = spawn(bwrap, [...args, "bash", "-c", command], {
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    const chunks: Buffer[] = [];
    let kept = 0;
    let total = 0;
    let timedOut = false;
    const kill = () => {
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, options.timeoutMs);
    const onAbort = () => kill();
    options.signal?.addEventListener("abort", onAbort, { once: true });
    // stdout and stderr interleaved as they come, as a terminal shows them
    const take = (d: Buffer) => {
      total += d.length;
      if (kept < OUTPUT_HARD_CAP) {
        const part = d.subarray(0, OUTPUT_HARD_CAP - kept);
        chunks.push(part);
        kept += part.length;
      }
    };
    child.stdout?.on("data", take);
    child.stderr?.on("data", take);
    const finish = (code: number | null, error?: Error) => {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      const output = Buffer.concat(chunks).toString("utf8") + (error ? `\n${error.message}` : "");
      const extra = total - kept;
      resolve({ returncode: code ?? (timedOut ? 124 : 137), output, outputChars: output.length + Math.max(0, extra), timedOut });
    };
    child.on("error", (e) => finish(127, e));
    child.on("close", (code, sig) => finish(code ?? (sig ? 128 + 9 : null)));
  });
}
