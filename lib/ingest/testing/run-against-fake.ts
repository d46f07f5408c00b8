// Wiring shared by the ingest tests: a run pointed at a seeded fake GitHub, without GitHub's pacing.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Database } from "@/lib/db/connection";
import type { IngestRequestInput } from "../ingest-request";
import { runIngest, type RunIngestOptions } from "../run-ingest";
import type { SeededGitHub } from "./fake-github/seeded-worlds";

export const TEST_TOKEN = "ghp_fake_test_token";
export const TEST_CRITERIA = { language: "Python", top: 120, minPrs: 20 } as const;
export const FAST_PACING = { graphqlIntervalMs: 0, searchIntervalMs: 0, retryBaseMs: 10 };

export const newMirrorsDir = () => mkdtempSync(path.join(tmpdir(), "ingest-mirrors-"));

export function runAgainstFake(
  github: SeededGitHub,
  db: Pick<Database, "prisma">,
  mirrorsDir: string,
  extra: Partial<RunIngestOptions> & { request?: IngestRequestInput } = {},
) {
  return runIngest({
    db,
    config: { GITHUB_API_URL: github.url, GITHUB_TOKEN: TEST_TOKEN, MIRRORS_DIR: mirrorsDir },
    trigger: "test",
    gitUrlFor: github.gitUrlFor,
    github: FAST_PACING,
    ...extra,
    request: { criteria: TEST_CRITERIA, ...extra.request },
  });
}

/** Forgets every crawl in a test database (runs, holes, checkpoints, selections, ETags, repositories and their PRs). */
export async function forgetCrawls(db: Pick<Database, "execScript">): Promise<void> {
  for (const table of [
    "CrawlHole",
    "CrawlError",
    "CrawlRun",
    "CrawlCheckpoint",
    "CrawlSelection",
    "HttpCacheEntry",
    "Repository",
    "PullRequest",
  ])
    await db.execScript(`DELETE FROM "${table}"`);
  // a secondary limit's shared wait belongs to the fake GitHub that answered it
  await db.execScript(`DELETE FROM "Setting" WHERE key LIKE 'github-pause:%'`);
}
