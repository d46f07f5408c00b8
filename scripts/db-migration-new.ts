// Usage: npm run db:migration -- <name>
// Writes prisma/migrations/<timestamp>_<name>/migration.sql with the SQL that brings the
// committed migrations up to prisma/schema.prisma. Runs offline (see scripts/db/schema-engine.ts).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { MIGRATIONS_DIR, pendingMigrationSql } from "./db/schema-engine";

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("usage: npm run db:migration -- <name_in_snake_case>");
  process.exit(2);
}
const sql = await pendingMigrationSql(process.cwd());
if (!sql) {
  console.log("prisma/schema.prisma matches the committed migrations; nothing to write.");
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const dir = path.join(MIGRATIONS_DIR, `${stamp}_${name}`);
mkdirSync(dir, { recursive: true });
writeFileSync(path.join(dir, "migration.sql"), sql);

console.log(`wrote ${dir}/migration.sql (${sql.split("\n").length} lines)`);
