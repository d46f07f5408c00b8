import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./", import.meta.url)) } },
  test: {
    include: ["lib/**/*.test.ts", "scripts/**/*.test.ts", "app/**/*.test.ts"],
    environment: "node",
    // template databases (migrated, demo-seeded) built once per run and copied per test
    globalSetup: ["./vitest.global-setup.ts"],
    // PGlite boots take seconds; database suites share one instance per file
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // tests hold in any order: each makes its own data (`--sequence.seed=N` replays an order)
    sequence: { shuffle: true },
    server: { deps: { inline: ["server-only"] } },
  },
});
