// Who runs a piece of work: `host:pid:nonce`, unique per run, and enough to tell whether a holder on
// this host is still alive (a crawl run whose worker was killed is closed by the next run).
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { isProcessAlive } from "./process-alive";

export function newHolderId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
}

/** A holder on this host whose process has exited (killed, crashed). */
export function holderIsDeadLocalProcess(holder: string): boolean {
  const parts = holder.split(":");
  if (parts.length < 3) return false;
  const pid = Number(parts[parts.length - 2]);
  const host = parts.slice(0, -2).join(":");
  return host === hostname() && Number.isInteger(pid) && pid !== process.pid && !isProcessAlive(pid);
}
