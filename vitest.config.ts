import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const TEST_ROOTS = ["lib", "scripts", "app"];
const UNIT = TEST_ROOTS.map((dir) => `${dir}/**/*.test.ts`);

// Two projects, chosen by the file's name:
// - "unit" (`*.test.ts`): pure functions, run in worker threads that load modules once and share them;
// - "integration" (`*.integration.test.ts`): a database, a child process, a socket, signals, the working
//   folder or the process's environment; run in forked processes, each of which runs file after file with
//   the modules it loaded kept (isolate: false). Loading them again for each of the 104 files, with a new
//   PGlite and new fake GitHub worlds each time, took 158 s more CPU and 102 s more wall time (557 → 455 s
//   for the unit phase). A file must put back what it changes in the process (environment, working
//   folder): vitest.shared-process-guard.ts fails the file that does not, naming what it left changed.
// Name a test file `.integration.test.ts` when it (or a testing helper it uses) touches any of those.
const INTEGRATION = TEST_ROOTS.map((dir) => `${dir}/**/*.integration.test.ts`);

const root = fileURLToPath(new URL("./", import.meta.url));

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
      { extends: true, test: { name: "unit", include: UNIT, exclude: INTEGRATION, pool: "threads", isolate: false } },
      {
        extends: true,
        test: {
          name: "integration",
          include: INTEGRATION,
          pool: "forks",
          isolate: false,
          setupFiles: ["./vitest.shared-process-guard.ts"],
        },
      },
    ],
  },
});
