// What a judge task may use, and the words an observation gets when a command hit one of the caps.
// The caps are kernel resource limits set on bubblewrap before it starts (they are inherited by every
// process in the sandbox and cannot be raised from inside: the agent holds no capability), and sizes of
// tmpfs mounts, which the kernel enforces per file system:
// - memory: per task, summed over all its processes and the tmpfs pages they write (/tmp, /dev/shm), by a
//   control group of the task's own where the host allows one (task-cgroup.ts); and RLIMIT_DATA per
//   process (heap and private writable mappings; what an allocation takes) everywhere. RLIMIT_DATA is
//   chosen over RLIMIT_AS because runtimes such as Node and the JVM reserve far more address space than
//   they use and would not start under a 2 GB address-space cap.
// - file size: RLIMIT_FSIZE per file written anywhere.
// - processes: the task's group's pids.max where there is one; and RLIMIT_NPROC, counted by the kernel
//   per host user. When the server runs as root each task runs as a host user of its own, so the count is
//   the task's alone; otherwise the user's processes at the sandbox's start are added to the cap (tasks of
//   one non-root server then share that headroom).
// - /tmp: a tmpfs of its own per command, of `tmpBytes`; /dev/shm one of `shmBytes` (Docker's default
//   64 MB), so shared memory is not a way around the caps.
// - the checkout: when the server runs as root, a tmpfs of its own sized to the checkout plus
//   `checkoutHeadroomBytes`; otherwise only the per-file cap holds (no user-mountable file system has
//   a size without privileges; the README says so).
import { z } from "zod";

const MiB = 1024 * 1024;

export const SandboxLimitsSchema = z.strictObject({
  memoryBytes: z.number().int().positive(),
  /** all the task's processes together (and its tmpfs pages), where the host gives tasks a control group */
  taskMemoryBytes: z.number().int().positive(),
  shmBytes: z.number().int().positive(),
  fileBytes: z.number().int().positive(),
  processes: z.number().int().positive(),
  tmpBytes: z.number().int().positive(),
  checkoutHeadroomBytes: z.number().int().positive(),
});
export type SandboxLimits = z.infer<typeof SandboxLimitsSchema>;

export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = {
  memoryBytes: 2048 * MiB,
  taskMemoryBytes: 2048 * MiB,
  shmBytes: 64 * MiB,
  fileBytes: 1024 * MiB,
  processes: 256,
  tmpBytes: 512 * MiB,
  checkoutHeadroomBytes: 1024 * MiB,
};

const mb = (bytes: number) => `${Math.round(bytes / MiB).toLocaleString("en-US")} MB`;

/** exit status of a process killed by SIGXFSZ (a write past RLIMIT_FSIZE) as bash reports it */
const SIGXFSZ_STATUS = 128 + 25;

/**
 * Notes for the observation when a command's output or status shows it hit a cap, so the model (and
 * whoever reads the trajectory) learns that the sandbox refused, not the code under review.
 */
export function capNotes(
  result: { returncode: number; output: string },
  limits: SandboxLimits,
  /** whether the task has a control group capping its total (task-cgroup.ts) */
  perTask = false,
): string[] {
  const notes: string[] = [];
  const out = result.output;
  if (result.returncode === SIGXFSZ_STATUS || /File size limit exceeded/.test(out))
    notes.push(`[sandbox: a file reached the ${mb(limits.fileBytes)} file-size cap]`);
  if (/No space left on device|Disk quota exceeded/.test(out))
    notes.push(
      `[sandbox: the space was used up: /tmp holds ${mb(limits.tmpBytes)}, /dev/shm ${mb(limits.shmBytes)}, the repository ${mb(limits.checkoutHeadroomBytes)} beyond its checkout]`,
    );
  if (/MemoryError|Cannot allocate memory|out of memory|bad_alloc|memory exhausted/i.test(out))
    notes.push(
      perTask
        ? `[sandbox: memory is capped at ${mb(limits.memoryBytes)} per process and ${mb(limits.taskMemoryBytes)} for all the task's processes together]`
        : `[sandbox: memory is capped at ${mb(limits.memoryBytes)} per process]`,
    );
  if (/fork: (retry: )?Resource temporarily unavailable|Cannot fork|can't fork|Resource temporarily unavailable/.test(out))
    notes.push(`[sandbox: at most ${limits.processes} processes and threads may run at once]`);
  return notes;
}

/** The note for a command whose task group hit its memory cap: the kernel killed one of its processes. */
export function taskMemoryNote(limits: SandboxLimits, killed: number): string {
  return `[sandbox: the task's processes together reached its ${mb(limits.taskMemoryBytes)} memory cap (files in /tmp and /dev/shm count too); the kernel killed ${killed === 1 ? "one of them" : `${killed} of them`}]`;
}

export type CgroupKind = "cgroup2" | "cgroup1" | "none";

/** The caps in force, in words (the run page and the CLI), and the warning of a host without per-task caps. */
export function capsInForce(
  limits: SandboxLimits,
  cgroup: { kind: CgroupKind; reason?: string },
): { caps: string; warning: string | null } {
  const group = cgroup.kind === "cgroup2" ? "cgroup v2" : "cgroup v1";
  const perTask =
    cgroup.kind === "none"
      ? `memory ${mb(limits.memoryBytes)} per process (no per-task total), ${limits.processes} processes`
      : `memory ${mb(limits.taskMemoryBytes)} per task over all its processes (${group}) and ${mb(limits.memoryBytes)} per process, ${limits.processes} processes per task (${group} pids)`;
  const caps = `${perTask}; files ${mb(limits.fileBytes)} each; /tmp ${mb(limits.tmpBytes)}; /dev/shm ${mb(limits.shmBytes)}`;
  const warning =
    cgroup.kind === "none"
      ? `No per-task memory cap on this host: ${cgroup.reason ?? "no usable control group"}. Each process is capped at ${mb(limits.memoryBytes)}, but one task's processes together may use more (up to ${limits.processes} of them).`
      : null;
  return { caps, warning };
}
