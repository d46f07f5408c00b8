import { afterEach, describe, expect, it } from "vitest";
import { createLlmClient } from "./client";
import { fakeReply, startFakeOpenAiServer, type FakeOpenAiServer } from "./testing/fake-openai-server";
import { measureThroughput } from "./throughput";

let server: FakeOpenAiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("measureThroughput", () => {
  it("reports completed requests per second of wall time, paced by the client's limiter", async () => {
    // 20 ms per answer and 4 slots: 24 requests need at least 6 rounds, so at most 200 req/s.
    server = await startFakeOpenAiServer({ respond: () => fakeReply.slow(20, fakeReply.json({ ok: true })) });
    const client = createLlmClient({ baseUrl: server.url, model: "m", concurrency: 4 });
    // the figure itself: llm_throughput_* in scripts/bench-screen.ts
    const rps = await measureThroughput(client, 24);

    expect(server.requests).toHaveLength(24);
    expect(server.maxConcurrent).toBe(4);
    expect(rps).toBeGreaterThan(0);
    expect(rps).toBeLessThanOrEqual(200);
  });

  it("refuses a non-positive count", async () => {
    const client = createLlmClient({ baseUrl: "http://127.0.0.1:9/v1", model: "m" });
    await expect(measureThroughput(client, 0)).rejects.toThrow(RangeError);
  });
});
