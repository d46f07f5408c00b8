// Before the specs: the demo world seeded once per database kind (e2e/setup/demo-template.ts), in
// parallel. Each spec's server then starts on a copy: the PGlite data folder copied, or a PostgreSQL
// database made with CREATE DATABASE … TEMPLATE, with the template's mirrors copied beside it
// (e2e/fixtures.ts). Seeding costs 15-25 s; a copy about a second. The templates go at the end.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { E2E_ADMIN_URL, E2E_DATA_ROOT, templatePaths } from "./template-paths";

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: E2E_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function seed(env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join("node_modules", ".bin", "tsx"), ["e2e/setup/demo-template.ts"], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout?.on("data", (d) => (out += d));
    child.stderr?.on("data", (d) => (out += d));
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`seeding the e2e demo template failed (${code}):\n${out.slice(-4000)}`)),
    );
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
  await admin(`CREATE DATABASE "${database}"`);
  const url = new URL(E2E_ADMIN_URL);
  url.pathname = `/${database}`;
  const teardown = async () => {
    await admin(`ALTER DATABASE "${database}" WITH IS_TEMPLATE false`).catch(() => undefined);
    await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
  };
  try {
    await Promise.all([
      seed({ ...base, EMBEDDED_DB_DIR: embedded.pglite, MIRRORS_DIR: embedded.mirrors, EXPORTS_DIR: embedded.exports }),
      seed({ ...base, DATABASE_URL: url.toString(), MIRRORS_DIR: postgres.mirrors, EXPORTS_DIR: postgres.exports }),
    ]);
    await admin(`ALTER DATABASE "${database}" WITH IS_TEMPLATE true`);
  } catch (e) {
    await teardown();
    throw e;
  }
  return teardown;
}
