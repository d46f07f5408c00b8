// Every spec file gets its own server on a fresh, demo-seeded database, so no spec sees what another
// one changed and the files hold in any order or alone. The project picks the database: "embedded"
// starts the app on a new PGlite data folder, "postgresql" on a new database on 127.0.0.1:5432.
// The build is shared (scripts/e2e.sh runs `next build` once).
//
// Usage: import { expect, test } from "./fixtures" instead of "@playwright/test"; the server starts
// with the file's first test (the baseURL fixture) and stops when the next file starts.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { test as base, expect } from "@playwright/test";
import pg from "pg";

export { expect };

const ADMIN_URL = process.env.E2E_POSTGRES_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const DATA_ROOT = path.resolve(process.env.E2E_DATA_ROOT ?? ".data/e2e");
const START_TIMEOUT_MS = 180_000;

interface RunningApp {
  file: string;
  url: string;
  stop(): Promise<void>;
}

// The server of the spec file being run in this worker; replaced when the worker moves on to
// another file (Playwright reuses a worker for several files) and stopped when the worker ends.
let current: RunningApp | undefined;

/** The spec file's server: every request of `page`, `request` and new contexts goes to it. */
export const test = base.extend<{}, { appCleanup: void }>({
  baseURL: [
    async ({}, use, info) => {
      if (current?.file !== info.file) {
        await current?.stop();
        current = undefined;
        const kind = info.project.name === "postgresql" ? "postgresql" : "embedded";
        current = { file: info.file, ...(await startApp(kind, path.basename(info.file, ".spec.ts"))) };
      }
      await use(current.url);
    },
    { scope: "test", timeout: START_TIMEOUT_MS + 30_000 },
  ],
  appCleanup: [
    async ({}, use) => {
      await use();
      await current?.stop();
      current = undefined;
    },
    { scope: "worker", auto: true },
  ],
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function startApp(kind: "embedded" | "postgresql", spec: string): Promise<Omit<RunningApp, "file">> {
  const host = new URL(ADMIN_URL).hostname;
  if (!["127.0.0.1", "localhost"].includes(host)) throw new Error(`refusing to create e2e databases on non-local host ${host}`);
  const id = `${spec.replace(/[^a-z0-9]/gi, "_")}_${randomBytes(4).toString("hex")}`;
  const dataDir = path.join(DATA_ROOT, `${kind}-${id}`);
  const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", DEMO_DATA: "1" };
  delete env.DATABASE_URL;
  // mirrors and exports of this server stay in its own folder
  env.MIRRORS_DIR = path.join(dataDir, "mirrors");
  env.EXPORTS_DIR = path.join(dataDir, "exports");
  let database: string | null = null;
  if (kind === "embedded") {
    env.EMBEDDED_DB_DIR = path.join(dataDir, "pglite");
  } else {
    database = `wb_e2e_${id}`.toLowerCase();
    await adminQuery(`CREATE DATABASE "${database}"`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${database}`;
    env.DATABASE_URL = url.toString();
  }
  const port = await freePort();
  const child = spawn(path.join("node_modules", ".bin", "next"), ["start", "-H", "127.0.0.1", "-p", String(port)], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const cleanUp = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
    if (database) await adminQuery(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  };
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(`${url}/sign-in`, child);
  } catch (e) {
    await cleanUp();
    throw new Error(`${kind} server for ${spec} did not start: ${e instanceof Error ? e.message : String(e)}\n${output.slice(-4000)}`);
  }
  return { url, stop: cleanUp };
}

async function waitUntilUp(url: string, child: ChildProcess) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}`);
    try {
      const res = await fetch(url, { redirect: "manual" });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no answer from ${url} within ${START_TIMEOUT_MS / 1000} s`);
}

/** README screenshots (public/screenshots/) are taken only by `npm run screenshots` (SCREENSHOTS=1), from the embedded run. */
export function readmeScreenshotPath(projectName: string, file: string): string | undefined {
  return process.env.SCREENSHOTS === "1" && projectName === "embedded" ? `public/screenshots/${file}` : undefined;
}
