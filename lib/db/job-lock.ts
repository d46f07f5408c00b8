// Named locks in the JobLock table, so several workers on PostgreSQL never run the same job (selection,
// one repository) at once. Taking one is a single conditional UPDATE (or an INSERT racing on the primary
// key): PostgreSQL re-checks the WHERE clause after a concurrent update, so only one worker wins.
// A lock expires unless renewed; one held by a dead process on this host is taken over at once.
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { PrismaClient } from "@/lib/db/generated/client";
import { isProcessAlive } from "./process-alive";

/** `host:pid:nonce`: unique per run, and enough to tell whether a local holder is still alive. */
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

export async function tryAcquireLock(prisma: PrismaClient, name: string, holder: string, ttlMs: number): Promise<boolean> {
  const now = new Date();
  const expiresAt = new Date(now.getTime() + ttlMs);
  const taken = await prisma.jobLock.updateMany({
    where: { name, OR: [{ expiresAt: { lt: now } }, { holder }] },
    data: { holder, expiresAt },
  });
  if (taken.count === 1) return true;
  try {
    await prisma.jobLock.create({ data: { name, holder, expiresAt } });
    return true;
  } catch (e) {
    if ((e as { code?: string }).code !== "P2002") throw e;
  }
  const current = await prisma.jobLock.findUnique({ where: { name } });
  if (!current || !holderIsDeadLocalProcess(current.holder)) return false;
  const stolen = await prisma.jobLock.updateMany({ where: { name, holder: current.holder }, data: { holder, expiresAt } });
  return stolen.count === 1;
}

/** Extends every lock this holder has; returns how many it still holds. */
export async function renewLocks(prisma: PrismaClient, holder: string, ttlMs: number): Promise<number> {
  const { count } = await prisma.jobLock.updateMany({ where: { holder }, data: { expiresAt: new Date(Date.now() + ttlMs) } });
  return count;
}

export async function releaseLock(prisma: PrismaClient, name: string, holder: string): Promise<void> {
  await prisma.jobLock.deleteMany({ where: { name, holder } });
}
