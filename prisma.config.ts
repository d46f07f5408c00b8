import { defineConfig } from "prisma/config";

// Datasource URL is not needed for `prisma generate`; migrations are applied by lib/db/migrate.ts.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
