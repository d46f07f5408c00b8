// What a judge task may use, and the words an observation gets when a command hit one of the caps.
// The caps are kernel resource limits set on bubblewrap before it starts (they are inherited by every
// process in the sandbox and cannot be raised from inside: the agent holds no capability), and sizes of
// tmpfs mounts, which the kernel enforces per file system:
// - memory: RLIMIT_DATA per process (heap and private writable mappings; what an allocation takes).
//   Chosen over RLIMIT_AS because runtimes such as Node and the JVM reserve far more address space than
//   they use and would not start under a 2 GB address-space cap.
// - file size: RLIMIT_FSIZE per file written anywhere.
// - processes: RLIMIT_NPROC, counted by the kernel per host user. When the server runs as root each task
//   runs as a host user of its own, so the count is the task's alone; otherwise the user's processes at
//   the sandbox's start are added to the cap (tasks of one non-root server then share that headroom).
// - /tmp: a tmpfs of its own per command, of `tmpBytes`.
// - the checkout: when the server runs as root, a tmpfs of its own sized to the checkout plus
//   `checkoutHeadroomBytes`; otherwise only the per-file cap holds (no user-mountable file system has
//   a size without privileges; the README says so).
// A cgroup would cap the sum of a task's memory instead of each process's, but needs a delegated cgroup
// (systemd or root with cgroup v2); these machines have cgroup v1 and the app may run unprivileged.
import { z } from "zod";

const MiB = 1024 * 1024;

export const SandboxLimitsSchema = z.strictObject({
  memoryBytes: z.number().int().positive(),
  fileBytes: z.number().int().positive(),
  processes: z.number().int().positive(),
  tmpBytes: z.number().int().positive(),
  checkoutHeadroomBytes: z.number().int().positive(),
});
export type SandboxLimits = z.infer<typeof SandboxLimitsSchema>;

export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = {
  memoryBytes: 2048 * MiB,
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
export function capNotes(result: { returncode: number; output: string }, limits: SandboxLimits): string[] {
  const notes: string[] = [];
  const out = result.output;
  if (result.returncode === SIGXFSZ_STATUS || /File size limit exceeded/.test(out))
    notes.push(`[sandbox: a file reached the ${mb(limits.fileBytes)} file-size cap]`);
  if (/No space left on device|Disk quota exceeded/.test(out))
    notes.push(
      `[sandbox: the space was used up: /tmp holds ${mb(limits.tmpBytes)}, the repository ${mb(limits.checkoutHeadroomBytes)} beyond its checkout]`,
    );
  if (/MemoryError|Cannot allocate memory|out of memory|bad_alloc|memory exhausted/i.test(out))
    notes.push(`[sandbox: memory is capped at ${mb(limits.memoryBytes)} per process]`);
  if (/fork: (retry: )?Resource temporarily unavailable|Cannot fork|can't fork|Resource temporarily unavailable/.test(out))
    notes.push(`[sandbox: at most ${limits.processes} processes and threads may run at once]`);
  return notes;
}
