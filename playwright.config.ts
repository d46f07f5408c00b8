import { defineConfig } from "@playwright/test";

// Debian's Chromium: Playwright's own browser download is not possible offline.
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

// Each spec file starts its own server on a fresh database (e2e/fixtures.ts); the project names
// the database. scripts/e2e.sh builds once before.
export default defineConfig({
  testDir: "e2e",
  // the demo seeded once per database kind; each spec's server starts on a copy
  globalSetup: "./e2e/global-setup.ts",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  reporter: [["list"]],
  use: { launchOptions: chromium, trace: "off", screenshot: "only-on-failure" },
  projects: [{ name: "embedded" }, { name: "postgresql" }],
});
