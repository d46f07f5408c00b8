// The one OpenAI-compatible client every stage uses: structured JSON answers (completeJson) and an
// agent's raw chat turns (chat), each request through the `openai` SDK (chat-endpoint.ts), at most
// `concurrency` at a time (p-limit), with our retry loop around it. The SDK's retries are off
// (maxRetries: 0) and this loop is the only one, because the SDK's cannot keep our rules: its wait before
// a retry ignores the caller's AbortSignal (a judge task with 5 s left would sit out a 45 s Retry-After),
// it waits for any Retry-After however long (a daily quota would stall a run; we fail at once past
// maxRetryAfterMs), it retries a refused connection (a wrong base URL, reported at once here), and it
// cannot tell us how many requests a call took (LlmFailure.attempts). The answer cache is ours too (cache.ts).
// The response format is the SDK's zodResponseFormat; the answer is read by extract-json.ts and the
// schema, not by the SDK's chat.completions.parse, which throws away the response when a reply does not
// parse (its tokens, and the text the corrective re-ask quotes) and takes no JSON wrapped in prose.
import { zodResponseFormat } from "openai/helpers/zod";
import pLimit from "p-limit";
import { z } from "zod";
import { abortableSleep } from "@/lib/abortable-sleep";
import { seededRandom, type Random } from "@/lib/random/seeded";
import { messageOf } from "@/lib/unknown-value";
import { addUsage, type ChatCompletionResponse, usageOf, zeroUsage, type LlmUsage } from "./chat-completion-response";
import { type ChatRequestBody, createChatEndpoint, LLM_SETTING_NAMES, type LlmSettingNames } from "./chat-endpoint";
import { extractJsonObject } from "./extract-json";
import { llmError } from "./llm-error";
import { backoffDelayMs } from "./retry-delay";

export const LlmClientOptions = z.object({
  baseUrl: z.url({ protocol: /^https?$/, error: "baseUrl must be an http(s) URL such as http://127.0.0.1:8080/v1" }),
  apiKey: z.string().optional(),
  model: z.string().min(1),
  timeoutMs: z.number().int().positive().default(60_000),
  maxRetries: z.number().int().min(0).default(4),
  concurrency: z.number().int().positive().default(8),
  /** First backoff window; doubles per retry up to `retryMaxMs`. */
  retryBaseMs: z.number().nonnegative().default(1_000),
  retryMaxMs: z.number().nonnegative().default(30_000),
  /** A Retry-After longer than this (e.g. a daily quota) fails at once instead of stalling a run. */
  maxRetryAfterMs: z.number().nonnegative().default(120_000),
});
export type LlmClientOptions = z.input<typeof LlmClientOptions> & {
  fetch?: typeof fetch;
  /** the settings failure messages name (LLM_* by default) */
  settingNames?: LlmSettingNames;
  /** Jitter source; pass a seeded one to make retry timing reproducible. */
  random?: Random;
};

// OpenAI requires json_schema.name to match this.
const SchemaName = z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/);

export type CompleteJsonRequest<S extends z.ZodType> = {
  system: string;
  user: string;
  schema: S;
  schemaName: string;
  temperature?: number;
  maxTokens?: number;
};

export type LlmResult<T> = {
  value: T;
  /** Tokens billed for this call, summed over every response received (0 on a cache hit). */
  usage: LlmUsage;
  /** Model the server says answered; falls back to the configured one. */
  model: string;
  /** HTTP requests made, including retries and the corrective re-ask (0 on a cache hit). */
  attempts: number;
  cached: boolean;
};

export type LlmClient = {
  readonly baseUrl: string;
  readonly model: string;
  completeJson<S extends z.ZodType>(request: CompleteJsonRequest<S>): Promise<LlmResult<z.output<S>>>;
  /**
   * One chat-completions request with a body of the caller's own (an agent's conversation and tools),
   * with the same retries, limiter and errors as completeJson; no retry once `signal` is aborted.
   */
  chat(body: ChatRequestBody, signal?: AbortSignal): Promise<{ response: ChatCompletionResponse; attempts: number }>;
};

type Message = { role: "system" | "user" | "assistant"; content: string };

export function createLlmClient(options: LlmClientOptions): LlmClient {
  const parsedOptions = LlmClientOptions.safeParse(options);
  if (!parsedOptions.success) {
    throw new TypeError(`Invalid LLM client options:\n${z.prettifyError(parsedOptions.error)}`);
  }
  const config = parsedOptions.data;
  const baseUrl = config.baseUrl.replace(/\/+$/, "");
  const endpoint = `${baseUrl}/chat/completions`;
  // Jitter only has to decorrelate concurrent clients, so a time seed is fine by default.
  const random = options.random ?? seededRandom(Date.now());
  const limit = pLimit(config.concurrency);
  const names = options.settingNames ?? LLM_SETTING_NAMES;
  const post = createChatEndpoint({
    baseUrl,
    apiKey: config.apiKey?.trim() || undefined,
    model: config.model,
    timeoutMs: config.timeoutMs,
    fetch: options.fetch,
    names,
  });

  /** Sends one body, retrying transient failures; `priorAttempts` keeps the count across re-asks. */
  async function send(body: ChatRequestBody, priorAttempts: number, signal?: AbortSignal) {
    let attempts = priorAttempts;
    for (let retry = 0; ; retry++) {
      attempts++;
      // Only the request holds a slot; backoff sleeps happen outside the limiter.
      const outcome = await limit(() => post(body, signal));
      if (outcome.ok) return { response: outcome.response, attempts };

      const exhausted = retry >= config.maxRetries;
      const askedWaitMs = outcome.retryAfterMs ?? 0;
      const tooLong = outcome.retryAfterMs !== null && askedWaitMs > config.maxRetryAfterMs;
      if (!outcome.retryable || exhausted || tooLong || signal?.aborted) {
        const suffix = !outcome.retryable
          ? ""
          : tooLong
            ? ` (server asked to wait ${Math.ceil(askedWaitMs / 1000)} s, more than the ${config.maxRetryAfterMs / 1000} s allowed)`
            : ` (gave up after ${attempts} attempts)`;
        throw llmError(outcome.error.details.reason, outcome.error.message + suffix, {
          status: outcome.error.details.status,
          attempts,
          cause: outcome.error.cause,
        });
      }
      // the wait ends early when the caller stops waiting (a cancelled run, a task out of time)
      await abortableSleep(
        outcome.retryAfterMs ?? backoffDelayMs(retry, { baseMs: config.retryBaseMs, maxMs: config.retryMaxMs }, random),
        signal,
      );
      if (signal?.aborted)
        throw llmError(outcome.error.details.reason, `${outcome.error.message} (stopped waiting to retry after ${attempts} attempts)`, {
          status: outcome.error.details.status,
          attempts,
        });
    }
  }

  async function completeJson<S extends z.ZodType>(request: CompleteJsonRequest<S>): Promise<LlmResult<z.output<S>>> {
    if (!SchemaName.safeParse(request.schemaName).success) {
      throw new TypeError(`schemaName "${request.schemaName}" must match ^[a-zA-Z0-9_-]{1,64}$ (OpenAI rule)`);
    }
    const responseFormat = strictResponseFormat(request.schema, request.schemaName);
    // The schema also goes in the system prompt: servers that ignore response_format
    // (older Ollama, some proxies) still get told the shape.
    const messages: Message[] = [
      {
        role: "system",
        content: `${request.system}\n\nReply with only a JSON object that conforms to the JSON Schema "${request.schemaName}":\n${promptSchemaText(responseFormat.json_schema.schema)}`,
      },
      { role: "user", content: request.user },
    ];
    const bodyFor = (msgs: Message[]): ChatRequestBody => ({
      model: config.model,
      messages: msgs,
      temperature: request.temperature ?? 0,
      ...(request.maxTokens === undefined ? {} : { max_tokens: request.maxTokens }),
      stream: false,
      response_format: responseFormat,
    });

    let attempts = 0;
    let usage = zeroUsage;
    // Two asks at most: the original, then one corrective re-ask quoting what was wrong.
    for (let ask = 0; ask < 2; ask++) {
      const sent = await send(bodyFor(messages), attempts);
      attempts = sent.attempts;
      usage = addUsage(usage, usageOf(sent.response));
      const message = sent.response.choices[0].message;
      const content = message.content ?? "";
      const verdict = interpretContent(content, message.refusal, sent.response.choices[0].finish_reason, request.schema);
      if (verdict.ok) {
        return { value: verdict.value, usage, model: sent.response.model ?? config.model, attempts, cached: false };
      }
      if (ask === 1) {
        throw llmError(
          "bad_response",
          `LLM endpoint ${endpoint} twice replied with output that does not match schema "${request.schemaName}" (${verdict.reason}): check that ${names.model} "${config.model}" supports structured output`,
          { attempts },
        );
      }
      messages.push(
        { role: "assistant", content },
        {
          role: "user",
          content: `Your previous reply was rejected: ${verdict.reason}. Reply again with only a JSON object that conforms to the JSON Schema "${request.schemaName}", with no other text.`,
        },
      );
    }
    throw new Error("unreachable: the ask loop always returns or throws");
  }

  return { baseUrl, model: config.model, completeJson, chat: (body, signal) => send(body, 0, signal) };
}

function interpretContent<S extends z.ZodType>(
  content: string,
  refusal: string | null | undefined,
  finishReason: string | null | undefined,
  schema: S,
): { ok: true; value: z.output<S> } | { ok: false; reason: string } {
  if (refusal) return { ok: false, reason: `the model refused: ${refusal.slice(0, 200)}` };
  const extracted = extractJsonObject(content);
  if (!extracted.ok) {
    const truncated = finishReason === "length" ? " (output hit max_tokens)" : "";
    return { ok: false, reason: extracted.reason + truncated };
  }
  const parsed = schema.safeParse(extracted.value);
  if (!parsed.success) {
    return { ok: false, reason: `the JSON does not match the schema: ${z.prettifyError(parsed.error).replace(/\s*\n\s*/g, " ")}` };
  }
  return { ok: true, value: parsed.data };
}

/** The SDK's strict json_schema format; a schema strict structured output cannot express is refused before any request. */
function strictResponseFormat(schema: z.ZodType, name: string) {
  try {
    return zodResponseFormat(schema, name);
  } catch (error) {
    throw new TypeError(`schema "${name}" cannot be sent as strict structured output: ${messageOf(error)}`);
  }
}

/**
 * The schema as the system prompt quotes it: without "$schema", which the prompt has never carried, so
 * the prompt's text (and with it the key of a recorded answer, recorded-answers.ts) stays as it was.
 */
function promptSchemaText(schema: Record<string, unknown> | undefined): string {
  const { $schema: _dialect, ...shape } = schema ?? {};
  return JSON.stringify(shape);
}
