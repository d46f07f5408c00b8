// Named worlds for tests and the benchmark, and one call that generates, builds git and serves one.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildGitRepositories } from "./build-git-repositories";
import { startFakeGitHub, type FakeGitHub, type FakeGitHubOptions } from "./fake-github-server";
import { generateWorld, type WorldSpec } from "./generate-world";
import { fullNameOf } from "./world-types";

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

export interface SeededGitHub extends FakeGitHub {
  gitRoot: string;
  /** where the crawler clones from: the fake's bare repositories */
  gitUrlFor(fullName: string): string;
  stop(): Promise<void>;
}

export async function startSeededGitHub(spec: WorldSpec, options: Omit<FakeGitHubOptions, "world"> = {}): Promise<SeededGitHub> {
  const world = generateWorld(spec);
  const gitRoot = mkdtempSync(path.join(tmpdir(), "fake-github-git-"));
  await buildGitRepositories(world, gitRoot);
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
      rmSync(gitRoot, { recursive: true, force: true });
    },
  };
}
