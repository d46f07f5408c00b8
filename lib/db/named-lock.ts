// Named locks between processes sharing a database, without a table or clocks: on PostgreSQL a
// session-level advisory lock on a connection of its own, so a worker that dies (killed, crashed,
// cut off) lets go the moment PostgreSQL closes its session; on the embedded database, which one
// process opens at a time, a set in that process. Used where two workers must not do the same
// thing at once outside the job queue's singleton keys: the repository selection, one repository's
// harvest, one screening family. Replaces the JobLock table (#14).
import pg from "pg";
import type { PrismaClient } from "@/lib/db/generated/client";

/** Lets go of a held lock; safe to call twice. */
export type ReleaseLock = () => Promise<void>;

interface LockProvider {
  tryLock(name: string): Promise<ReleaseLock | null>;
}

const providers = new WeakMap<object, LockProvider>();

/** Called by openDatabase: the locks of the database behind this client. */
export function registerLockProvider(prisma: PrismaClient, provider: LockProvider): void {
  providers.set(prisma, provider);
}

/** Takes the named lock if no other holder (process or, embedded, caller) has it; null when taken. */
export async function tryNamedLock(prisma: PrismaClient, name: string): Promise<ReleaseLock | null> {
  const provider = providers.get(prisma);
  if (!provider) throw new Error("This database client was not opened with openDatabase, so it has no locks.");
  return provider.tryLock(name);
}

/** Runs fn holding the named lock, or returns `busy()` without running it when another holder has it. */
export async function withNamedLock<T>(prisma: PrismaClient, name: string, fn: () => Promise<T>, busy: () => never): Promise<T> {
  const release = await tryNamedLock(prisma, name);
  if (!release) busy();
  try {
    return await fn();
  } finally {
    await release();
  }
}

/** One process holds the embedded database: its locks are a set, per database. */
export function inProcessLocks(): LockProvider {
  const held = new Set<string>();
  return {
    async tryLock(name) {
      if (held.has(name)) return null;
      held.add(name);
      let done = false;
      return async () => {
        if (done) return;
        done = true;
        held.delete(name);
      };
    },
  };
}

// Our locks in their own key space, apart from pg-boss's and the migrations' advisory locks.
const KEY_SQL = "hashtextextended('crjudge-workbench:' || $1, 0)";

/** PostgreSQL: each lock on a connection of its own, so the pool keeps serving queries meanwhile. */
export function advisoryLocks(connectionString: string): LockProvider {
  return {
    async tryLock(name) {
      const client = new pg.Client({ connectionString, application_name: `crjudge lock ${name}`.slice(0, 63) });
      // a session the server closes under us drops the lock with it; nothing to do but not crash
      client.on("error", () => undefined);
      await client.connect();
      let ok = false;
      try {
        const { rows } = await client.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(${KEY_SQL}) AS ok`, [name]);
        ok = rows[0]?.ok === true;
      } finally {
        if (!ok) await client.end().catch(() => undefined);
      }
      if (!ok) return null;
      let done = false;
      return async () => {
        if (done) return;
        done = true;
        // ending the session releases every lock it holds
        await client.end().catch(() => undefined);
      };
    },
  };
}
