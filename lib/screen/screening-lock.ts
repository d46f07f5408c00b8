import type { PrismaClient } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { newHolderId, releaseLock, renewLocks, tryAcquireLock } from "@/lib/db/job-lock";

// One writer per filter family at a time (a second admin clicking "re-run", a CLI run beside the
// UI): two runs of the same filter would each replace the other's decisions half-way. The lock
// lives in the JobLock table, so it holds across processes on PostgreSQL, and is renewed while
// the run is alive, so a killed run frees it within a minute.

export type ScreeningLockName = "screen:rules" | "screen:llm:pr" | "screen:llm:comment";

const TTL_MS = 60_000;
const RENEW_EVERY_MS = 20_000;

export async function withScreeningLock<T>(prisma: PrismaClient, lock: ScreeningLockName, run: () => Promise<T>): Promise<T> {
  const holder = newHolderId();
  if (!(await tryAcquireLock(prisma, lock, holder, TTL_MS))) throw busyError(lock);
  const renew = setInterval(() => void renewLocks(prisma, holder, TTL_MS).catch(() => undefined), RENEW_EVERY_MS);
  renew.unref();
  try {
    return await run();
  } finally {
    clearInterval(renew);
    await releaseLock(prisma, lock, holder);
  }
}

function busyError(lock: ScreeningLockName): AppError {
  return new AppError(
    "busy",
    lock === "screen:rules"
      ? "The rule filters are already being run (by another admin or a script). Wait for that run to finish, then reload."
      : `The ${lock === "screen:llm:pr" ? "LLM PR audit" : "LLM comment screen"} is already running. Wait for it to finish; a new run then resumes where it stopped.`,
    { lock },
  );
}
