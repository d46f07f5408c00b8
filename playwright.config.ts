import { defineConfig } from "@playwright/test";

// Debian's Chromium: Playwright's own browser download is not possible offline.
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run"],
};

// E2E_PORT_BASE, E2E_DATABASE_URL, E2E_EMBEDDED_DIR and NEXT_DIST_DIR let several e2e runs share a machine.
const PG_URL = process.env.E2E_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/wb_e2e";
const EMBEDDED_DIR = process.env.E2E_EMBEDDED_DIR ?? ".data/e2e-pglite";
const PORT = Number(process.env.E2E_PORT_BASE ?? 3100);
const common = "NEXT_TELEMETRY_DISABLED=1 DEMO_DATA=1 node_modules/.bin/next start -H 127.0.0.1";

export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  reporter: [["list"]],
  use: { launchOptions: chromium, trace: "off", screenshot: "only-on-failure" },
  projects: [
    { name: "embedded", use: { baseURL: `http://127.0.0.1:${PORT + 1}` } },
    { name: "postgresql", use: { baseURL: `http://127.0.0.1:${PORT + 2}` } },
  ],
  webServer: [
    { command: `EMBEDDED_DB_DIR=${EMBEDDED_DIR} ${common} -p ${PORT + 1}`, url: `http://127.0.0.1:${PORT + 1}/sign-in`, timeout: 120_000, reuseExistingServer: false },
    { command: `DATABASE_URL=${PG_URL} ${common} -p ${PORT + 2}`, url: `http://127.0.0.1:${PORT + 2}/sign-in`, timeout: 120_000, reuseExistingServer: false },
  ],
});
