// Shared by the fake-GitHub sidecars of the e2e specs: serves a small world (API and git over HTTP) for the
// app to crawl, and prints, as its JSON line, the env that points the app at it plus what it serves for
// the crawled repository, so a spec can check what the app shows and exports against it. Keeps running
// until killed.
import type { FakeGitHubOptions } from "@/lib/ingest/testing/fake-github/fake-github-server";
import { startSeededGitHub } from "@/lib/ingest/testing/fake-github/seeded-worlds";
import { fullNameOf, type FakeWorld } from "@/lib/ingest/testing/fake-github/world-types";

const TOKEN = "ghp_e2e_fake_token";
export const E2E_REPOSITORY = "e2e-lab/crawled";

export async function serveFakeGitHub(
  options: { alter?: (world: FakeWorld) => void; env?: Record<string, string>; stopAlso?: () => Promise<void> } & Pick<
    FakeGitHubOptions,
    "alterGraphqlData"
  > = {},
): Promise<void> {
  const github = await startSeededGitHub(
    { seed: 4_242, repositories: [{ owner: "e2e-lab", name: "crawled", pullRequests: 8, rank: 1 }], fillerRepositories: 1 },
    { token: TOKEN, alterGraphqlData: options.alterGraphqlData },
  );
  options.alter?.(github.world);
  const repo = github.world.repositories.find((r) => fullNameOf(r) === E2E_REPOSITORY);
  if (!repo) throw new Error(`the world has no ${E2E_REPOSITORY}`);
  const served = repo.pullRequests.map((pr) => ({
    number: pr.number,
    title: pr.title,
    body: pr.body,
    baseRefOid: pr.baseRefOid,
    lastCommit: pr.commits.at(-1)?.oid ?? pr.headRefOid,
    commits: pr.commits.length,
    inline: pr.threads.flatMap((t) => t.comments.map((c) => ({ id: c.databaseId, body: c.body, diffHunk: c.diffHunk, path: t.path }))),
  }));
  console.log(
    JSON.stringify({ env: { GITHUB_API_URL: github.url, GITHUB_TOKEN: TOKEN, ...options.env }, repository: E2E_REPOSITORY, served }),
  );
  const stop = async () => {
    await github.stop();
    await options.stopAlso?.();
    process.exit(0);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
