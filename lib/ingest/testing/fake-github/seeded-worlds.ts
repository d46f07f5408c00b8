// Named worlds for tests and the benchmark, and one call that generates, builds git and serves one.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { TEST_TEMPLATES_DIR_ENV } from "@/lib/db/testing/test-templates";
import { buildGitRepositories } from "./build-git-repositories";
import { startFakeGitHub, type FakeGitHub, type FakeGitHubOptions } from "./fake-github-server";
import { generateWorld, type WorldSpec } from "./generate-world";
import { fullNameOf, type FakeWorld } from "./world-types";

/** A Python stars ranking of 128 repositories: three worth harvesting, a dormant, a deleted, a malformed one. */
export const CRAWLER_TEST_WORLD: WorldSpec = {
  seed: 20_250_815,
  repositories: [
    { owner: "acme", name: "widgets", pullRequests: 48, rank: 1, hugeDiscussion: true, malformedItems: true },
    { owner: "octo", name: "tiny-lib", pullRequests: 26, rank: 3 },
    { owner: "science", name: "arrays", pullRequests: 34, rank: 7 },
  ],
  fillerRepositories: 122,
  fillerPrCount: [0, 20],
  dormantRepository: true,
  deletedRepository: true,
  malformedSearchItem: true,
};

/** Three mid-sized repositories to share between workers or to interrupt and resume. */
export const SHARED_WORK_WORLD: WorldSpec = {
  seed: 31_337,
  repositories: [
    { owner: "team-a", name: "parser", pullRequests: 30, rank: 1, hugeDiscussion: true },
    { owner: "team-b", name: "plotting", pullRequests: 24, rank: 2, malformedItems: true },
    { owner: "team-c", name: "io-tools", pullRequests: 21, rank: 4 },
  ],
  fillerRepositories: 5,
  dormantRepository: true,
};

/** The benchmark: a 1,000-PR repository and a 600-PR one. */
export const BENCH_WORLD: WorldSpec = {
  seed: 1_000,
  repositories: [
    { owner: "bench", name: "thousand-prs", pullRequests: 1000, rank: 1, hugeDiscussion: true },
    { owner: "bench", name: "six-hundred-prs", pullRequests: 600, rank: 2 },
  ],
  fillerRepositories: 3,
};

/** GitHub's long tail: a 400-PR repository where one PR in 20 carries hundreds of threads, comments and reviews */
export const HEAVY_TAIL_WORLD: WorldSpec = {
  seed: 2_000,
  repositories: [{ owner: "bench", name: "heavy-tail", pullRequests: 400, rank: 1, heavyTail: true }],
  fillerRepositories: 2,
};

/** A world of its own: a copy of the generated world and of its bare repositories, in gitRoot. */
export interface SeededWorld {
  world: FakeWorld;
  gitRoot: string;
  /** removes the copy's repositories */
  remove(): void;
}

const builtWorlds = new Map<string, Promise<{ world: FakeWorld; gitRoot: string }>>();
const builtRoots: string[] = [];

/** The world of a spec, generated and its git repositories built once per process (the originals are never served). */
function builtWorld(spec: WorldSpec): Promise<{ world: FakeWorld; gitRoot: string }> {
  const key = JSON.stringify(spec);
  const known = builtWorlds.get(key);
  if (known) return known;
  const made = (async () => {
    const world = generateWorld(spec);
    // in a vitest run, the run's templates folder (removed by its teardown, even if this process is killed)
    const gitRoot = mkdtempSync(path.join(process.env[TEST_TEMPLATES_DIR_ENV] ?? tmpdir(), "fake-github-built-"));
    if (builtRoots.push(gitRoot) === 1)
      process.once("exit", () => builtRoots.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
    await buildGitRepositories(world, gitRoot);
    return { world, gitRoot };
  })();
  made.catch(() => builtWorlds.delete(key));
  builtWorlds.set(key, made);
  return made;
}

/**
 * The seeded world of `spec` with git repositories of its own. Generating a world and writing its
 * repositories (git fast-import, a few processes per repository) cost 0.3 to 2.5 s a time under load, and
 * tests start the same spec again and again: it is done once per process, and each call gets a deep copy
 * of the world and a copy of its repositories, so a test that changes either (mutate-world.ts, a world
 * edited in place) changes only its own.
 */
export async function seededWorld(spec: WorldSpec): Promise<SeededWorld> {
  const built = await builtWorld(spec);
  const world = structuredClone(built.world);
  const gitRoot = mkdtempSync(path.join(tmpdir(), "fake-github-git-"));
  cpSync(built.gitRoot, gitRoot, { recursive: true });
  for (const repo of world.repositories) if (repo.gitDir) repo.gitDir = path.join(gitRoot, path.relative(built.gitRoot, repo.gitDir));
  return { world, gitRoot, remove: () => rmSync(gitRoot, { recursive: true, force: true }) };
}

export interface SeededGitHub extends FakeGitHub {
  gitRoot: string;
  /** where the crawler clones from: the fake's bare repositories */
  gitUrlFor(fullName: string): string;
  stop(): Promise<void>;
}

export async function startSeededGitHub(spec: WorldSpec, options: Omit<FakeGitHubOptions, "world"> = {}): Promise<SeededGitHub> {
  const { world, gitRoot, remove } = await seededWorld(spec);
  const gitDirFor = (fullName: string) => {
    const repo = world.repositories.find((r) => fullNameOf(r) === fullName);
    return repo?.gitDir ?? path.join(gitRoot, `${fullName}.git`);
  };
  const server = await startFakeGitHub({ gitDirFor, ...options, world });
  return {
    ...server,
    gitRoot,
    gitUrlFor: gitDirFor,
    stop: async () => {
      await server.close();
      remove();
    },
  };
}
