// The holes report of a crawl through upstream trouble (#13): the shared-work world (three repositories,
// malformed items) served with 502s, a secondary limit without Retry-After, a GraphQL body cut off, a PR
// GitHub nulls with a partial error, a PR whose comments' follow-up page keeps failing and a PR whose title
// PostgreSQL cannot hold. Crawled three times (GitHub answers again for the third) into an in-memory database; prints each run's CLI summary (what
// `npm run ingest` prints) and name=value figures.
// Usage: npx tsx scripts/crawl-fault-report.ts
import { failFollowUpPages } from "@/lib/ingest/testing/fake-github/graphql-quirks";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "@/lib/db/connection";
import { migrate } from "@/lib/db/migrate";
import { renderSummary } from "@/lib/ingest/progress-display";
import { runIngest } from "@/lib/ingest/run-ingest";
import { addIssueComment } from "@/lib/ingest/testing/fake-github/mutate-world";
import { SHARED_WORK_WORLD, startSeededGitHub } from "@/lib/ingest/testing/fake-github/seeded-worlds";

let nullNumber = -1;
// GitHub answers again from the third run on: the holes it left are filled
let healed = false;
const github = await startSeededGitHub(SHARED_WORK_WORLD, {
  faults: [
    { on: "graphql", nth: 4, respond: "bad-gateway" },
    { on: "graphql", nth: 6, respond: "secondary-rate-limit", retryAfterSeconds: null },
    { on: "graphql", nth: 9, respond: "truncated-body" },
  ],
  alterGraphqlData: (data, variables) => {
    if (healed) return;
    const list = (data.repository as { pullRequests?: { nodes?: ({ number?: number } | null)[] } } | null)?.pullRequests?.nodes;
    if (list && variables.owner === "team-c") {
      const i = list.findIndex((n) => n?.number === nullNumber);
      if (i >= 0) {
        list[i] = null;
        return [
          {
            message: "Something went wrong while executing your query. This may be the result of a timeout.",
            path: ["repository", "pullRequests", "nodes", i],
          },
        ];
      }
    }
    return failFollowUpPages(data, variables, (alias, v) => v[`id${alias.slice(1)}`] === longNodeId);
  },
});
const repoOf = (owner: string) => github.world.repositories.find((r) => r.owner === owner)?.pullRequests ?? [];
nullNumber = [...repoOf("team-c")].sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt))[2].number;
const long = repoOf("team-c")[5];
const longNodeId = long.id;
for (let i = 0; i < 35; i++) addIssueComment(github.world, "team-c/io-tools", long.number, `note ${i}`, long.updatedAt);
repoOf("team-a")[3].title += "\u0000";

const db = await openDatabase({ kind: "embedded", dataDir: "memory://" });
await migrate(db);
const mirrors = mkdtempSync(path.join(tmpdir(), "crawl-fault-report-"));
const crawl = () =>
  runIngest({
    db,
    config: { GITHUB_API_URL: github.url, GITHUB_TOKEN: "report", MIRRORS_DIR: mirrors },
    trigger: "report",
    gitUrlFor: github.gitUrlFor,
    request: { criteria: { language: "Python", top: 50, minPrs: 20 }, pageSize: 10 },
    github: { graphqlIntervalMs: 0, searchIntervalMs: 0, retryBaseMs: 50, secondaryFallbackSeconds: 2 },
  });
const first = await crawl();
console.log(renderSummary(first));
const second = await crawl();
console.log(renderSummary(second));
healed = true;
const third = await crawl();
console.log(renderSummary(third));
const served = github.world.repositories
  .filter((r) => ["team-a", "team-b", "team-c"].includes(r.owner))
  .reduce((n, r) => n + r.pullRequests.length, 0);
console.log(`prs_served=${served}`);
console.log(`prs_stored=${await db.prisma.pullRequest.count()}`);
console.log(`first_run_status=${first.status}`);
console.log(`first_run_holes=${first.holes.length}`);
console.log(`second_run_status=${second.status}`);
console.log(`second_run_holes_retrying=${second.holes.filter((h) => !h.permanent).length}`);
console.log(`second_run_holes_given_up=${second.holes.filter((h) => h.permanent).length}`);
console.log(`third_run_status=${third.status}`);
console.log(`third_run_prs_stored=${third.prsStored}`);
console.log(`third_run_holes_retrying=${third.holes.filter((h) => !h.permanent).length}`);
console.log(`third_run_holes_given_up=${third.holes.filter((h) => h.permanent).length}`);
console.log(`requests=${github.requestCount()}`);
await db.close();
await github.stop();
rmSync(mirrors, { recursive: true, force: true });
