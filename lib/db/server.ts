import "server-only";
import { config } from "@/lib/config";
import { databaseTargetOf, openDatabase, type Database } from "./connection";
import { migrate } from "./migrate";

// One database per server process: PGlite is single-session and Prisma pools its own connections.
// lib/db opens and migrates only; the server's start-up (instrumentation.ts) passes lib/demo's seeding.
const holder = globalThis as unknown as { __workbenchDb?: Promise<Database> };

async function start(afterMigrate?: (db: Database) => Promise<void>): Promise<Database> {
  const c = config();
  const db = await openDatabase(databaseTargetOf(c));
  await migrate(db);
  if (afterMigrate) await afterMigrate(db);
  return db;
}

/** The process's database, opened and migrated once; the first caller's afterMigrate runs before anyone gets it. */
export function getDb(afterMigrate?: (db: Database) => Promise<void>): Promise<Database> {
  holder.__workbenchDb ??= start(afterMigrate).catch((e) => {
    holder.__workbenchDb = undefined;
    throw e;
  });
  return holder.__workbenchDb;
}

export async function getPrisma() {
  return (await getDb()).prisma;
}
