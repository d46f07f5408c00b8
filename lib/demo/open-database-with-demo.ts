import "server-only";
import { config } from "@/lib/config";
import type { Database } from "@/lib/db/connection";
import { getDb } from "@/lib/db/server";
import { seedDemoIfEmpty } from "./seed-demo";

/** The server's start-up: opens and migrates the database and, with DEMO_DATA=1, seeds the demo into an empty one. */
export function openDatabaseWithDemo(): Promise<Database> {
  return getDb(
    config().DEMO_DATA === "1"
      ? async (db) => {
          await seedDemoIfEmpty(db.prisma);
        }
      : undefined,
  );
}
