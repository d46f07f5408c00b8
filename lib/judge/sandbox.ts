// One task's sandbox (paper A.2.2, without Docker): bubblewrap with a read-only root made of the
// host's /usr and a handful of /etc files, /testbed/task read-only (task.json + review.patch),
// /testbed/repo a writable checkout at the base commit, /tmp a private size-capped tmpfs, no network
// (its own network namespace), its own PID namespace, and per command a wall-clock limit and an output
// cap; on timeout the whole process tree goes (bwrap's PID 1 dies, and the kernel kills everything in
// its namespace).
//
// Against a hostile agent (a model told by a crawled README to print its environment, say):
// - nothing of the server reaches it: bwrap itself starts with a fixed three-variable environment
//   (so /proc/1/environ inside holds no secret) and reads its arguments from a pipe (`--args`), so
//   /proc/1/cmdline shows no host path;
// - it is not the host's root: when the server runs as root, bwrap runs as a host user of the task's
//   own (a random uid in a range no account uses) that owns only the checkout; inside it is uid/gid
//   65534 with no capability. /etc holds only what tools read (SANDBOX_ETC) and a passwd/group of two
//   lines, so /etc/shadow is not there at all;
// - it cannot exhaust the host: memory (per process, and per task over all its processes where the host
//   gives the task a control group: task-cgroup.ts), file size, processes, /tmp, /dev/shm and the
//   checkout are capped (sandbox-limits.ts); a command past a cap fails with a note in its observation.
//
// The checkout is a shallow fetch of the base commit from the mirror (its last HISTORY_DEPTH commits):
// the sandbox holds no object of a later commit, so neither the PR's later revisions nor a fix made
// after the review can be found with `git cat-file --batch-all-objects`; HEAD is detached at the base
// and no branch or tag exists.
//
// Task folders are named wb-judge-task-<pid>-…; removeLeftoverTaskDirs() removes those whose process
// is gone (a run killed mid-task), and nothing else.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomInt } from "node:crypto";
import {
  accessSync,
  chmodSync,
  constants,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statfsSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { AppError } from "@/lib/errors";
import { runGitCommand } from "@/lib/repo/git-command";
import type { CommandResult } from "./agent-turn";
import { capNotes, DEFAULT_SANDBOX_LIMITS, type SandboxLimits, taskMemoryNote } from "./sandbox-limits";
import { openTaskCgroup, type TaskCgroup, taskCgroupSupport } from "./task-cgroup";

const TESTBED_TASK = "/testbed/task";
const TESTBED_REPO = "/testbed/repo";

/** hard stop for a command's output kept in memory (the model sees far less) */
const OUTPUT_HARD_CAP = 4 * 1024 * 1024;

/** the only environment bwrap (the sandbox's PID 1) starts with: nothing of the server's */
const BWRAP_ENV: NodeJS.ProcessEnv = { NODE_ENV: "production", PATH: "/usr/bin:/bin", LANG: "C.UTF-8" };

/** inside, the agent is this user and group (nobody / nogroup) */
const SANDBOX_ID = 65534;

/** host uids of tasks when the server runs as root: far above any account, below (uid_t)-1 */
const TASK_UID_BASE = 2_000_000_000;
const TASK_UID_SPAN = 100_000_000;

/** what tools read from /etc (the dynamic linker, alternatives' symlinks, name service, bash, python) */
const SANDBOX_ETC = [
  "ld.so.cache",
  "ld.so.conf",
  "ld.so.conf.d",
  "alternatives",
  "localtime",
  "nsswitch.conf",
  "hosts",
  "host.conf",
  "bash.bashrc",
  "inputrc",
  "profile",
  "magic",
  "magic.mime",
  "mime.types",
  "python3",
  "python3.11",
  "perl",
];

const TASK_DIR_PREFIX = "wb-judge-task-";

export type SandboxAvailability = { ok: true; bwrap: string; prlimit: string } | { ok: false; reason: string };

let cachedAvailability: SandboxAvailability | null = null;

const runsAsRoot = () => process.getuid?.() === 0;

/** An absolute path of a program on the server's PATH (bwrap starts with a PATH of its own). */
function which(program: string): string | null {
  if (program.includes("/")) return path.resolve(program);
  for (const dir of (process.env.PATH ?? "/usr/bin:/bin").split(":")) {
    const candidate = path.join(/*turbopackIgnore: true*/ dir || ".", program);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/** Whether bubblewrap is installed and may make namespaces here as the sandbox's user; the page and the CLI say why not. */
export function sandboxAvailability(bwrap = process.env.JUDGE_BWRAP ?? "bwrap"): SandboxAvailability {
  if (cachedAvailability) return cachedAvailability;
  const bwrapPath = which(bwrap);
  const prlimit = which("prlimit");
  if (!bwrapPath)
    cachedAvailability = {
      ok: false,
      reason: `bubblewrap (${bwrap}) is not installed: apt-get install -y bubblewrap (or set JUDGE_BWRAP to its path)`,
    };
  else if (!prlimit) cachedAvailability = { ok: false, reason: "prlimit (util-linux) is not installed: apt-get install -y util-linux" };
  else {
    const user = sandboxUser();
    const probe = spawnSync(/*turbopackIgnore: true*/ bwrapPath, [...rootArgs(null), "--unshare-all", "--die-with-parent", "true"], {
      encoding: "utf8",
      timeout: 10_000,
      env: BWRAP_ENV,
      ...(user ?? {}),
    });
    cachedAvailability =
      probe.status === 0
        ? { ok: true, bwrap: bwrapPath, prlimit }
        : {
            ok: false,
            reason: `bubblewrap cannot make a sandbox here (${(probe.stderr || probe.error?.message || `exit ${probe.status}`).trim()}); user namespaces may be disabled`,
          };
  }
  return cachedAvailability;
}

/** The host user a task runs as: its own when the server is root, else the server's own (null). */
function sandboxUser(): { uid: number; gid: number } | null {
  if (!runsAsRoot()) return null;
  const id = TASK_UID_BASE + randomInt(TASK_UID_SPAN);
  return { uid: id, gid: id };
}

/** The read-only root: the host's /usr, the usual symlinks, chosen /etc files, a fresh /proc and /dev. */
function rootArgs(etcDir: string | null, limits: Pick<SandboxLimits, "tmpBytes" | "shmBytes"> = DEFAULT_SANDBOX_LIMITS): string[] {
  const args = [
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
    "--dir",
    "/etc",
  ];
  for (const name of SANDBOX_ETC) args.push("--ro-bind-try", path.join("/etc", name), path.join("/etc", name));
  if (etcDir) args.push("--ro-bind", path.join(etcDir, "passwd"), "/etc/passwd", "--ro-bind", path.join(etcDir, "group"), "/etc/group");
  // bwrap's /dev holds a /dev/shm on its own unbounded tmpfs (host memory): a small one of its own instead
  args.push("--proc", "/proc", "--dev", "/dev", "--size", String(limits.shmBytes), "--tmpfs", "/dev/shm");
  args.push("--size", String(limits.tmpBytes), "--tmpfs", "/tmp");
  return args;
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
  limits?: SandboxLimits;
}

export interface RunOptions {
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface TaskSandbox {
  /** host folder holding task/ and repo/ */
  dir: string;
  /** the caps in force (the checkout's size is capped only when the server runs as root) */
  limits: SandboxLimits & { checkoutBytes: number | null; taskGroup: "cgroup2" | "cgroup1" | "none" };
  run(command: string, options: RunOptions): Promise<CommandResult>;
  dispose(): void;
}

/** Makes the task folder and the checkout; throws an AppError naming what is missing. */
export async function openTaskSandbox(input: TaskSandboxInput): Promise<TaskSandbox> {
  const availability = sandboxAvailability(input.bwrap);
  if (!availability.ok) throw new AppError("not_configured", availability.reason);
  const limits = input.limits ?? DEFAULT_SANDBOX_LIMITS;
  const user = sandboxUser();
  const workRoot = path.resolve(input.workRoot);
  mkdirSync(workRoot, { recursive: true });
  if (user) assertTraversable(workRoot);
  const dir = mkdtempSync(path.join(workRoot, `${TASK_DIR_PREFIX}${process.pid}-`));
  const repoDir = path.join(dir, "repo");
  let mounted = false;
  let group: TaskCgroup | null = null;
  try {
    chmodSync(dir, 0o711);
    const taskDir = path.join(dir, "task");
    mkdirSync(taskDir, { mode: 0o755 });
    for (const [name, text] of Object.entries(input.taskFiles)) {
      if (name.includes("/") || name.startsWith(".")) throw new AppError("invalid_input", `Task file name ${name} is not a plain name`);
      writeFileSync(path.join(taskDir, name), text, { mode: 0o644 });
    }
    const etcDir = path.join(dir, "etc");
    mkdirSync(etcDir, { mode: 0o755 });
    writeFileSync(path.join(etcDir, "passwd"), "root:x:0:0:root:/root:/bin/bash\nnobody:x:65534:65534:nobody:/tmp:/bin/bash\n", {
      mode: 0o644,
    });
    writeFileSync(path.join(etcDir, "group"), "root:x:0:\nnogroup:x:65534:\n", { mode: 0o644 });
    mkdirSync(repoDir);
    // as root, the checkout gets a file system of its own whose size the kernel enforces
    if (user) mounted = mountTmpfs(repoDir, "size=1024g");
    await checkoutAt(path.resolve(input.mirrorGitDir), input.baseCommit, repoDir);
    let checkoutBytes: number | null = null;
    if (mounted) {
      const used = usedOf(repoDir);
      checkoutBytes = used.bytes + limits.checkoutHeadroomBytes;
      const inodes = used.inodes + Math.max(10_000, Math.round(limits.checkoutHeadroomBytes / 16_384));
      runOrThrow("mount", ["-o", `remount,size=${checkoutBytes},nr_inodes=${inodes}`, repoDir]);
    }
    if (user) runOrThrow("chown", ["-R", `${user.uid}:${user.gid}`, repoDir]);
    const args = [
      ...rootArgs(etcDir, limits),
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
      "--uid",
      String(SANDBOX_ID),
      "--gid",
      String(SANDBOX_ID),
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
      "USER",
      "nobody",
      "--setenv",
      "GIT_CONFIG_NOSYSTEM",
      "1",
    ];
    const support = taskCgroupSupport();
    group = openTaskCgroup(support, { memoryBytes: limits.taskMemoryBytes, processes: limits.processes });
    const launch: Launch = { ...availability, args, user, limits, rlimits: rlimitArgs(limits, user), group };
    let disposed = false;
    return {
      dir,
      limits: { ...limits, checkoutBytes, taskGroup: support.kind },
      run: (command, options) => runInSandbox(launch, command, options),
      dispose: () => {
        if (disposed) return;
        disposed = true;
        launch.group?.dispose();
        removeTaskDir(dir, mounted);
      },
    };
  } catch (e) {
    group?.dispose();
    removeTaskDir(dir, mounted);
    throw e;
  }
}

/** The host user the sandbox runs as must be able to reach the work folder (a 0700 parent would hide it). */
function assertTraversable(folder: string) {
  for (let at = folder; ; at = path.dirname(at)) {
    let mode: number;
    try {
      mode = statSync(at).mode;
    } catch {
      break;
    }
    if ((mode & 0o001) === 0)
      throw new AppError(
        "not_configured",
        `The judge's work folder ${folder} is inside ${at}, which other users cannot enter (mode ${(mode & 0o777).toString(8)}); the sandbox runs as a user of its own. Set JUDGE_WORK_DIR to a folder others may enter, or chmod o+x ${at}.`,
      );
    if (at === path.dirname(at)) break;
  }
}

/** commits of history up to the base the agent's `git log` shows */
const HISTORY_DEPTH = 20;

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

interface Launch {
  bwrap: string;
  prlimit: string;
  args: string[];
  user: { uid: number; gid: number } | null;
  limits: SandboxLimits;
  /** prlimit's options, fixed when the sandbox opens */
  rlimits: string[];
  /** the task's control group, where the host gives one */
  group: TaskCgroup | null;
}

/**
 * Joins the task's group before anything else runs: the shell writes its own pid into each cgroup.procs
 * (so bwrap and all it forks are born inside), then execs the rest. Its arguments: the number of files,
 * the files, the command. PWD, which the shell exports, goes again: bwrap's environment stays its own three
 * variables (no host path).
 */
const JOIN_GROUP = 'unset PWD OLDPWD; n=$1; shift; while [ "$n" -gt 0 ]; do echo $$ > "$1" || exit 125; shift; n=$((n-1)); done; exec "$@"';

/** The program and arguments that start one command's sandbox. */
function launchCommand(launch: Launch, command: string): { file: string; args: string[]; asTaskUser: boolean } {
  const sandboxed = [launch.prlimit, ...launch.rlimits, "--", launch.bwrap, "--args", "3", "bash", "-c", command];
  if (!launch.group) return { file: sandboxed[0], args: sandboxed.slice(1), asTaskUser: true };
  // joining needs the server's rights on the group; the task's own user is taken after (setpriv, util-linux)
  const drop = launch.user ? ["setpriv", `--reuid=${launch.user.uid}`, `--regid=${launch.user.gid}`, "--clear-groups", "--"] : [];
  const files = launch.group.procsFiles;
  return { file: "/bin/sh", args: ["-c", JOIN_GROUP, "sh", String(files.length), ...files, ...drop, ...sandboxed], asTaskUser: false };
}

/** prlimit's options: the caps every process of the sandbox inherits */
function rlimitArgs(limits: SandboxLimits, user: Launch["user"]): string[] {
  // a non-root server's own processes count against RLIMIT_NPROC too: the cap is on top of those
  // running when the sandbox opens (sandbox-limits.ts)
  const processes = user ? limits.processes : limits.processes + tasksOfUser(process.getuid?.() ?? 0);
  return [`--data=${limits.memoryBytes}`, `--fsize=${limits.fileBytes}`, `--nproc=${processes}`, "--core=0", "--memlock=0", "--msgqueue=0"];
}

/** Threads of all processes of a host user (what the kernel counts for RLIMIT_NPROC). */
function tasksOfUser(uid: number): number {
  let n = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, "utf8");
      const owner = status.match(/^Uid:\s+(\d+)/m)?.[1];
      if (Number(owner) === uid) n += Number(status.match(/^Threads:\s+(\d+)/m)?.[1] ?? 1);
    } catch {
      // gone meanwhile
    }
  }
  return n;
}

function runInSandbox(launch: Launch, command: string, options: RunOptions): Promise<CommandResult> {
  return new Promise((resolve) => {
    // bwrap reads its arguments from fd 3, so /proc/1/cmdline inside shows none of the host's paths
    const start = launchCommand(launch, command);
    const oomKillsBefore = launch.group?.oomKills() ?? 0;
    const child: ChildProcess = spawn(/*turbopackIgnore: true*/ start.file, start.args, {
      stdio: ["ignore", "pipe", "pipe", "pipe"],
      detached: true,
      env: BWRAP_ENV,
      ...(start.asTaskUser ? (launch.user ?? {}) : {}),
    });
    const argsPipe = child.stdio[3];
    if (argsPipe && "write" in argsPipe) {
      argsPipe.on("error", () => {
        // bwrap failed to start; its exit says why
      });
      argsPipe.end(Buffer.from(launch.args.map((a) => `${a}\0`).join("")));
    }
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
      const returncode = code ?? (timedOut ? 124 : 137);
      const notes = timedOut ? [] : capNotes({ returncode, output }, launch.limits, launch.group !== null);
      const killed = (launch.group?.oomKills() ?? 0) - oomKillsBefore;
      if (killed > 0) notes.push(taskMemoryNote(launch.limits, killed));
      resolve({ returncode, output, outputChars: output.length + Math.max(0, extra), timedOut, ...(notes.length ? { notes } : {}) });
    };
    child.on("error", (e) => finish(127, e));
    child.on("close", (code, sig) => finish(code ?? (sig ? 128 + 9 : null)));
  });
}

function runOrThrow(command: string, args: string[]) {
  const r = spawnSync(command, args, { encoding: "utf8", timeout: 60_000 });
  if (r.status !== 0)
    throw new AppError("git_failed", `${command} ${args.join(" ")} failed: ${(r.stderr || r.error?.message || "").trim()}`);
}

/** Mounts a tmpfs on `dir`; false when this server may not mount (a container without the right). */
function mountTmpfs(dir: string, options: string): boolean {
  const r = spawnSync("mount", ["-t", "tmpfs", "-o", `${options},mode=0755`, "wb-judge-task", dir], { encoding: "utf8", timeout: 10_000 });
  return r.status === 0;
}

function usedOf(dir: string): { bytes: number; inodes: number } {
  const s = statfsSync(dir);
  return { bytes: (s.blocks - s.bfree) * s.bsize, inodes: s.files - s.ffree };
}

function removeTaskDir(dir: string, mounted: boolean) {
  if (mounted) spawnSync("umount", ["--lazy", path.join(dir, "repo")], { timeout: 10_000 });
  rmSync(dir, { recursive: true, force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return !(e && typeof e === "object" && "code" in e && e.code === "ESRCH");
  }
}

/**
 * Removes the task folders a killed run left in `workRoot`: only folders named by this module whose
 * process is gone (never another live worker's, never anything else). Returns the folders removed.
 */
export function removeLeftoverTaskDirs(workRoot: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(workRoot);
  } catch {
    return [];
  }
  const mounts = runsAsRoot() ? readFileSync("/proc/self/mounts", "utf8") : "";
  const removed: string[] = [];
  for (const name of entries) {
    const owner = name.startsWith(TASK_DIR_PREFIX) ? Number(name.slice(TASK_DIR_PREFIX.length).split("-")[0]) : Number.NaN;
    if (!Number.isInteger(owner) || owner <= 0 || owner === process.pid || isAlive(owner)) continue;
    const dir = path.join(path.resolve(workRoot), name);
    removeTaskDir(dir, mounts.includes(` ${path.join(dir, "repo")} `));
    removed.push(dir);
  }
  return removed;
}
