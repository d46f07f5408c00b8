import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { cachedCompleteJson, createMemoryLlmCache, hashLlmInput, llmCacheKey } from "./cache";
import { createLlmClient } from "./client";
import { fakeReply, startFakeOpenAiServer, type FakeOpenAiServer } from "./testing/fake-openai-server";

const ScreeningVerdict = z.object({ verdict: z.enum(["technical", "non_technical"]), reason: z.string() });
const thanksComment = { verdict: "non_technical", reason: "Only thanks the author." };
const request = {
  promptVersion: "screen-technical@1",
  system: "You classify GitHub code-review comments.",
  user: "Comment: LGTM, thanks for picking this up!",
  schema: ScreeningVerdict,
  schemaName: "screening_verdict",
};

let server: FakeOpenAiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function setup() {
  server = await startFakeOpenAiServer({ respond: () => fakeReply.slow(20, fakeReply.json(thanksComment)) });
  return { server, client: createLlmClient({ baseUrl: server.url, model: "gpt-4o-mini" }) };
}

describe("cachedCompleteJson", () => {
  it("answers a repeated call from the cache without a second request", async () => {
    const { server, client } = await setup();
    const cache = createMemoryLlmCache();

    const first = await cachedCompleteJson(client, cache, request);
    const second = await cachedCompleteJson(client, cache, request);

    expect(first).toMatchObject({ value: thanksComment, cached: false, attempts: 1 });
    expect(second).toMatchObject({ value: thanksComment, cached: true, attempts: 0, model: "gpt-4o-mini" });
    expect(second.usage.totalTokens).toBe(0);
    expect(server.requests).toHaveLength(1);
    expect(cache.size).toBe(1);
  });

  it("pays again when the prompt version or the input changes", async () => {
    const { server, client } = await setup();
    const cache = createMemoryLlmCache();
    await cachedCompleteJson(client, cache, request);
    await cachedCompleteJson(client, cache, { ...request, promptVersion: "screen-technical@2" });
    await cachedCompleteJson(client, cache, { ...request, user: "Comment: nit: trailing whitespace" });
    expect(server.requests).toHaveLength(3);
  });

  it("sends identical concurrent calls to the server once", async () => {
    const { server, client } = await setup();
    const cache = createMemoryLlmCache();
    const results = await Promise.all([1, 2, 3].map(() => cachedCompleteJson(client, cache, request)));
    expect(server.requests).toHaveLength(1);
    expect(results.filter((r) => r.cached)).toHaveLength(2);
    expect(results.every((r) => r.value.verdict === "non_technical")).toBe(true);
  });

  it("treats a stored answer that no longer fits the schema as a miss", async () => {
    const { server, client } = await setup();
    const cache = createMemoryLlmCache();
    const key = llmCacheKey({ promptVersion: request.promptVersion, model: "gpt-4o-mini", inputHash: hashLlmInput(request) });
    await cache.set(
      key,
      JSON.stringify({
        value: { verdict: "chit-chat" },
        model: "gpt-4o-mini",
        usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 },
      }),
    );

    const result = await cachedCompleteJson(client, cache, request);
    expect(result).toMatchObject({ value: thanksComment, cached: false });
    expect(server.requests).toHaveLength(1);
    expect(JSON.parse((await cache.get(key))!).value).toEqual(thanksComment);
  });
});

describe("llmCacheKey", () => {
  it("is a sha256 hex digest that separates its parts unambiguously", () => {
    const a = llmCacheKey({ promptVersion: "v1|gpt", model: "4o", inputHash: "abc" });
    const b = llmCacheKey({ promptVersion: "v1", model: "gpt|4o", inputHash: "abc" });
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).not.toBe(b);
  });

  it("depends on the model", () => {
    const inputHash = hashLlmInput(request);
    expect(llmCacheKey({ promptVersion: "p", model: "gpt-4o", inputHash })).not.toBe(
      llmCacheKey({ promptVersion: "p", model: "gpt-4o-mini", inputHash }),
    );
  });
});
