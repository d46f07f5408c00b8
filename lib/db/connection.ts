// One way to open the database, whichever it is: the embedded default (PGlite, an in-process
// PostgreSQL, so one schema and one generated client serve both) or a PostgreSQL server.
import { mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "./generated/client";
import { isProcessAlive } from "./process-alive";

export type DatabaseTarget =
  | { kind: "embedded"; dataDir: string } // dataDir "memory://" for tests
  | { kind: "postgresql"; url: string };

export interface Database {
  target: DatabaseTarget;
  prisma: PrismaClient;
  /** Runs a script of several statements (migrations). */
  execScript(sql: string): Promise<void>;
  /** One parameterised query through the raw driver. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs fn on one connection, for session state such as advisory locks. */
  session<T>(fn: (s: Pick<Database, "execScript" | "query">) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export class EmbeddedDatabaseBusyError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The embedded database at ${dataDir} is open in process ${pid}. PGlite allows one process per data folder ` +
        `(two would corrupt it): stop that process, or set DATABASE_URL to use PostgreSQL for several processes.`,
    );
    this.name = "EmbeddedDatabaseBusyError";
  }
}


// Two processes opening one PGlite folder get no error and lose data silently, so a pid file guards it.
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(path.dirname(path.resolve(dataDir)), `${path.basename(dataDir)}.lock`);
  if (existsSync(lockPath)) {
    const pid = Number(readFileSync(lockPath, "utf8"));
    if (pid && pid !== process.pid && isProcessAlive(pid)) throw new EmbeddedDatabaseBusyError(dataDir, pid);
  }
  writeFileSync(lockPath, String(process.pid));
  return () => {
    try {
      if (Number(readFileSync(lockPath, "utf8")) === process.pid) rmSync(lockPath);
    } catch {
      // already gone: nothing to release
    }
  };
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === "embedded") {
    const inMemory = target.dataDir.startsWith("memory://");
    const release = inMemory ? () => {} : lockDataDir(target.dataDir);
    try {
      const pglite = await PGlite.create(inMemory ? undefined : target.dataDir);
      const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
      const raw = {
        execScript: async (sql: string) => void (await pglite.exec(sql)),
        query: async <T,>(sql: string, params: unknown[] = []) => (await pglite.query<T>(sql, params)).rows,
      };
      return {
        target,
        prisma,
        ...raw,
        // PGlite is a single session already
        session: (fn) => fn(raw),
        close: async () => {
          await prisma.$disconnect();
          await pglite.close();
          release();
        },
      };
    } catch (e) {
      release();
      throw e;
    }
  }
  const pool = new pg.Pool({ connectionString: target.url, max: 10 });
  // An idle pooled connection can be closed by the server (restart, failover, a dropped test
  // database); without a listener pg turns that into an uncaught exception. The pool replaces it.
  pool.on("error", (e: Error & { code?: string }) => {
    if (e.code !== "57P01") console.error(`[db] idle PostgreSQL connection failed: ${e.message}`);
  });
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  return {
    target,
    prisma,
    execScript: async (sql) => void (await pool.query(sql)),
    query: async <T,>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as T[],
    session: async (fn) => {
      const client = await pool.connect();
      try {
        return await fn({
          execScript: async (sql) => void (await client.query(sql)),
          query: async <T,>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as T[],
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
