// The caps a judge task gets on this host, in words, for the start page, the CLI and the run's record:
// a constant of the sandbox's limits and what the host's control groups allow (task-cgroup.ts).
import { type SandboxAvailability, sandboxAvailability } from "./sandbox";
import { capsInForce, DEFAULT_SANDBOX_LIMITS } from "./sandbox-limits";
import { taskCgroupSupport } from "./task-cgroup";

export function hostSandboxCaps(): { caps: string; warning: string | null } {
  const support = taskCgroupSupport();
  return capsInForce(DEFAULT_SANDBOX_LIMITS, support.kind === "none" ? support : { kind: support.kind });
}

/** Whether this host can run judge tasks at all (bubblewrap), and with which caps: what the start page shows. */
export function hostSandbox(): { availability: SandboxAvailability } & ReturnType<typeof hostSandboxCaps> {
  return { availability: sandboxAvailability(), ...hostSandboxCaps() };
}
