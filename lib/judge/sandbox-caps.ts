// The caps a judge task gets on this host, in words, for the start page, the CLI and the run's record:
// a constant of the sandbox's limits and what the host's control groups allow (task-cgroup.ts).
import { capsInForce, DEFAULT_SANDBOX_LIMITS } from "./sandbox-limits";
import { taskCgroupSupport } from "./task-cgroup";

export function hostSandboxCaps(): { caps: string; warning: string | null } {
  const support = taskCgroupSupport();
  return capsInForce(DEFAULT_SANDBOX_LIMITS, support.kind === "none" ? support : { kind: support.kind });
}
