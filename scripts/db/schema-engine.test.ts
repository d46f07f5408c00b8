import { expect, test } from "vitest";
import { pendingMigrationSql } from "./schema-engine";

test("committed migrations produce exactly prisma/schema.prisma", async () => {
  const sql = await pendingMigrationSql(process.cwd());
  // Non-empty means schema.prisma changed without `npm run db:migration -- <name>`
  expect(sql).toBe("");
});
