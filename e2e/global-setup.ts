// Before the specs: the demo world seeded once per database kind (e2e/setup/demo-template.ts), in
// parallel. Each spec's server then starts on a copy: the PGlite data folder copied, or a PostgreSQL
// database made with CREATE DATABASE … TEMPLATE, with the template's mirrors copied beside it
// (e2e/fixtures.ts). Seeding costs 15-25 s; a copy about a second. The templates go at the end.
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { adminQuery, E2E_ADMIN_URL, E2E_DATA_ROOT, runToEnd, templatePaths } from "./template-paths";

async function seed(env: NodeJS.ProcessEnv): Promise<void> {
  await runToEnd("e2e/setup/demo-template.ts", env).catch((e: unknown) => {
    throw new Error(`seeding the e2e demo template failed: ${e instanceof Error ? e.message : String(e)}`);
  });
}

export default async function globalSetup() {
  const id = randomBytes(4).toString("hex");
  const root = path.join(E2E_DATA_ROOT, `template-${id}`);
  const database = `wb_e2e_template_${id}`;
  mkdirSync(root, { recursive: true });
  process.env.E2E_TEMPLATE_ROOT = root;
  process.env.E2E_TEMPLATE_DATABASE = database;
  const base: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", DEMO_DATA: "1" };
  delete base.DATABASE_URL;
  const embedded = templatePaths(root, "embedded");
  const postgres = templatePaths(root, "postgresql");
  await adminQuery(`CREATE DATABASE "${database}"`);
  const url = new URL(E2E_ADMIN_URL);
  url.pathname = `/${database}`;
  const teardown = async () => {
    await adminQuery(`ALTER DATABASE "${database}" WITH IS_TEMPLATE false`).catch(() => undefined);
    await adminQuery(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
  };
  try {
    await Promise.all([
      seed({ ...base, EMBEDDED_DB_DIR: embedded.pglite, MIRRORS_DIR: embedded.mirrors, EXPORTS_DIR: embedded.exports }),
      seed({ ...base, DATABASE_URL: url.toString(), MIRRORS_DIR: postgres.mirrors, EXPORTS_DIR: postgres.exports }),
    ]);
    await adminQuery(`ALTER DATABASE "${database}" WITH IS_TEMPLATE true`);
  } catch (e) {
    await teardown();
    throw e;
  }
  return teardown;
}
