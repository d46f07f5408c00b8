// Where the e2e run's seeded demo templates live (e2e/global-setup.ts makes them, e2e/fixtures.ts copies them).
import path from "node:path";

export const E2E_ADMIN_URL = process.env.E2E_POSTGRES_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
export const E2E_DATA_ROOT = path.resolve(process.env.E2E_DATA_ROOT ?? ".data/e2e");

export function templatePaths(root: string, kind: "embedded" | "postgresql") {
  const dir = path.join(root, kind);
  return { pglite: path.join(dir, "pglite"), mirrors: path.join(dir, "mirrors"), exports: path.join(dir, "exports") };
}
