import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

// Debian's Chromium: Playwright's own browser download is not possible offline. Its headless shell
// (package chromium-headless-shell, what Playwright runs for headless Chromium itself) when installed:
// the specs took about a fifth less CPU in it than in the whole browser (156 against 187-206 s for six specs).
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
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

// Each spec file starts its own server on a copy of the run's seeded demo (e2e/fixtures.ts); the
// project names the database. scripts/e2e.sh builds once before.
//
// The pages and actions are the same code on both databases, and every data-layer function is tested
// on both by vitest; so each spec runs on one database, chosen to keep both in use, and the specs that
// cross processes and stages differently per database (the job queue: pg-boss on PostgreSQL, in-process
// on PGlite; the crawl through export; the judge's job and sandboxes) run on both.
const BOTH = ["crawl-to-export", "hardening", "jobs", "judge"];
const POSTGRESQL_ONLY = ["crawl-holes", "evaluate", "screen", "snapshots", "splits"];
const specs = (names: string[]) => names.map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: "e2e",
  // the demo seeded once per database kind; each spec's server starts on a copy
  globalSetup: "./e2e/global-setup.ts",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  // two spec files at a time, each with its own server and database
  workers: 2,
  reporter: [["list"]],
  use: { launchOptions: chromium, trace: "off", screenshot: "only-on-failure" },
  projects: [
    { name: "embedded", testIgnore: specs(POSTGRESQL_ONLY) },
    { name: "postgresql", testMatch: specs([...BOTH, ...POSTGRESQL_ONLY]) },
  ],
});
