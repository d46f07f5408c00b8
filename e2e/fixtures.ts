// Every spec file gets its own server on a fresh, demo-seeded database, so no spec sees what another
// one changed and the files hold in any order or alone. The demo is seeded once per run
// (e2e/global-setup.ts); each server starts on a copy of it (a copied PGlite folder, or a PostgreSQL
// database made from the template) with a copy of its mirrors. The project picks the database: "embedded"
// starts the app on a new PGlite data folder, "postgresql" on a new database on 127.0.0.1:5432.
// The build is shared (scripts/e2e.sh runs `next build` once).
//
// Usage: import { expect, test } from "./fixtures" instead of "@playwright/test"; the server starts
// with the file's first test (the baseURL fixture) and stops when the next file starts.
// A spec that needs other data sets `test.use({ appSetup })`: `demo: false` starts empty (DEMO_DATA=0),
// `sidecar` is a script (run with tsx) that keeps running beside the server and prints one JSON line
// `{ "env": {…}, …}` whose env reaches the server (a fake GitHub, say), and `before` are scripts run to the
// end with the server's environment before it starts (seeding, creating users with the app's own CLI).
// Each script's last JSON line is merged into the `appInfo` fixture.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { test as base, expect } from "@playwright/test";
import { adminQuery, E2E_ADMIN_URL, E2E_DATA_ROOT, lastJsonLine, runToEnd, TSX, templatePaths } from "./template-paths";

export { expect };

const ADMIN_URL = E2E_ADMIN_URL;
const DATA_ROOT = E2E_DATA_ROOT;
const START_TIMEOUT_MS = 180_000;

export interface AppSetup {
  demo?: boolean;
  sidecar?: string;
  before?: string[];
}

interface RunningApp {
  file: string;
  url: string;
  info: Record<string, unknown>;
  stop(): Promise<void>;
}

// The server of the spec file being run in this worker; replaced when the worker moves on to
// another file (Playwright reuses a worker for several files) and stopped when the worker ends.
let current: RunningApp | undefined;

/** The spec file's server: every request of `page`, `request` and new contexts goes to it. */
export const test = base.extend<{ appSetup: AppSetup; appInfo: Record<string, unknown> }, { appCleanup: void }>({
  appSetup: [{}, { option: true }],
  baseURL: [
    async ({ appSetup }, use, info) => {
      if (current?.file !== info.file) {
        await current?.stop();
        current = undefined;
        const kind = info.project.name === "postgresql" ? "postgresql" : "embedded";
        current = { file: info.file, ...(await startApp(kind, path.basename(info.file, ".spec.ts"), appSetup)) };
      }
      await use(current.url);
    },
    { scope: "test", timeout: START_TIMEOUT_MS + 30_000 },
  ],
  /** what the spec's setup scripts printed (ids of seeded items, the fake GitHub's address, …) */
  appInfo: async ({ baseURL }, use) => {
    await use(baseURL && current ? current.info : {});
  },
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

/** Starts a script that keeps running; resolves with its first JSON line. */
function startSidecar(script: string, env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; info: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, [script], { env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let resolved = false;
    child.stdout?.on("data", (d) => {
      out += d;
      const info = lastJsonLine(out);
      if (!resolved && Object.keys(info).length > 0) {
        resolved = true;
        resolve({ child, info });
      }
    });
    child.stderr?.on("data", (d) => (out += d));
    child.once("exit", (code) => {
      if (!resolved) reject(new Error(`${script} exited with ${code} before it was ready:\n${out.slice(-4000)}`));
    });
  });
}

const stringEnv = (value: unknown): Record<string, string> =>
  value && typeof value === "object"
    ? Object.fromEntries(Object.entries(value).flatMap(([k, v]) => (typeof v === "string" ? [[k, v]] : [])))
    : {};

async function startApp(kind: "embedded" | "postgresql", spec: string, setup: AppSetup): Promise<Omit<RunningApp, "file">> {
  const host = new URL(ADMIN_URL).hostname;
  if (!["127.0.0.1", "localhost"].includes(host)) throw new Error(`refusing to create e2e databases on non-local host ${host}`);
  const id = `${spec.replace(/[^a-z0-9]/gi, "_")}_${randomBytes(4).toString("hex")}`;
  const dataDir = path.join(DATA_ROOT, `${kind}-${id}`);
  const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", DEMO_DATA: setup.demo === false ? "0" : "1" };
  delete env.DATABASE_URL;
  // mirrors and exports of this server stay in its own folder
  env.MIRRORS_DIR = path.join(dataDir, "mirrors");
  env.EXPORTS_DIR = path.join(dataDir, "exports");
  let database: string | null = null;
  // the run's seeded demo (global-setup.ts), when the spec wants the demo
  const templateRoot = setup.demo === false ? undefined : process.env.E2E_TEMPLATE_ROOT;
  const template = templateRoot ? templatePaths(templateRoot, kind) : undefined;
  if (template && existsSync(template.mirrors)) cpSync(template.mirrors, env.MIRRORS_DIR, { recursive: true });
  if (kind === "embedded") {
    env.EMBEDDED_DB_DIR = path.join(dataDir, "pglite");
    if (template) cpSync(template.pglite, env.EMBEDDED_DB_DIR, { recursive: true });
  } else {
    database = `wb_e2e_${id}`.toLowerCase();
    const from = template ? process.env.E2E_TEMPLATE_DATABASE : undefined;
    await adminQuery(`CREATE DATABASE "${database}"${from ? ` TEMPLATE "${from}"` : ""}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${database}`;
    env.DATABASE_URL = url.toString();
  }
  const info: Record<string, unknown> = { dataDir };
  let sidecar: ChildProcess | undefined;
  const stopSidecar = async () => {
    if (sidecar && sidecar.exitCode === null && sidecar.signalCode === null) {
      const gone = new Promise((r) => sidecar?.once("exit", r));
      sidecar.kill("SIGTERM");
      await gone;
    }
  };
  try {
    if (setup.sidecar) {
      const started = await startSidecar(setup.sidecar, env);
      sidecar = started.child;
      Object.assign(env, stringEnv(started.info.env));
      Object.assign(info, started.info);
    }
    for (const script of setup.before ?? []) Object.assign(info, await runToEnd(script, env));
  } catch (e) {
    await stopSidecar();
    rmSync(dataDir, { recursive: true, force: true });
    if (database) await adminQuery(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    throw e;
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
    await stopSidecar();
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
  return { url, info, stop: cleanUp };
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

/**
 * README screenshots (public/screenshots/) are taken only by `npm run screenshots` (SCREENSHOTS=1), on
 * whichever database the spec runs (the UI is the same on both); a spec on both takes them from the embedded run.
 */
export function readmeScreenshotPath(projectName: string, file: string, specRunsOnEmbedded = true): string | undefined {
  if (process.env.SCREENSHOTS !== "1") return undefined;
  return projectName === "embedded" || !specRunsOnEmbedded ? `public/screenshots/${file}` : undefined;
}
