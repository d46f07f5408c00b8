import "server-only";
import { config } from "@/lib/config";
import { openDatabase, type Database } from "./connection";
import { migrate } from "./migrate";
import { seedDemoIfEmpty } from "@/lib/demo/seed-demo";

// One database per server process: PGlite is single-session and Prisma pools its own connections.
const holder = globalThis as unknown as { __workbenchDb?: Promise<Database> };

async function start(): Promise<Database> {
  const c = config();
  const db = await openDatabase(
    c.DATABASE_URL ? { kind: "postgresql", url: c.DATABASE_URL } : { kind: "embedded", dataDir: c.EMBEDDED_DB_DIR },
  );
  await migrate(db);
  if (c.DEMO_DATA === "1") await seedDemoIfEmpty(db.prisma);
  return db;
}

export function getDb(): Promise<Database> {
  holder.__workbenchDb ??= start().catch((e) => {
    holder.__workbenchDb = undefined;
    throw e;
  });
  return holder.__workbenchDb;
}

export async function getPrisma() {
  return (await getDb()).prisma;
}
