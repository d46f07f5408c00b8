// Test databases: an in-memory PGlite, or a throwaway database on the local PostgreSQL server
// (127.0.0.1 only: tests refuse any other host so they can never touch a real one). Both start as a
// copy of this run's migrated template (test-templates.ts): migrating costs seconds, a copy a fraction
// of one, so a test file can afford a fresh database per test.
import { randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { openDatabase, type Database } from "../connection";
import { migrate } from "../migrate";
import { openReusedEmbeddedCopy } from "./reused-pglite";
import { cloneTemplate, databaseUrl, dropDatabase, embeddedTemplate, postgresTemplate, withAdmin } from "./test-templates";

export type TestDatabaseKind = "embedded" | "postgresql";
export const TEST_DATABASE_KINDS: TestDatabaseKind[] = ["embedded", "postgresql"];

/** A new, empty (unmigrated) database on the local server; drop() removes it. */
export async function createPostgresTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `wb_test_${randomBytes(6).toString("hex")}`;
  await withAdmin((c) => c.query(`CREATE DATABASE "${name}"`));
  return { url: databaseUrl(name), drop: () => dropDatabase(name) };
}

/** The migrated PGlite dump of this run. */
export function migratedEmbeddedDump(): Promise<Blob> {
  return embeddedTemplate("migrated", async () => {
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
  });
}

/** The migrated PostgreSQL template of this run. */
export function migratedPostgresTemplate(): Promise<string> {
  return postgresTemplate("migrated", async (url) => {
    const db = await openDatabase({ kind: "postgresql", url });
    try {
      await migrate(db);
    } finally {
      await db.close();
    }
  });
}

/**
 * A database started from a PGlite dump (a PGlite kept from an earlier test of this process and set back to the
 * dump's rows when one is free: reused-pglite.ts), or cloned from a PostgreSQL template; close() also drops a PostgreSQL
 * one, without waiting for it: a DROP DATABASE takes 0.2-1.4 s (measured under load), which the next test need
 * not wait for. A copy whose drop did not finish (its test process ended first) is dropped by the run's global
 * teardown, which drops every database named with the run's clone prefix.
 */
export async function openCopyOf(template: { embedded: Blob } | { postgresql: string }): Promise<Database> {
  if ("embedded" in template) return openReusedEmbeddedCopy(template.embedded);
  const created = await cloneTemplate(template.postgresql);
  const db = await openDatabase({ kind: "postgresql", url: created.url });
  const close = db.close;
  return {
    ...db,
    close: async () => {
      await close();
      created.drop().catch((e) => console.warn(`left for the run's teardown: ${e instanceof Error ? e.message : String(e)}`));
    },
  };
}

/** A migrated, empty database of the given kind; close() also drops a PostgreSQL one. */
export async function openTestDatabase(kind: TestDatabaseKind): Promise<Database> {
  return kind === "embedded"
    ? openCopyOf({ embedded: await migratedEmbeddedDump() })
    : openCopyOf({ postgresql: await migratedPostgresTemplate() });
}
