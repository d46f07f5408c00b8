// Test databases: an in-memory PGlite, or a fresh throwaway database on the local PostgreSQL
// server (127.0.0.1 only: tests refuse any other host so they can never touch a real one).
import { randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { openDatabase, type Database } from "../connection";
import { migrate } from "../migrate";

export type TestDatabaseKind = "embedded" | "postgresql";
export const TEST_DATABASE_KINDS: TestDatabaseKind[] = ["embedded", "postgresql"];

const ADMIN_URL = process.env.TEST_POSTGRES_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

function assertLocal(url: string) {
  const host = new URL(url).hostname;
  if (!["127.0.0.1", "localhost", "::1", "[::1]"].includes(host))
    throw new Error(`Refusing to run tests against non-local PostgreSQL host ${host}`);
}

export async function createPostgresTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  assertLocal(ADMIN_URL);
  const name = `wb_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

// Booting PGlite and running every migration costs seconds; starting an in-memory PGlite from a
// dump of a migrated one costs well under one, so a test file can afford a fresh database per
// test. One dump per worker process, made on first use.
let migratedDump: Promise<Blob> | undefined;
function migratedEmbeddedDump(): Promise<Blob> {
  migratedDump ??= (async () => {
    const pglite = await PGlite.create();
    try {
      const raw = {
        execScript: async (sql: string) => void (await pglite.exec(sql)),
        query: async <T>(sql: string, params: unknown[] = []) => (await pglite.query<T>(sql, params)).rows,
      };
      // migrate() only asks for a session; a whole Database (with a Prisma client) is not needed here
      await migrate({ session: (fn) => fn(raw) } as Pick<Database, "session"> as Database);
      return await pglite.dumpDataDir("none");
    } finally {
      await pglite.close();
    }
  })();
  return migratedDump;
}

/** A migrated, empty database of the given kind; close() also drops a PostgreSQL one. */
export async function openTestDatabase(kind: TestDatabaseKind): Promise<Database> {
  if (kind === "embedded") {
    return openDatabase({ kind: "embedded", dataDir: "memory://", loadDataDir: await migratedEmbeddedDump() });
  }
  const created = await createPostgresTestDatabase();
  const db = await openDatabase({ kind: "postgresql", url: created.url });
  await migrate(db);
  const close = db.close;
  return {
    ...db,
    close: async () => {
      await close();
      await created.drop();
    },
  };
}
