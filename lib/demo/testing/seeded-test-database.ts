// A test database holding the whole demo world, as seedDemo() leaves it, copied from a template this
// run seeds once (lib/db/testing/test-templates.ts) instead of seeding per test: seeding takes
// 15-25 s, a copy well under one. The demo's mirrors and export files are written once, by the seeding,
// to the configured MIRRORS_DIR and exports folder, which every copy's rows point at; tests only read them.
import type { Database } from "@/lib/db/connection";
import { openDatabase } from "@/lib/db/connection";
import { migratedEmbeddedDump, migratedPostgresTemplate, openCopyOf, type TestDatabaseKind } from "@/lib/db/testing/test-database";
import { embeddedTemplate, postgresTemplate } from "@/lib/db/testing/test-templates";
import { must } from "@/lib/must";
import { seedDemo } from "../seed-demo";

function seededEmbeddedDump(): Promise<Blob> {
  return embeddedTemplate("demo", async () => {
    const db = await openCopyOf({ embedded: await migratedEmbeddedDump() });
    try {
      await seedDemo(db.prisma);
      return await must(db.pglite, "the embedded database's PGlite").dumpDataDir("none");
    } finally {
      await db.close();
    }
  });
}

function seededPostgresTemplate(): Promise<string> {
  return postgresTemplate(
    "demo",
    async (url) => {
      const db = await openDatabase({ kind: "postgresql", url });
      try {
        await seedDemo(db.prisma);
      } finally {
        await db.close();
      }
    },
    migratedPostgresTemplate,
  );
}

/** A fresh copy of the seeded demo database; close() also drops a PostgreSQL one. */
export async function openSeededTestDatabase(kind: TestDatabaseKind): Promise<Database> {
  return kind === "embedded"
    ? openCopyOf({ embedded: await seededEmbeddedDump() })
    : openCopyOf({ postgresql: await seededPostgresTemplate() });
}
