// Test databases: an in-memory PGlite, or a fresh throwaway database on the local PostgreSQL
// server (127.0.0.1 only: tests refuse any other host so they can never touch a real one).
import { randomBytes } from "node:crypto";
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

/** A migrated, empty database of the given kind; close() also drops a PostgreSQL one. */
export async function openTestDatabase(kind: TestDatabaseKind): Promise<Database> {
  if (kind === "embedded") {
    const db = await openDatabase({ kind: "embedded", dataDir: "memory://" });
    await migrate(db);
    return db;
  }
  const created = await createPostgresTestDatabase();
  const db = await openDatabase({ kind: "postgresql", url: created.url });
  await migrate(db);
  const close = db.close;
  return { ...db, close: async () => { await close(); await created.drop(); } };
}
