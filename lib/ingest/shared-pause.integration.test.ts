import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { openTestDatabase } from "@/lib/db/testing/test-database";
import { createGitHubClient } from "./github-client";
import { databasePause, pauseKeyOf } from "./shared-pause";
import { generateWorld } from "./testing/fake-github/generate-world";
import { type FakeGitHub, startFakeGitHub } from "./testing/fake-github/fake-github-server";

const TOKEN = "ghp_shared_pause_token";

describe("a secondary limit holds every worker using the token (#30)", () => {
  let db: Database;
  let github: FakeGitHub;
  beforeAll(async () => {
    db = await openTestDatabase("embedded");
    const world = generateWorld({ seed: 5, repositories: [], fillerRepositories: 1 });
    // the 4th GraphQL request (whoever sends it) is refused with a secondary limit and Retry-After: 1
    github = await startFakeGitHub({
      world,
      token: TOKEN,
      faults: [{ on: "graphql", nth: 4, respond: "secondary-rate-limit", retryAfterSeconds: 1 }],
    });
  });
  afterAll(async () => {
    await github?.close();
    await db?.close();
  });

  test("after one worker is told to wait, no other worker's request reaches GitHub until the wait is over", async () => {
    // two workers: clients of their own (as two processes), sharing only the database
    const workers = [0, 1].map(() =>
      createGitHubClient({
        baseUrl: github.url,
        token: TOKEN,
        graphqlIntervalMs: 0,
        retryBaseMs: 10,
        sharedPause: databasePause(db.prisma, TOKEN),
      }),
    );
    await Promise.all(
      workers.map(async (client) => {
        for (let i = 0; i < 6; i++) await client.graphql("query Ping { rateLimit { remaining } }", {});
      }),
    );
    const refused = github.exchanges.find((e) => e.fault === "secondary-rate-limit");
    if (!refused) throw new Error("the fake never refused a request");
    // a request already on its way when the refusal was sent may arrive just after it; nothing later
    const during = github.exchanges.filter((e) => e.at > refused.at + 50 && e.at < refused.at + 950);
    expect(during.map((e) => `#${e.seq} +${e.at - refused.at} ms`)).toEqual([]);
    // both workers finished their work after the wait (12 answered + the refused one, retried)
    expect(github.exchanges.filter((e) => e.status === 200)).toHaveLength(12);
    // the wait is in the database for any process that starts now, keyed by the token, not holding it
    const row = await db.prisma.setting.findUniqueOrThrow({ where: { key: pauseKeyOf(TOKEN) } });
    expect(JSON.stringify(row.value)).not.toContain(TOKEN);
    expect(row.value).toMatchObject({ reason: "secondary rate limit (403)" });
  });
});
