// Seeds the demo world once for a Playwright run (e2e/global-setup.ts), into the database its
// environment names (EMBEDDED_DB_DIR or DATABASE_URL) with its mirrors and export files in MIRRORS_DIR
// and EXPORTS_DIR, exactly as a server's start-up seeds an empty database. Each spec's server then
// starts on a copy (e2e/fixtures.ts) instead of seeding its own.
import { config } from "@/lib/config";
import { databaseTargetOf, openDatabase } from "@/lib/db/connection";
import { migrate } from "@/lib/db/migrate";
import { seedDemoIfEmpty } from "@/lib/demo/seed-demo";

const c = config();
const db = await openDatabase(databaseTargetOf(c));
try {
  await migrate(db);
  console.log(JSON.stringify({ seeded: await seedDemoIfEmpty(db.prisma) }));
} finally {
  await db.close();
}
