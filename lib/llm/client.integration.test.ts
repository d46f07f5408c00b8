import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { seededRandom } from "@/lib/random/seeded";
import { createLlmClient, type LlmClientOptions } from "./client";
import { isLlmError, type LlmError } from "./llm-error";
import { fakeReply, startFakeOpenAiServer, type FakeOpenAiServer, type FakeOpenAiServerOptions } from "./testing/fake-openai-server";

// The shape the screening stage will ask for: is a review comment about the code at all?
const ScreeningVerdict = z.object({
  verdict: z.enum(["technical", "non_technical"]),
  reason: z.string().min(1),
});
const nullDereferenceComment = {
  verdict: "technical",
  reason: "Points out that `user` may be null when `findUser` misses the cache.",
};
const screeningRequest = {
  system: "You classify GitHub code-review comments.",
  user: "Comment: `user` can be null here if the cache misses; this will throw on `.id`.",
  schema: ScreeningVerdict,
  schemaName: "screening_verdict",
};

let server: FakeOpenAiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  vi.unstubAllEnvs();
});

async function setup(serverOptions: FakeOpenAiServerOptions, clientOptions: Partial<LlmClientOptions> = {}) {
  server = await startFakeOpenAiServer(serverOptions);
  const client = createLlmClient({
    baseUrl: server.url,
    model: "qwen2.5-coder-7b-instruct",
    retryBaseMs: 5,
    random: seededRandom(7),
    ...clientOptions,
  });
  return { server, client };
}

async function rejection(promise: Promise<unknown>): Promise<LlmError> {
  const error = await promise.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (e: unknown) => e,
  );
  if (!isLlmError(error)) throw new Error(`expected an LLM error, got ${String(error)}`);
  return error;
}

describe("completeJson", () => {
  it("parses a well-formed answer and asks for strict json_schema output", async () => {
    const { server, client } = await setup(
      { apiKey: "sk-test-123", script: [fakeReply.json(nullDereferenceComment, { model: "qwen2.5-coder-7b-instruct-awq" })] },
      { apiKey: "sk-test-123" },
    );
    const result = await client.completeJson(screeningRequest);

    expect(result.value).toEqual(nullDereferenceComment);
    expect(result).toMatchObject({ attempts: 1, cached: false, model: "qwen2.5-coder-7b-instruct-awq" });
    expect(result.usage.totalTokens).toBeGreaterThan(0);
    expect(result.usage.totalTokens).toBe(result.usage.promptTokens + result.usage.completionTokens);

    const [request] = server.requests;
    expect(request.path).toBe("/v1/chat/completions");
    expect(request.headers.authorization).toBe("Bearer sk-test-123");
    expect(request.body?.model).toBe("qwen2.5-coder-7b-instruct");
    expect(request.body?.temperature).toBe(0);
    const shape = {
      type: "object",
      properties: { verdict: { type: "string", enum: ["technical", "non_technical"] }, reason: { type: "string", minLength: 1 } },
      required: ["verdict", "reason"],
      additionalProperties: false,
    };
    expect(request.body?.response_format).toEqual({
      type: "json_schema",
      json_schema: { name: "screening_verdict", schema: { $schema: "http://json-schema.org/draft-07/schema#", ...shape }, strict: true },
    });
    expect(request.body?.messages?.map((m) => m.role)).toEqual(["system", "user"]);
    // the prompt quotes the schema without "$schema", as it always has: a recorded answer is keyed by the prompt's text
    expect(request.body?.messages?.[0].content).toBe(
      `${screeningRequest.system}\n\nReply with only a JSON object that conforms to the JSON Schema "screening_verdict":\n${JSON.stringify(shape)}`,
    );
    expect(request.body?.messages?.[1].content).toBe(screeningRequest.user);
  });

  it("sends no Authorization header when no key is configured (local Ollama, llama.cpp)", async () => {
    const { server, client } = await setup({ script: [fakeReply.json(nullDereferenceComment)] }, { apiKey: "  " });
    await client.completeJson(screeningRequest);
    expect(server.requests[0].headers.authorization).toBeUndefined();
  });

  it("takes nothing from OPENAI_* in the environment: no key, organization or base URL of the SDK's own", async () => {
    vi.stubEnv("OPENAI_API_KEY", "sk-from-the-environment");
    vi.stubEnv("OPENAI_ORG_ID", "org-from-the-environment");
    vi.stubEnv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1");
    const { server, client } = await setup({ script: [fakeReply.json(nullDereferenceComment)] });
    await client.completeJson(screeningRequest);
    expect(server.requests[0].headers.authorization).toBeUndefined();
    expect(server.requests[0].headers["openai-organization"]).toBeUndefined();
  });

  it("accepts an answer wrapped in a ```json fence after leading prose", async () => {
    const { client } = await setup({ script: [fakeReply.fencedJson(nullDereferenceComment)] });
    const result = await client.completeJson(screeningRequest);
    expect(result.value).toEqual(nullDereferenceComment);
    expect(result.attempts).toBe(1);
  });

  it("re-asks once with a corrective message after malformed JSON, then succeeds", async () => {
    const truncated = '{"verdict": "technical", "reason": "Points out that';
    const { server, client } = await setup({
      script: [fakeReply.content(truncated), fakeReply.json(nullDereferenceComment)],
    });
    const result = await client.completeJson(screeningRequest);

    expect(result.value).toEqual(nullDereferenceComment);
    expect(result.attempts).toBe(2);
    const corrective = server.requests[1].body?.messages ?? [];
    expect(corrective.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(corrective[2].content).toBe(truncated);
    expect(corrective[3].content).toMatch(/previous reply was rejected: .*not closed/);
    // Both responses were billed.
    expect(result.usage.promptTokens).toBeGreaterThan(0);
    const firstOnly = Math.ceil(JSON.stringify(server.requests[0].body).length / 4);
    expect(result.usage.promptTokens).toBeGreaterThan(firstOnly);
  });

  it("re-asks after valid JSON that breaks the schema, naming the offending field", async () => {
    const { server, client } = await setup({
      script: [fakeReply.json({ verdict: "maybe", reason: "unclear" }), fakeReply.json(nullDereferenceComment)],
    });
    const result = await client.completeJson(screeningRequest);
    expect(result.value.verdict).toBe("technical");
    expect(server.requests[1].body?.messages?.[3].content).toMatch(/verdict/);
  });

  it("fails with bad_response when the answer is malformed twice", async () => {
    const { server, client } = await setup({
      script: [fakeReply.content("I think this comment is technical."), fakeReply.content("Technical, definitely.")],
    });
    const error = await rejection(client.completeJson(screeningRequest));
    expect(error.details.reason).toBe("bad_response");
    expect(error.details.attempts).toBe(2);
    expect(error.message).toMatch(/screening_verdict/);
    expect(error.message).toMatch(/qwen2\.5-coder-7b-instruct/);
    expect(server.requests).toHaveLength(2);
  });

  it("waits for Retry-After on 429, not for its own (much longer) backoff", async () => {
    // its own backoff would be 10 minutes, far past the test timeout: finishing at all shows it
    // waited for Retry-After (how long a retry takes: scripts/bench-screen.ts, llm_retry_after_*)
    const { server, client } = await setup(
      { script: [fakeReply.rateLimited("0.05"), fakeReply.json(nullDereferenceComment)] },
      { retryBaseMs: 600_000 },
    );
    const result = await client.completeJson(screeningRequest);
    expect(result.value).toEqual(nullDereferenceComment);
    expect(result.attempts).toBe(2);
    const gap = server.requests[1].receivedAt - server.requests[0].receivedAt;
    expect(gap).toBeGreaterThanOrEqual(45);
  });

  it("fails fast with rate_limited when Retry-After exceeds what a run should wait", async () => {
    const { server, client } = await setup({ script: [fakeReply.rateLimited("3600")] });
    const error = await rejection(client.completeJson(screeningRequest));
    expect(error.details.reason).toBe("rate_limited");
    expect(error.message).toMatch(/wait 3600 s/);
    expect(server.requests).toHaveLength(1);
  });

  it("retries 5xx and recovers", async () => {
    const { client } = await setup({ script: [fakeReply.serverError(502), fakeReply.json(nullDereferenceComment)] });
    const result = await client.completeJson(screeningRequest);
    expect(result.attempts).toBe(2);
  });

  it("gives up with server_error once 5xx retries are exhausted", async () => {
    const { server, client } = await setup(
      { script: [fakeReply.serverError(500), fakeReply.serverError(502), fakeReply.serverError(500)] },
      { maxRetries: 2 },
    );
    const error = await rejection(client.completeJson(screeningRequest));
    expect(error.details.reason).toBe("server_error");
    expect(error.details.status).toBe(500);
    expect(error.details.attempts).toBe(3);
    expect(error.message).toMatch(/returned 500 .*gave up after 3 attempts/);
    expect(server.requests).toHaveLength(3);
  });

  it("times out a slow server, retries, then fails with timeout", async () => {
    const { server, client } = await setup(
      { respond: () => fakeReply.slow(2_000, fakeReply.json(nullDereferenceComment)) },
      { timeoutMs: 100, maxRetries: 1 },
    );
    const error = await rejection(client.completeJson(screeningRequest));
    expect(error.details.reason).toBe("timeout");
    expect(error.details.attempts).toBe(2);
    expect(error.message).toMatch(/did not answer within 100 ms/);
    expect(server.requests).toHaveLength(2);
  });

  it("does not retry a 401 and tells the user which setting to fix", async () => {
    const { server, client } = await setup(
      { apiKey: "sk-right", script: [fakeReply.json(nullDereferenceComment)] },
      { apiKey: "sk-wrong" },
    );
    const error = await rejection(client.completeJson(screeningRequest));
    expect(error.details.reason).toBe("unauthorized");
    expect(error.details.status).toBe(401);
    expect(error.message).toBe(`LLM endpoint ${server.url}/chat/completions returned 401 (Incorrect API key provided.): check LLM_API_KEY`);
    expect(server.requests).toHaveLength(1);
  });

  it("does not retry a 429 insufficient_quota: waiting will not add credit", async () => {
    const { server, client } = await setup({
      script: [
        {
          status: 429,
          headers: { "retry-after": "1" },
          body: { error: { message: "You exceeded your current quota.", type: "insufficient_quota", code: "insufficient_quota" } },
        },
      ],
    });
    const error = await rejection(client.completeJson(screeningRequest));
    expect(error.details).toMatchObject({ reason: "rate_limited", status: 429, attempts: 1 });
    expect(error.message).toMatch(
      /429 insufficient_quota \(You exceeded your current quota\.\): the account behind LLM_API_KEY is out of credit/,
    );
    expect(server.requests).toHaveLength(1);
  });

  it("quotes a vLLM error body, whose words are in `message` rather than `error.message`", async () => {
    const { client } = await setup({
      script: [{ status: 400, body: { object: "error", message: '"auto" tool choice requires --enable-auto-tool-choice', code: 400 } }],
    });
    const error = await rejection(client.completeJson(screeningRequest));
    expect(error.details).toMatchObject({ reason: "bad_response", status: 400, attempts: 1 });
    expect(error.message).toMatch(/rejected the request with 400 \("auto" tool choice requires --enable-auto-tool-choice\)/);
  });

  it("times out a server that sends its headers and then stalls the body", async () => {
    const stalling = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"id": "chatcmpl-1", "choices": [');
    });
    await new Promise<void>((resolve) => stalling.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = stalling.address() as AddressInfo;
      const client = createLlmClient({ baseUrl: `http://127.0.0.1:${port}/v1`, model: "m", timeoutMs: 200, maxRetries: 0 });
      const error = await rejection(client.completeJson(screeningRequest));
      expect(error.details).toMatchObject({ reason: "timeout", attempts: 1 });
      expect(error.message).toMatch(/did not answer within 200 ms/);
    } finally {
      stalling.closeAllConnections();
      await new Promise((resolve) => stalling.close(resolve));
    }
  });

  it("does not retry a 404 and points at the base URL and model", async () => {
    const { server, client } = await setup({
      script: [{ status: 404, body: { error: "model 'qwen2.5-coder-7b-instruct' not found, try pulling it first" } }],
    });
    const error = await rejection(client.completeJson(screeningRequest));
    expect(error.details.reason).toBe("bad_response");
    expect(error.message).toMatch(/returned 404 \(model 'qwen2\.5-coder-7b-instruct' not found.*check LLM_BASE_URL/);
    expect(server.requests).toHaveLength(1);
  });

  it("reports a 200 that is not a chat completion as bad_response", async () => {
    const { client } = await setup({ script: [{ status: 200, body: "<html>Welcome to nginx!</html>" }] });
    const error = await rejection(client.completeJson(screeningRequest));
    expect(error.details.reason).toBe("bad_response");
    expect(error.message).toMatch(/not JSON .*nginx.*LLM_BASE_URL/);
  });

  it("reports a closed port as unreachable without retrying", async () => {
    const closed = await startFakeOpenAiServer();
    await closed.close();
    const client = createLlmClient({ baseUrl: closed.url, model: "llama3.1", retryBaseMs: 1_000 });
    const error = await rejection(client.completeJson(screeningRequest));
    expect(error.details.reason).toBe("unreachable");
    expect(error.message).toMatch(/is unreachable \(ECONNREFUSED\): check LLM_BASE_URL/);
    expect(error.details.attempts).toBe(1);
  });

  it("never has more than `concurrency` requests in flight", async () => {
    const { server, client } = await setup(
      { respond: (req) => fakeReply.slow(25, fakeReply.json({ verdict: "technical", reason: req.body?.messages?.[1].content ?? "" })) },
      { concurrency: 8 },
    );
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => client.completeJson({ ...screeningRequest, user: `comment #${i}` })),
    );
    expect(results.map((r) => r.value.reason)).toEqual(Array.from({ length: 40 }, (_, i) => `comment #${i}`));
    expect(server.requests).toHaveLength(40);
    expect(server.maxConcurrent).toBeLessThanOrEqual(8);
    expect(server.maxConcurrent).toBeGreaterThan(1);
  });

  it("refuses a schema strict structured output cannot express, before sending anything", async () => {
    const { server, client } = await setup({ script: [fakeReply.json(nullDereferenceComment)] });
    const loose = z.object({ verdict: z.string(), reason: z.string().optional() });
    await expect(client.completeJson({ ...screeningRequest, schema: loose })).rejects.toThrow(
      /schema "screening_verdict" cannot be sent as strict structured output: .*optional/,
    );
    expect(server.requests).toHaveLength(0);
  });

  it("rejects unusable options with a readable message", () => {
    expect(() => createLlmClient({ baseUrl: "localhost:8080", model: "m" })).toThrow(/baseUrl/);
    expect(() => createLlmClient({ baseUrl: "http://127.0.0.1:1/v1", model: "" })).toThrow(/model/);
  });

  it("tolerates a trailing slash on the base URL", async () => {
    server = await startFakeOpenAiServer({ script: [fakeReply.json(nullDereferenceComment)] });
    const client = createLlmClient({ baseUrl: `${server.url}/`, model: "m" });
    await client.completeJson(screeningRequest);
    expect(server.requests[0].path).toBe("/v1/chat/completions");
  });
});
