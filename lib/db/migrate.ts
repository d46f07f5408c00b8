// Applies the committed SQL migrations (prisma/migrations/*/migration.sql) at start, recording
// them in Prisma's own `_prisma_migrations` table so the Prisma CLI, where it can run, agrees.
// Prisma 7's CLI needs a native engine this offline machine can't download; see README "Migrations".
import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import type { Database } from "./connection";
import { installJobQueueSchema } from "./job-queue-schema";

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

function readMigrations(dir = path.join(/*turbopackIgnore: true*/ process.cwd(), "prisma", "migrations")): Migration[] {
  if (!existsSync(dir)) throw new Error(`No migrations folder at ${dir}`);
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

// Any fixed number: several workers starting at once on PostgreSQL migrate one at a time.
const MIGRATION_LOCK_KEY = 72_016_213;

class MigrationChecksumError extends Error {}

/** Applies pending migrations; returns the names applied. Safe to call on every start. */
export async function migrate(database: Database, migrations = readMigrations()): Promise<string[]> {
  return database.session((db) => migrateInSession(db, migrations));
}

async function migrateInSession(db: Pick<Database, "execScript" | "query">, migrations: Migration[]) {
  await db.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
  try {
    await db.execScript(CREATE_TABLE);
    const rows = await db.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const applied = new Map(rows.map((r) => [r.migration_name, r.checksum]));
    const done: string[] = [];
    for (const m of migrations) {
      const known = applied.get(m.name);
      if (known) {
        if (known !== m.checksum)
          throw new MigrationChecksumError(
            `Migration ${m.name} was edited after it was applied (checksum differs). Add a new migration instead.`,
          );
        continue;
      }
      // The script and its bookkeeping row commit together: a crash leaves neither.
      await db.execScript(
        `BEGIN;\n${m.sql}\n;INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count) ` +
          `VALUES ('${randomUUID()}', '${m.checksum}', now(), '${m.name.replace(/'/g, "''")}', 1);\nCOMMIT;`,
      );
      done.push(m.name);
    }
    await installJobQueueSchema(db);
    return done;
  } finally {
    await db.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
  }
}
