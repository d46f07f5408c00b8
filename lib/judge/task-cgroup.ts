// A judge task's own control group: memory summed over every process of the task (and the tmpfs pages it
// writes: /tmp, /dev/shm), and a process count that is the task's alone, whatever user it runs as. The
// per-process caps (sandbox-limits.ts) stay on; this adds the total the kernel enforces per group.
//
// What the host allows decides the kind (found once, said on the run page and by the CLI):
// - cgroup v2 (systemd hosts, Docker 20.10+ with a private cgroup namespace): our own cgroup must offer
//   the memory and pids controllers and let us enable them for a child ("wb-judge"), which needs a
//   delegated cgroup (a systemd unit with Delegate=yes, or a container whose /sys/fs/cgroup is writable);
//   otherwise writing cgroup.subtree_control is refused and we say so.
// - cgroup v1 (older hosts, this one): the memory and pids hierarchies, a "wb-judge" folder under the
//   server's own cgroup in each, writable by root.
// - neither: the run goes on with the per-process caps only, after a warning.
//
// A task's processes join the group before they exist: the sandbox starts through a shell that writes its
// own pid into the group's cgroup.procs and only then drops to the task's user and execs prlimit/bwrap, so
// everything bwrap forks is born inside. The agent cannot leave or raise it: it holds no capability and
// /sys is not mounted in the sandbox.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const GROUP_PARENT = "wb-judge";
const GROUP_PREFIX = "wb-judge-task-";

export type TaskCgroupSupport =
  | { kind: "cgroup2"; parent: string }
  | { kind: "cgroup1"; memoryParent: string; pidsParent: string }
  | { kind: "none"; reason: string };

interface CgroupMount {
  /** the hierarchy's root as this process sees it (mountinfo's root field) */
  root: string;
  mountPoint: string;
  type: "cgroup" | "cgroup2";
  options: string[];
}

function cgroupMounts(): CgroupMount[] {
  let text: string;
  try {
    text = readFileSync("/proc/self/mountinfo", "utf8");
  } catch {
    return [];
  }
  const mounts: CgroupMount[] = [];
  for (const line of text.split("\n")) {
    // id parent major:minor root mount-point options [optional…] - type source super-options
    const [left, right] = line.split(" - ");
    if (!left || !right) continue;
    const fields = left.split(" ");
    const [type, , superOptions] = right.split(" ");
    if (type !== "cgroup" && type !== "cgroup2") continue;
    mounts.push({ root: fields[3], mountPoint: fields[4], type, options: (superOptions ?? "").split(",") });
  }
  return mounts;
}

/** /proc/self/cgroup: controller list → path ("" is the v2 hierarchy). */
function ownCgroups(): Map<string, string> {
  const paths = new Map<string, string>();
  try {
    for (const line of readFileSync("/proc/self/cgroup", "utf8").split("\n")) {
      const m = line.match(/^\d+:([^:]*):(.*)$/);
      if (m) for (const c of m[1] === "" ? [""] : m[1].split(",")) paths.set(c, m[2]);
    }
  } catch {
    // no cgroups at all
  }
  return paths;
}

/** Our own group's folder in a mounted hierarchy (a container's mount may start below the host's root). */
function folderOf(mount: CgroupMount, own: string | undefined): string | null {
  if (own === undefined) return null;
  const root = mount.root === "/" ? "" : mount.root;
  if (root && !own.startsWith(root)) return null;
  return path.join(mount.mountPoint, own.slice(root.length));
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

function tryCgroup2(mounts: CgroupMount[], own: Map<string, string>): TaskCgroupSupport {
  const mount = mounts.find((m) => m.type === "cgroup2");
  if (!mount) return { kind: "none", reason: "no cgroup v2 hierarchy is mounted" };
  const folder = folderOf(mount, own.get(""));
  if (!folder) return { kind: "none", reason: "this process's cgroup v2 group is outside the mounted hierarchy" };
  let controllers: string[];
  try {
    controllers = readFileSync(path.join(folder, "cgroup.controllers"), "utf8").trim().split(/\s+/);
  } catch (e) {
    return { kind: "none", reason: `cgroup v2 at ${folder} cannot be read (${errorText(e)})` };
  }
  if (!controllers.includes("memory") || !controllers.includes("pids"))
    return {
      kind: "none",
      reason: `cgroup v2 at ${folder} offers no memory and pids controllers (it offers: ${controllers.join(" ") || "none"})`,
    };
  const parent = path.join(folder, GROUP_PARENT);
  try {
    writeFileSync(path.join(folder, "cgroup.subtree_control"), "+memory +pids");
    mkdirSync(parent, { recursive: true });
    writeFileSync(path.join(parent, "cgroup.subtree_control"), "+memory +pids");
  } catch (e) {
    return {
      kind: "none",
      reason: `cgroup v2 at ${folder} is not delegated to this process (${errorText(e)}): run it under a systemd unit with Delegate=yes, or in a container whose /sys/fs/cgroup is writable`,
    };
  }
  return { kind: "cgroup2", parent };
}

function tryCgroup1(mounts: CgroupMount[], own: Map<string, string>): TaskCgroupSupport {
  const parents: string[] = [];
  for (const controller of ["memory", "pids"]) {
    const mount = mounts.find((m) => m.type === "cgroup" && m.options.includes(controller));
    if (!mount) return { kind: "none", reason: `no cgroup v1 ${controller} hierarchy is mounted` };
    const folder = folderOf(mount, own.get(controller));
    if (!folder) return { kind: "none", reason: `this process's cgroup v1 ${controller} group is outside the mounted hierarchy` };
    const parent = path.join(folder, GROUP_PARENT);
    try {
      mkdirSync(parent, { recursive: true });
    } catch (e) {
      return {
        kind: "none",
        reason: `cgroup v1 ${controller} at ${folder} is not writable (${errorText(e)}): the server must run as root`,
      };
    }
    parents.push(parent);
  }
  return { kind: "cgroup1", memoryParent: parents[0], pidsParent: parents[1] };
}

let cached: TaskCgroupSupport | null = null;

/** Whether tasks get a group of their own here, and which; the reason when not (shown as the run's warning). */
export function taskCgroupSupport(): TaskCgroupSupport {
  if (cached) return cached;
  const mounts = cgroupMounts();
  const own = ownCgroups();
  const v2 = tryCgroup2(mounts, own);
  const v1 = v2.kind === "none" ? tryCgroup1(mounts, own) : v2;
  cached = v1.kind !== "none" ? v1 : { kind: "none", reason: `${v2.kind === "none" ? v2.reason : ""}; ${v1.reason}` };
  return cached;
}

export interface TaskCgroup {
  /** the cgroup.procs files a starting process writes its pid into */
  procsFiles: string[];
  /** times the kernel killed a process of the group at the memory cap so far */
  oomKills(): number;
  dispose(): void;
}

function readCounter(file: string, key: string): number {
  try {
    const m = readFileSync(file, "utf8").match(new RegExp(`^${key} (\\d+)$`, "m"));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** Removes a group once its processes are gone (killing any a dead command left), retrying briefly. */
function removeGroup(dir: string) {
  for (let attempt = 0; attempt < 40; attempt++) {
    try {
      rmdirSync(dir);
      return;
    } catch (e) {
      if (e && typeof e === "object" && "code" in e && e.code === "ENOENT") return;
      try {
        for (const pid of readFileSync(path.join(dir, "cgroup.procs"), "utf8").split("\n").filter(Boolean))
          process.kill(Number(pid), "SIGKILL");
      } catch {
        // gone meanwhile
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
    }
  }
}

/** A new group for one task with its caps; throws when the host refuses a write (the run then says why). */
export function openTaskCgroup(support: TaskCgroupSupport, caps: { memoryBytes: number; processes: number }): TaskCgroup | null {
  if (support.kind === "none") return null;
  const name = `${GROUP_PREFIX}${process.pid}-${randomBytes(4).toString("hex")}`;
  const made: string[] = [];
  const write = (dir: string, file: string, value: string | number, optional = false) => {
    if (optional && !existsSync(path.join(dir, file))) return;
    writeFileSync(path.join(dir, file), String(value));
  };
  try {
    if (support.kind === "cgroup2") {
      const dir = path.join(support.parent, name);
      mkdirSync(dir);
      made.push(dir);
      write(dir, "memory.max", caps.memoryBytes);
      // swap would let the total exceed the cap in another form
      write(dir, "memory.swap.max", 0, true);
      write(dir, "pids.max", caps.processes);
      return {
        procsFiles: [path.join(dir, "cgroup.procs")],
        oomKills: () => readCounter(path.join(dir, "memory.events"), "oom_kill"),
        dispose: () => removeGroup(dir),
      };
    }
    const memory = path.join(support.memoryParent, name);
    const pids = path.join(support.pidsParent, name);
    mkdirSync(memory);
    made.push(memory);
    mkdirSync(pids);
    made.push(pids);
    write(memory, "memory.limit_in_bytes", caps.memoryBytes);
    // memory and swap together (present when the kernel accounts swap): the limit must be set after the first
    write(memory, "memory.memsw.limit_in_bytes", caps.memoryBytes, true);
    write(pids, "pids.max", caps.processes);
    return {
      procsFiles: [path.join(memory, "cgroup.procs"), path.join(pids, "cgroup.procs")],
      // oom_kill is in memory.oom_control from Linux 4.13; failcnt counts hits of the limit on older kernels
      oomKills: () => readCounter(path.join(memory, "memory.oom_control"), "oom_kill"),
      dispose: () => {
        removeGroup(memory);
        removeGroup(pids);
      },
    };
  } catch (e) {
    for (const dir of made.reverse()) removeGroup(dir);
    throw e;
  }
}

/** Groups of task processes that are gone (a killed worker's); returns how many were removed. */
export function removeLeftoverTaskCgroups(support: TaskCgroupSupport = taskCgroupSupport()): number {
  const parents =
    support.kind === "cgroup2" ? [support.parent] : support.kind === "cgroup1" ? [support.memoryParent, support.pidsParent] : [];
  let removed = 0;
  for (const parent of parents) {
    let entries: string[];
    try {
      entries = readdirSync(parent);
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (!entry.startsWith(GROUP_PREFIX)) continue;
      const owner = Number(entry.slice(GROUP_PREFIX.length).split("-")[0]);
      if (!Number.isInteger(owner) || owner <= 0 || owner === process.pid || isAlive(owner)) continue;
      removeGroup(path.join(parent, entry));
      removed++;
    }
  }
  return removed;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return !(e && typeof e === "object" && "code" in e && e.code === "ESRCH");
  }
}
