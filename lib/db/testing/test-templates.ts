// Test database templates shared by every worker of one vitest run: a database is built once (migrated,
// or migrated and seeded by a caller such as the demo) and each test gets a copy of it. On PostgreSQL
// the template is a database marked IS_TEMPLATE and each copy is `CREATE DATABASE … TEMPLATE` (a
// fraction of a second); on PGlite it is a data-folder dump in a file that each copy loads into memory.
//
// The first worker to need a template builds it while the others wait (an advisory lock on PostgreSQL,
// a lock file for dumps); vitest's global setup (vitest.global-setup.ts) names the run and removes its
// templates at the end. Without it (a script importing this), templates are made per process.
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";

export const TEST_RUN_ENV = "WB_TEST_RUN_ID";
export const TEST_TEMPLATES_DIR_ENV = "WB_TEST_TEMPLATES_DIR";

const ADMIN_URL = process.env.TEST_POSTGRES_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

/** How long a worker waits for another one to finish building a template. */
const BUILD_WAIT_MS = 10 * 60_000;

function assertLocal(url: string) {
  const host = new URL(url).hostname;
  if (!["127.0.0.1", "localhost", "::1", "[::1]"].includes(host))
    throw new Error(`Refusing to run tests against non-local PostgreSQL host ${host}`);
}

function runId(): string {
  process.env[TEST_RUN_ENV] ??= `p${process.pid}${randomBytes(2).toString("hex")}`;
  return (process.env[TEST_RUN_ENV] ?? "").toLowerCase().replace(/[^a-z0-9]/g, "");
}

/** The prefix of this run's template databases (the global teardown drops them). */
export function templatePrefix(run = runId()): string {
  return `wb_tpl_${run}_`;
}

export async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  assertLocal(ADMIN_URL);
  const client = new pg.Client({ connectionString: ADMIN_URL });
  // a session the server ends (after a FATAL statement) fails its query; unheard, pg's error event would end the process
  client.on("error", () => undefined);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** CREATE DATABASE, from a template when given; retried while another session still holds the template. */
async function createDatabase(client: pg.Client, name: string, template?: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      await client.query(`CREATE DATABASE ${quoted(name)}${template ? ` TEMPLATE ${quoted(template)}` : ""}`);
      return;
    } catch (e) {
      const code = e && typeof e === "object" && "code" in e ? e.code : null;
      // 55006: the template is being accessed by other users (a clone starting at the same instant)
      if (code !== "55006" || attempt >= 50) throw e;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
}

export async function dropDatabase(name: string) {
  await withAdmin(async (c) => {
    // Only a template is unmarked first. A copy whose DROP was cut off (its test process ended first: copies are
    // dropped without waiting) is left "invalid", and an ALTER of it is FATAL, ending the session; DROP removes it.
    const { rows } = await c.query<{ datistemplate: boolean }>("SELECT datistemplate FROM pg_database WHERE datname = $1", [name]);
    if (rows[0]?.datistemplate) await c.query(`ALTER DATABASE ${quoted(name)} WITH IS_TEMPLATE false`);
    await c.query(`DROP DATABASE IF EXISTS ${quoted(name)} WITH (FORCE)`);
  });
}

const postgresTemplates = new Map<string, Promise<string>>();

/**
 * The name of this run's PostgreSQL template `name`, built once by `build(url)` on a new database made
 * from `from` (another template) or empty.
 */
export function postgresTemplate(name: string, build: (url: string) => Promise<void>, from?: () => Promise<string>): Promise<string> {
  const known = postgresTemplates.get(name);
  if (known) return known;
  const made = (async () => {
    const source = from ? await from() : undefined;
    const template = `${templatePrefix()}${name}`;
    await withAdmin(async (c) => {
      await c.query("SELECT pg_advisory_lock(hashtext($1))", [template]);
      try {
        const { rows } = await c.query<{ datistemplate: boolean }>("SELECT datistemplate FROM pg_database WHERE datname = $1", [template]);
        if (rows[0]?.datistemplate) return;
        // a half-built one (its builder died) is made again
        if (rows.length) await c.query(`DROP DATABASE ${quoted(template)} WITH (FORCE)`);
        await createDatabase(c, template, source);
        await build(databaseUrl(template));
        await c.query(`ALTER DATABASE ${quoted(template)} WITH IS_TEMPLATE true`);
      } finally {
        await c.query("SELECT pg_advisory_unlock(hashtext($1))", [template]);
      }
    });
    return template;
  })();
  made.catch(() => postgresTemplates.delete(name));
  postgresTemplates.set(name, made);
  return made;
}

/** The prefix of this run's copies of its templates (the global teardown drops any still there). */
export function clonePrefix(run = runId()): string {
  return `wb_test_${run}_`;
}

/** A new database copied from a template; drop() removes it. */
export async function cloneTemplate(template: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${clonePrefix()}${randomBytes(6).toString("hex")}`;
  await withAdmin((c) => createDatabase(c, name, template));
  return { url: databaseUrl(name), drop: () => dropDatabase(name) };
}

const dumps = new Map<string, Promise<Blob>>();

/** This run's PGlite dump `name`, built once by `build()` (a data-folder tarball) and kept in a file. */
export function embeddedTemplate(name: string, build: () => Promise<Blob>): Promise<Blob> {
  const known = dumps.get(name);
  if (known) return known;
  const dir = process.env[TEST_TEMPLATES_DIR_ENV];
  const made = dir ? sharedDump(path.join(dir, `${name}.tar`), build) : build();
  made.catch(() => dumps.delete(name));
  dumps.set(name, made);
  return made;
}

async function sharedDump(file: string, build: () => Promise<Blob>): Promise<Blob> {
  const read = () => new Blob([readFileSync(file)]);
  if (existsSync(file)) return read();
  mkdirSync(path.dirname(file), { recursive: true });
  const lock = `${file}.lock`;
  let fd: number | null = null;
  try {
    fd = openSync(lock, "wx");
  } catch {
    // another worker builds it
  }
  if (fd !== null) {
    try {
      const blob = await build();
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
      renameSync(partial, file);
      return blob;
    } finally {
      closeSync(fd);
      rmSync(lock, { force: true });
    }
  }
  const deadline = Date.now() + BUILD_WAIT_MS;
  while (!existsSync(file)) {
    // the builder failed: build here instead
    if (!existsSync(lock)) return sharedDump(file, build);
    if (Date.now() > deadline) throw new Error(`No test template ${file} after ${BUILD_WAIT_MS / 1000} s (a worker holds ${lock})`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return read();
}
