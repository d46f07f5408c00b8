import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { openTestDatabase, TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { createLlmClient, type LlmClientOptions } from "@/lib/llm/client";
import { createDbLlmCache } from "@/lib/llm/db-cache";
import { UNTRUSTED_DATA_NOTICE } from "@/lib/llm/prompt-data";
import {
  fakeReply,
  startFakeOpenAiServer,
  type FakeOpenAiServer,
  type FakeOpenAiServerOptions,
} from "@/lib/llm/testing/fake-openai-server";
import { seededRandom } from "@/lib/random/seeded";
import { DEFAULT_RULE_CONFIG } from "./rule-config";
import { runLlmScreening } from "./run-llm-screening";
import { runRuleScreening } from "./run-rule-screening";
import { quotedBlock, scriptedScreenAnswer } from "./testing/scripted-screen-answers";
import { seedScreeningFixture, type ScreeningFixture } from "./testing/screening-fixture";

const MODEL = "qwen2.5-coder-32b-instruct";

describe.each(TEST_DATABASE_KINDS)("LLM screening on %s", (kind) => {
  let db: Database;
  let fx: ScreeningFixture;
  let server: FakeOpenAiServer | undefined;

  // Every test starts from its own database, screened by the rules: no LLM runs, no cached answers
  // and no audit events (which are append-only, so they are never cleaned up in place).
  beforeEach(async () => {
    db = await openTestDatabase(kind);
    fx = await seedScreeningFixture(db.prisma);
    await runRuleScreening(db.prisma, DEFAULT_RULE_CONFIG);
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
    await db?.close();
  });

  async function setup(serverOptions: FakeOpenAiServerOptions, clientOptions: Partial<LlmClientOptions> = {}) {
    server = await startFakeOpenAiServer({ respond: scriptedScreenAnswer, ...serverOptions });
    const client = createLlmClient({
      baseUrl: server.url,
      model: MODEL,
      retryBaseMs: 5,
      random: seededRandom(3),
      concurrency: 4,
      ...clientOptions,
    });
    return { server, client, deps: { client, cache: createDbLlmCache(db.prisma) } };
  }
  const comments = (s: FakeOpenAiServer) => s.requests.map((r) => quotedBlock(r, "review_comment"));
  const llmDecisionOf = (instanceId: string) => db.prisma.filterDecision.findFirst({ where: { instanceId, filterKey: "llm:comment" } });
  const stageOf = async (instanceId: string) => (await db.prisma.instance.findUniqueOrThrow({ where: { id: instanceId } })).stage;

  test("the comment screen sends only rule survivors, as quoted data, and stores each answer with its reason", async () => {
    const { server, deps } = await setup({});
    const report = await runLlmScreening(db.prisma, deps, { level: "comment" });

    expect(report).toMatchObject({ eligible: 3, kept: 2, dropped: 1, promptVersion: "comment-screen.v1", model: MODEL, errors: [] });
    expect(comments(server).sort()).toEqual(
      ["Please add a test where", "Please remove the trailing whitespace", "`handles.handle` can be `None`"].map((start) =>
        expect.stringMatching(new RegExp(`^${start.replace(/[`.]/g, "\\$&")}`)),
      ),
    );
    const system = server.requests[0].body?.messages?.[0].content ?? "";
    expect(system).toContain(UNTRUSTED_DATA_NOTICE);
    expect(server.requests[0].body?.response_format?.json_schema?.name).toBe("comment_screen");

    const formatting = await llmDecisionOf(fx.instanceIdByComment.formatting);
    expect(formatting).toMatchObject({
      verdict: "drop",
      model: MODEL,
      promptVersion: "comment-screen.v1",
      rationale: "[formatting] Only asks to remove whitespace; nothing about behaviour.",
    });
    expect(await stageOf(fx.instanceIdByComment.formatting)).toBe("filtered_out");
    expect(await stageOf(fx.instanceIdByComment.nullCheck)).toBe("screened");
    const run = await db.prisma.filterRun.findUniqueOrThrow({ where: { id: report.runId } });
    expect(run).toMatchObject({ filterKey: "llm:comment", version: "comment-screen.v1", kept: 2, dropped: 1 });
    expect(run.config).toMatchObject({ model: MODEL, promptFile: "comment-screen.v1.md", errors: 0, requests: 3 });
  });

  test("the PR audit sees only PRs that passed the PR rules; earlier comments come along for duplicates", async () => {
    const { server, deps } = await setup({});
    const report = await runLlmScreening(db.prisma, deps, { level: "pr" });
    expect(report).toMatchObject({ eligible: 1, kept: 1, dropped: 0 });
    expect(server.requests).toHaveLength(1);
    expect(quotedBlock(server.requests[0], "pull_request_title")).toBe("#58301: PR 58301");
    expect(
      (await db.prisma.filterDecision.findFirstOrThrow({ where: { pullRequestId: fx.fullPrId, filterKey: "llm:pr" } })).rationale,
    ).toBe("[substantive] Explains the bug, the cause and the fix.");

    await runLlmScreening(db.prisma, deps, { level: "comment" });
    const formattingRequest = server.requests.find((r) => quotedBlock(r, "review_comment")?.startsWith("Please remove"));
    expect(quotedBlock(formattingRequest!, "earlier_comments")).toContain("jbrockmendel: `handles.handle` can be `None`");
  });

  test("malformed JSON twice is recorded as that item's error; the next run resumes with it alone", async () => {
    let malformed = 0;
    const { server, deps } = await setup({
      respond: (request) => {
        if (quotedBlock(request, "review_comment")?.startsWith("Please add a test") && malformed < 2) {
          malformed++;
          return fakeReply.content("Sure! The verdict is keep {verdict: keep");
        }
        return scriptedScreenAnswer(request);
      },
    });
    const first = await runLlmScreening(db.prisma, deps, { level: "comment" });
    expect(first).toMatchObject({ kept: 1, dropped: 1 });
    expect(first.errors).toEqual([
      { id: fx.instanceIdByComment.missingTest, code: "bad_response", message: expect.stringContaining("does not match schema") },
    ]);
    const logged = await db.prisma.auditEvent.findMany({ where: { action: "screen.llm.error" } });
    expect(logged.map((e) => e.subjectId)).toEqual([fx.instanceIdByComment.missingTest]);
    expect(await llmDecisionOf(fx.instanceIdByComment.missingTest)).toBeNull();
    expect(server.requests).toHaveLength(4); // 2 good answers + the ask and the corrective re-ask

    const second = await runLlmScreening(db.prisma, deps, { level: "comment" });
    expect(second).toMatchObject({ eligible: 1, kept: 1, dropped: 0, errors: [] });
    expect(server.requests).toHaveLength(5);
    expect(await llmDecisionOf(fx.instanceIdByComment.missingTest)).toMatchObject({ verdict: "keep" });
  });

  test("a 429 with Retry-After and a timed-out request are retried within the run", async () => {
    const { server, deps } = await setup(
      { script: [fakeReply.rateLimited("0.05"), fakeReply.slow(2_000, fakeReply.json({}))] },
      { timeoutMs: 300, concurrency: 1 },
    );
    const report = await runLlmScreening(db.prisma, deps, { level: "comment", concurrency: 1 });
    expect(report).toMatchObject({ kept: 2, dropped: 1, errors: [] });
    expect(report.stats.requests).toBe(5);
    expect(server.requests).toHaveLength(5);
    expect(server.requests[1].receivedAt - server.requests[0].receivedAt).toBeGreaterThanOrEqual(45);
  });

  test("answers come from the database cache: re-deciding everything sends zero requests", async () => {
    const first = await setup({});
    await runLlmScreening(db.prisma, first.deps, { level: "comment" });
    expect(await db.prisma.llmCacheEntry.count()).toBe(3);
    const before = await db.prisma.filterDecision.findMany({
      where: { filterKey: "llm:comment" },
      select: { instanceId: true, verdict: true, rationale: true },
    });

    const again = await runLlmScreening(db.prisma, first.deps, { level: "comment", redecide: true });
    expect(again.stats).toMatchObject({ items: 3, cacheHits: 3, requests: 0 });
    expect(first.server.requests).toHaveLength(3);
    const after = await db.prisma.filterDecision.findMany({
      where: { filterKey: "llm:comment" },
      select: { instanceId: true, verdict: true, rationale: true },
    });
    const byId = (a: { instanceId: string | null }, b: { instanceId: string | null }) => a.instanceId!.localeCompare(b.instanceId!);
    expect(after.sort(byId)).toEqual(before.sort(byId));

    // without redecide a re-run has nothing left to do
    const resumed = await runLlmScreening(db.prisma, first.deps, { level: "comment" });
    expect(resumed).toMatchObject({ eligible: 0, stats: { items: 0, requests: 0 } });
  });

  test("the database cache returns what was stored, overwrites on a second write, and misses unknown keys", async () => {
    const cache = createDbLlmCache(db.prisma);
    expect(await cache.get("k1")).toBeNull();
    await cache.set("k1", '{"value":1}');
    await cache.set("k1", '{"value":2}');
    expect(await cache.get("k1")).toBe('{"value":2}');
    expect(await db.prisma.llmCacheEntry.count({ where: { key: "k1" } })).toBe(1);
  });

  test("after a failing server, a re-run asks only for what is still undecided", async () => {
    let served = 0;
    const failing = await setup(
      { respond: (r) => (served++ === 0 ? scriptedScreenAnswer(r) : fakeReply.serverError(503)) },
      { maxRetries: 0, concurrency: 1 },
    );
    const first = await runLlmScreening(db.prisma, failing.deps, { level: "comment", concurrency: 1 });
    expect(first.stats).toMatchObject({ decided: 1, errors: 2 });
    await failing.server.close();

    const healthy = await setup({});
    const second = await runLlmScreening(db.prisma, healthy.deps, { level: "comment" });
    expect(second).toMatchObject({ eligible: 2, errors: [] });
    expect(healthy.server.requests).toHaveLength(2);
    expect(await db.prisma.filterDecision.count({ where: { filterKey: "llm:comment" } })).toBe(3);
  });

  test("an unreachable endpoint stops the run at the first item with a message naming the setting", async () => {
    const { server: closed, deps } = await setup({});
    await closed.close();
    server = undefined;
    const report = await runLlmScreening(db.prisma, deps, { level: "comment", concurrency: 1 });
    expect(report.stats.errors).toBe(1);
    expect(report.stats.stoppedBecause).toContain("check LLM_BASE_URL");
    expect(await db.prisma.filterDecision.count({ where: { filterKey: "llm:comment" } })).toBe(0);
  });

  test("an aborted run sends nothing and says why it stopped", async () => {
    const { server, deps } = await setup({});
    const controller = new AbortController();
    controller.abort();
    const report = await runLlmScreening(db.prisma, { ...deps, signal: controller.signal }, { level: "comment" });
    expect(report.stats.stoppedBecause).toBe("aborted");
    expect(server.requests).toHaveLength(0);
  });
});
