// Benchmark of the GitHub harvest against the local fake GitHub (no network), in two worlds: the bench
// world (a 1,000-PR repository and a 600-PR one, selected by stars) and a heavy-tailed one (400 PRs, one in
// 20 with hundreds of review threads, comments and reviews), each harvested into an in-memory embedded
// database. Every HTTP request the fake receives is counted (REST and GraphQL, retries and 304s included);
// GraphQL points are charged by GitHub's cost rule. The heavy-tailed world's figures carry `heavy_tail_`.
// Usage: npx tsx scripts/bench-ingest.ts
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "@/lib/db/connection";
import { migrate } from "@/lib/db/migrate";
import { runIngest } from "@/lib/ingest/run-ingest";
import type { WorldSpec } from "@/lib/ingest/testing/fake-github/generate-world";
import { BENCH_WORLD, HEAVY_TAIL_WORLD, startSeededGitHub } from "@/lib/ingest/testing/fake-github/seeded-worlds";

async function measure(world: WorldSpec, prefix: string, largest: string, largestName: string) {
  const build = Date.now();
  const github = await startSeededGitHub(world);
  const buildMs = Date.now() - build;
  const db = await openDatabase({ kind: "embedded", dataDir: "memory://" });
  await migrate(db);
  const mirrors = mkdtempSync(path.join(tmpdir(), "bench-ingest-mirrors-"));

  const perRepo = new Map<string, { from: number; to: number }>();
  const started = Date.now();
  const summary = await runIngest({
    db,
    config: { GITHUB_API_URL: github.url, GITHUB_TOKEN: "bench", MIRRORS_DIR: mirrors },
    trigger: "bench",
    gitUrlFor: github.gitUrlFor,
    // one repository at a time so each one's requests can be attributed to it
    request: { criteria: { language: "Python", top: 100, minPrs: 300 }, concurrency: 1 },
    // no pacing: this measures the crawler; GitHub's own pacing is reported separately below
    github: { graphqlIntervalMs: 0, searchIntervalMs: 0 },
    onProgress: (p) => {
      if (p.type !== "repository") return;
      if (p.status === "started") perRepo.set(p.fullName, { from: github.requestCount(), to: 0 });
      const counted = perRepo.get(p.fullName);
      if (p.status === "harvested" && counted) counted.to = github.requestCount();
    },
  });
  const seconds = (Date.now() - started) / 1000;
  const requests = github.requestCount();
  const big = perRepo.get(largest);
  const prs = await db.prisma.pullRequest.count();
  const entries = await db.prisma.timelineEntry.count();
  const expected = github.world.repositories.filter((r) => r.pullRequests.length >= 300).reduce((n, r) => n + r.pullRequests.length, 0);
  const graphql = github.exchanges.filter((e) => e.kind === "graphql").length;
  // GraphQL points by GitHub's cost formula (the hourly budget is 5,000 points per token)
  const points = github.exchanges.reduce((n, e) => n + (e.cost ?? 0), 0);
  const followUps = github.exchanges.filter((e) => e.operationName === "HarvestFollowUps").length;

  if (summary.status !== "succeeded") console.error(`${prefix || "bench "}run ended ${summary.status}: ${summary.error}`);
  const print = (name: string, value: string | number) => console.log(`${prefix}${name}=${value}`);
  print("world_build_seconds", (buildMs / 1000).toFixed(1));
  print("prs_harvested", prs);
  print("prs_expected", expected);
  print("timeline_entries", entries);
  print("requests_total", requests);
  print("graphql_requests", graphql);
  print("follow_up_requests", followUps);
  print("requests_per_pr", (requests / prs).toFixed(4));
  print("graphql_points", points);
  print("graphql_points_per_pr", (points / prs).toFixed(3));
  print(largestName, big ? big.to - big.from : "n/a");
  print("prs_per_second", (prs / seconds).toFixed(1));
  // plugin-throttling spaces GraphQL requests 1 s apart against GitHub: the harvest cannot go faster than this
  print("prs_per_second_bound_at_github_pacing", (prs / Math.max(seconds, graphql)).toFixed(1));
  // sustained, the hourly GraphQL budget (5,000 points per token) is the tighter bound
  print("prs_per_hour_per_token_graphql_budget", Math.floor(5000 / (points / prs)));
  print("harvest_seconds", seconds.toFixed(1));

  await db.close();
  await github.stop();
  rmSync(mirrors, { recursive: true, force: true });
}

await measure(BENCH_WORLD, "", "bench/thousand-prs", "requests_for_1000_pr_repo");
await measure(HEAVY_TAIL_WORLD, "heavy_tail_", "bench/heavy-tail", "requests_for_400_pr_repo");
