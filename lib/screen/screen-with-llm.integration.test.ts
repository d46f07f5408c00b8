import { afterEach, describe, expect, test } from "vitest";
import { createMemoryLlmCache } from "@/lib/llm/cache";
import { createLlmClient } from "@/lib/llm/client";
import { fakeReply, startFakeOpenAiServer, type FakeOpenAiServer } from "@/lib/llm/testing/fake-openai-server";
import { seededRandom } from "@/lib/random/seeded";
import { CommentScreenAnswerSchema, type CommentScreenAnswer } from "./llm-screen-answer";
import { screenWithLlm, type LlmScreenJob, type LlmScreenOutcome } from "./screen-with-llm";

const job = (id: string, comment: string): LlmScreenJob => ({
  id,
  request: { system: "Screen review comments.", user: `Comment ${id}: ${comment}` },
});
const technical = { verdict: "keep", category: "technical", rationale: "Points at a concrete bug." };

let server: FakeOpenAiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function run(
  jobs: LlmScreenJob[] | AsyncIterable<LlmScreenJob>,
  options: {
    concurrency: number;
    clientConcurrency?: number;
    signal?: AbortSignal;
    onOutcome?: (o: LlmScreenOutcome<CommentScreenAnswer>) => void;
  },
) {
  const client = createLlmClient({
    baseUrl: server!.url,
    model: "judge",
    retryBaseMs: 1,
    maxRetries: 0,
    random: seededRandom(1),
    concurrency: options.clientConcurrency ?? 64,
  });
  const outcomes: LlmScreenOutcome<CommentScreenAnswer>[] = [];
  const stats = await screenWithLlm(jobs, {
    client,
    cache: createMemoryLlmCache(),
    promptVersion: "comment-screen.v1",
    schema: CommentScreenAnswerSchema,
    schemaName: "comment_screen",
    concurrency: options.concurrency,
    signal: options.signal,
    onOutcome: (o) => {
      outcomes.push(o);
      options.onOutcome?.(o);
    },
  });
  return { stats, outcomes };
}

describe("screenWithLlm", () => {
  test("never has more than `concurrency` requests in flight, and answers every job", async () => {
    server = await startFakeOpenAiServer({ respond: () => fakeReply.slow(15, fakeReply.json(technical)) });
    const jobs = Array.from({ length: 30 }, (_, i) => job(`c${i}`, `comment number ${i}`));
    const { stats, outcomes } = await run(jobs, { concurrency: 4 });
    expect(server.maxConcurrent).toBe(4);
    expect(stats).toMatchObject({ items: 30, decided: 30, errors: 0, requests: 30, cacheHits: 0, stoppedBecause: null });
    expect(new Set(outcomes.map((o) => o.id)).size).toBe(30);
  });

  test("pulls lazily from an async source, so a large corpus is never held in memory at once", async () => {
    server = await startFakeOpenAiServer({ respond: () => fakeReply.json(technical) });
    let produced = 0;
    let maxAhead = 0;
    let settled = 0;
    async function* source() {
      for (let i = 0; i < 40; i++) {
        produced++;
        maxAhead = Math.max(maxAhead, produced - settled);
        yield job(`c${i}`, `comment ${i}`);
      }
    }
    await run(source(), { concurrency: 3, onOutcome: () => void settled++ });
    expect(produced).toBe(40);
    expect(maxAhead).toBeLessThanOrEqual(4);
  });

  test("a failing item is an outcome with the error, and the others still get answers", async () => {
    server = await startFakeOpenAiServer({
      respond: (r) => (r.body?.messages?.[1]?.content?.includes("c2:") ? fakeReply.serverError(500) : fakeReply.json(technical)),
    });
    const { stats, outcomes } = await run([job("c1", "a"), job("c2", "b"), job("c3", "c")], { concurrency: 2 });
    expect(stats).toMatchObject({ decided: 2, errors: 1, stoppedBecause: null });
    expect(outcomes.find((o) => o.id === "c2")).toMatchObject({ ok: false, error: { code: "server_error" } });
  });

  test("a wrong API key stops the run instead of failing every item", async () => {
    server = await startFakeOpenAiServer({ apiKey: "sk-right", respond: () => fakeReply.json(technical) });
    const jobs = Array.from({ length: 20 }, (_, i) => job(`c${i}`, `comment ${i}`));
    const { stats } = await run(jobs, { concurrency: 1 });
    expect(stats.errors).toBe(1);
    expect(stats.items).toBe(1);
    expect(stats.stoppedBecause).toMatch(/LLM_API_KEY|API key|401/i);
  });

  test("an abort mid-run stops handing out jobs; what was answered is reported", async () => {
    server = await startFakeOpenAiServer({ respond: () => fakeReply.slow(10, fakeReply.json(technical)) });
    const controller = new AbortController();
    const jobs = Array.from({ length: 50 }, (_, i) => job(`c${i}`, `comment ${i}`));
    const { stats } = await run(jobs, { concurrency: 2, signal: controller.signal, onOutcome: (o) => o.id === "c5" && controller.abort() });
    expect(stats.stoppedBecause).toBe("aborted");
    expect(stats.items).toBeLessThan(10);
    expect(stats.decided).toBe(stats.items);
  });

  test("an error that is not the LLM's (a bug, a database failure) is not swallowed", async () => {
    server = await startFakeOpenAiServer({ respond: () => fakeReply.json(technical) });
    await expect(
      run([job("c1", "a"), job("c2", "b")], {
        concurrency: 1,
        onOutcome: () => {
          throw new Error("disk full");
        },
      }),
    ).rejects.toThrow("disk full");
  });
});
