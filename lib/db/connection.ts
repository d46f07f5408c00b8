// One way to open the database, whichever it is: the embedded default (PGlite, an in-process
// PostgreSQL, so one schema and one generated client serve both) or a PostgreSQL server.
import type { Config } from "@/lib/config";
import { advisoryLocks, inProcessLocks, registerLockProvider } from "./named-lock";
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "./generated/client";
import { acquireDataDirLock } from "./data-dir-lock";

export type DatabaseTarget =
  // dataDir "memory://" for tests; loadDataDir (a PGlite dump) starts an in-memory one from a copy
  { kind: "embedded"; dataDir: string; loadDataDir?: Blob } | { kind: "postgresql"; url: string };

/** The configured database: PostgreSQL at DATABASE_URL, else the embedded one in EMBEDDED_DB_DIR. */
export function databaseTargetOf(c: Pick<Config, "DATABASE_URL" | "EMBEDDED_DB_DIR">): DatabaseTarget {
  return c.DATABASE_URL ? { kind: "postgresql", url: c.DATABASE_URL } : { kind: "embedded", dataDir: c.EMBEDDED_DB_DIR };
}

export interface Database {
  target: DatabaseTarget;
  prisma: PrismaClient;
  /** the embedded database's PGlite instance (the job queue talks to it directly); unset on PostgreSQL */
  pglite?: PGlite;
  /** Runs a script of several statements (migrations). */
  execScript(sql: string): Promise<void>;
  /** One parameterised query through the raw driver. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs fn on one connection, for session state such as advisory locks. */
  session<T>(fn: (s: Pick<Database, "execScript" | "query">) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Holds the data folder's lock while the database is open, and lets go of it however the process
 * ends: close(), a normal exit, or SIGTERM/SIGINT (the database is closed first, then the signal
 * takes its default course unless someone else, such as Next's server, handles it).
 */
function holdDataDirLock(dataDir: string, close: () => Promise<void>): () => void {
  const release = acquireDataDirLock(dataDir);
  const onExit = () => release();
  const onSignal = (signal: NodeJS.Signals) => {
    // the exit listener stays: another SIGTERM handler (Next's server) may exit before close() ends
    process.off("SIGTERM", onSignal);
    process.off("SIGINT", onSignal);
    void close().finally(() => {
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    });
  };
  const detach = () => {
    process.off("exit", onExit);
    process.off("SIGTERM", onSignal);
    process.off("SIGINT", onSignal);
  };
  process.on("exit", onExit);
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
  return () => {
    detach();
    release();
  };
}

/** A Database over an open PGlite (a client of its own, in-process named locks); close() is the caller's. */
export function databaseOnPglite(target: DatabaseTarget, pglite: PGlite, close: () => Promise<void>): Database {
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  registerLockProvider(prisma, inProcessLocks());
  const raw = {
    execScript: async (sql: string) => void (await pglite.exec(sql)),
    query: async <T>(sql: string, params: unknown[] = []) => (await pglite.query<T>(sql, params)).rows,
  };
  // PGlite is a single session already
  return { target, prisma, pglite, ...raw, session: (fn) => fn(raw), close };
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === "embedded") {
    const inMemory = target.dataDir.startsWith("memory://");
    let closed: Promise<void> | null = null;
    let release = () => {};
    // until PGlite is open, closing (a signal during start-up) only lets go of the lock
    let closeOpened = async () => release();
    const closeOnce = () => (closed ??= closeOpened());
    if (!inMemory) {
      mkdirSync(target.dataDir, { recursive: true });
      release = holdDataDirLock(target.dataDir, closeOnce);
    }
    try {
      const pglite = inMemory
        ? await PGlite.create(target.loadDataDir ? { loadDataDir: target.loadDataDir } : undefined)
        : await PGlite.create(target.dataDir);
      const db = databaseOnPglite(target, pglite, closeOnce);
      closeOpened = async () => {
        try {
          await db.prisma.$disconnect();
          await pglite.close();
        } finally {
          release();
        }
      };
      return db;
    } catch (e) {
      release();
      throw e;
    }
  }
  // jit=off: the workbench's queries are short and interactive; PostgreSQL's JIT compiled the lead's
  // queue query (70,000 instances) for 1.7 s to run it in 0.3 s (bench-scale, page_p95_ms_annotate).
  const pool = new pg.Pool({ connectionString: target.url, max: 10, options: "-c jit=off" });
  // An idle pooled connection can be closed by the server (restart, failover, a dropped test
  // database); without a listener pg turns that into an uncaught exception. The pool replaces it.
  pool.on("error", (e: Error & { code?: string }) => {
    if (e.code !== "57P01") console.error(`[db] idle PostgreSQL connection failed: ${e.message}`);
  });
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  registerLockProvider(prisma, advisoryLocks(target.url));
  return {
    target,
    prisma,
    execScript: async (sql) => void (await pool.query(sql)),
    query: async <T>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as T[],
    session: async (fn) => {
      const client = await pool.connect();
      try {
        return await fn({
          execScript: async (sql) => void (await client.query(sql)),
          query: async <T>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as T[],
        });
      } finally {
        client.release();
      }
    },
    close: async () => {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}
