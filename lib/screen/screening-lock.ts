import type { PrismaClient } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { withNamedLock } from "@/lib/db/named-lock";

// One writer per filter family at a time (a second admin clicking "re-run", a CLI run beside the
// UI): two runs of the same filter would each replace the other's decisions half-way. A named lock
// (lib/db/named-lock: a PostgreSQL advisory lock), so it holds across processes and a killed run
// frees it when its session ends.

export type ScreeningLockName = "screen:rules" | "screen:llm:pr" | "screen:llm:comment";

export async function withScreeningLock<T>(prisma: PrismaClient, lock: ScreeningLockName, run: () => Promise<T>): Promise<T> {
  return withNamedLock(prisma, lock, run, () => {
    throw busyError(lock);
  });
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
