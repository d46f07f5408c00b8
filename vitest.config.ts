import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const TEST_ROOTS = ["lib", "scripts", "app"];
const INCLUDE = TEST_ROOTS.map((dir) => `${dir}/**/*.test.ts`);

// Two projects over the same files: "unit" (pure functions, run in worker threads, cheap to start) and
// "integration" (a database, a child process, a socket, signals, the working folder or the process's
// environment: each file in a process of its own). A file is integration when its source, or a
// testing helper it imports, touches any of those; anything not sure goes to integration.
const INTEGRATION =
  /openTestDatabase|openSeededTestDatabase|createPostgresTestDatabase|openDatabase|PGlite|node:child_process|node:net|node:http|createServer|startFake|serve[A-Z]\w*\(|process\.(env|chdir|kill|on|exit|getuid)|ensureBareMirror|buildDemoMirrors|Mirror|runGitCommand|\/testing\/|vi\.useFakeTimers|spawn|fork\(/;

const root = fileURLToPath(new URL("./", import.meta.url));
const files = TEST_ROOTS.flatMap((dir) =>
  readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".test.ts"))
    .map((file) => path.join(dir, file)),
);
const integration = files.filter((file) => INTEGRATION.test(readFileSync(path.join(root, file), "utf8")));

export default defineConfig({
  resolve: { alias: { "@": root } },
  test: {
    environment: "node",
    // template databases (migrated, demo-seeded) built once per run and copied per test
    globalSetup: ["./vitest.global-setup.ts"],
    // PGlite boots take seconds; database suites share one instance per file
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // tests hold in any order: each makes its own data (`--sequence.seed=N` replays an order)
    sequence: { shuffle: true },
    // vitest's default is one worker fewer than the cores (one, here); most files wait on databases and child processes
    maxWorkers: Math.max(2, availableParallelism()),
    server: { deps: { inline: ["server-only"] } },
    projects: [
      // pure functions: modules are loaded once per thread and shared by its files
      { extends: true, test: { name: "unit", include: INCLUDE, exclude: integration, pool: "threads", isolate: false } },
      { extends: true, test: { name: "integration", include: integration, pool: "forks" } },
    ],
  },
});
