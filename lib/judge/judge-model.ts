// The judged model: an OpenAI-compatible chat endpoint, called once per agent step with the whole
// conversation so far, through the project's LLM client (the openai SDK with our retries of 429, 5xx
// and timeouts, whose waits end with the task's wall time); the key goes in the Authorization header
// only and never into a trajectory or an error message.
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { createLlmClient } from "@/lib/llm/client";
import type { ChatRequestBody, LlmSettingNames } from "@/lib/llm/chat-endpoint";
import { type LlmUsage, usageOf } from "@/lib/llm/chat-completion-response";
import { seededRandom } from "@/lib/random/seeded";
import type { AssistantMessage } from "./agent-turn";
import { type AgentSettings, BASH_TOOL } from "./paper-agent";

export type ChatMessage =
  | { role: "system" | "user"; content: string }
  | { role: "assistant"; content: string | null; tool_calls?: AssistantMessage["tool_calls"] }
  | { role: "tool"; content: string; tool_call_id: string };

/** One model call as the provider answered it, kept with its step for the trajectory export. */
export const ModelCallSchema = z.object({
  /** the response's id (chatcmpl-…), when the provider gives one */
  responseId: z.string().nullable(),
  /** the model the provider says answered */
  model: z.string().nullable(),
  finishReason: z.string().nullable(),
  /** the assistant message as returned: content and tool calls with the provider's ids and arguments */
  content: z.string().nullable(),
  toolCalls: z
    .array(z.object({ id: z.string(), type: z.string().optional(), function: z.object({ name: z.string(), arguments: z.string() }) }))
    .nullish(),
  requestedAt: z.string(),
  answeredAt: z.string(),
  /** HTTP requests this answer took: 1, or more when the provider failed and the client sent it again */
  attempts: z.number().int().positive().optional(),
});
export type ModelCall = z.infer<typeof ModelCallSchema>;

export interface ModelAnswer {
  message: AssistantMessage;
  usage: LlmUsage;
  /** absent from test models that do not speak HTTP */
  call?: ModelCall;
  /** HTTP requests the answer took (retries included) */
  attempts: number;
}

export interface CallLimits {
  /**
   * The longest the call may wait for the provider before retrying (a Retry-After): past it the call fails
   * at once with the provider's answer, instead of sleeping out a task's wall time (what is left of it).
   */
  maxWaitMs?: number;
}

export interface JudgeModel {
  /** Throws the client's LlmError (its details: why, and how many requests were made) when no answer came. */
  complete(messages: readonly ChatMessage[], signal?: AbortSignal, limits?: CallLimits): Promise<ModelAnswer>;
}

export interface JudgeModelOptions {
  baseUrl: string;
  model: string;
  apiKey?: string;
  actionMode: "tool" | "text";
  /** null: the provider's default */
  temperature: number | null;
  maxTokens?: number;
  seed?: number;
  reasoningEffort?: "minimal" | "low" | "medium" | "high";
  extraBody?: Record<string, unknown>;
  timeoutMs?: number;
  maxAttempts?: number;
  /** the wait before a retry of a 5xx or a timeout when the provider names none: this, doubling up to 20 s (500 ms unless set) */
  retryBaseMs?: number;
  fetch?: typeof fetch;
  /** extra headers on every request (a gateway's), the run's plain and sealed ones together */
  headers?: Record<string, string>;
}

/** The fetch the client uses, adding the run's extra headers to every request (the shared client knows only the key). */
function withHeaders(base: typeof fetch | undefined, headers: Record<string, string> | undefined): typeof fetch | undefined {
  if (!headers || Object.keys(headers).length === 0) return base;
  const send = base ?? fetch;
  return (input, init) => {
    const merged = new Headers(init?.headers);
    for (const [name, value] of Object.entries(headers)) merged.set(name, value);
    return send(input, { ...init, headers: merged });
  };
}

/** A run's settings → the request options its model calls carry. */
export function requestOptionsOf(
  settings: Pick<AgentSettings, "actionMode" | "temperature" | "maxTokens" | "requestSeed" | "reasoningEffort" | "extraBody">,
): Pick<JudgeModelOptions, "actionMode" | "temperature" | "maxTokens" | "seed" | "reasoningEffort" | "extraBody"> {
  return {
    actionMode: settings.actionMode,
    temperature: settings.temperature,
    maxTokens: settings.maxTokens,
    seed: settings.requestSeed,
    reasoningEffort: settings.reasoningEffort,
    extraBody: settings.extraBody,
  };
}

/** what a judge run's failure messages tell the admin to check */
const JUDGE_SETTING_NAMES: LlmSettingNames = {
  baseUrl: "the run's base URL (JUDGE_BASE_URL)",
  model: "the run's model (JUDGE_MODEL)",
  apiKey: "the run's API key (JUDGE_API_KEY)",
  timeout: "the judge's request timeout",
  concurrency: "the run's concurrency",
};

export function createJudgeModel(options: JudgeModelOptions): JudgeModel {
  // the screening client's retries (429, 5xx, timeouts; Retry-After honoured, backoff otherwise)
  const clientFor = (maxRetryAfterMs: number) =>
    createLlmClient({
      baseUrl: options.baseUrl,
      model: options.model,
      apiKey: options.apiKey,
      timeoutMs: options.timeoutMs ?? 300_000,
      maxRetries: (options.maxAttempts ?? 4) - 1,
      // each task's conversation is one request at a time; the run's concurrency bounds the rest
      concurrency: 64,
      retryBaseMs: options.retryBaseMs ?? 500,
      retryMaxMs: 20_000,
      maxRetryAfterMs,
      fetch: withHeaders(options.fetch, options.headers),
      random: seededRandom(1),
      settingNames: JUDGE_SETTING_NAMES,
    });
  // without a bound of the caller's, the call waits as long as the server asks
  const unbounded = clientFor(Number.MAX_SAFE_INTEGER);
  return {
    async complete(messages, signal, limits) {
      // a bound is the time left of one task: the client's Retry-After cap is set when it is made, so a
      // bounded call gets a client of its own (one SDK object; no connection is held between calls)
      const client = limits?.maxWaitMs === undefined ? unbounded : clientFor(Math.max(0, Math.floor(limits.maxWaitMs / 1000) * 1000));
      // sent as built (the SDK sends a body as given: its README, "Undocumented request params"), with what its
      // types leave out: the run's extra fields, and tool calls echoed as the provider sent them (no `type`, null)
      const body = {
        ...options.extraBody,
        model: options.model,
        messages,
        ...(options.temperature === null ? {} : { temperature: options.temperature }),
        ...(options.maxTokens === undefined ? {} : { max_tokens: options.maxTokens }),
        ...(options.seed === undefined ? {} : { seed: options.seed }),
        ...(options.reasoningEffort === undefined ? {} : { reasoning_effort: options.reasoningEffort }),
        ...(options.actionMode === "tool" ? { tools: [BASH_TOOL], tool_choice: "auto", parallel_tool_calls: false } : {}),
      } as ChatRequestBody;
      const requestedAt = new Date().toISOString();
      const { response, attempts } = await client.chat(body, signal);
      const [choice] = response.choices;
      const message = { content: choice.message.content ?? null, tool_calls: choice.message.tool_calls ?? null };
      const call: ModelCall = {
        responseId: response.id ?? null,
        model: response.model ?? null,
        finishReason: choice.finish_reason ?? null,
        content: message.content,
        toolCalls: message.tool_calls,
        requestedAt,
        answeredAt: new Date().toISOString(),
        attempts,
      };
      return { message, usage: usageOf(response), call, attempts };
    },
  };
}

/**
 * Before a run is queued: one short call with the run's request options (and the bash tool in tool
 * mode), so an endpoint that is down, a model it does not serve, a refused key or a server without
 * tool calls is refused in one line instead of failing every task.
 */
export async function preflightJudgeModel(options: JudgeModelOptions): Promise<void> {
  const model = createJudgeModel({ ...options, maxAttempts: 2, timeoutMs: options.timeoutMs ?? 60_000 });
  try {
    await model.complete([{ role: "user", content: "Reply with the single word: ready" }], AbortSignal.timeout(90_000));
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    const tools =
      options.actionMode === "tool" && /tool/i.test(why)
        ? " The server does not take tool calls: choose text mode, or start it with tool calls on."
        : "";
    throw new AppError("invalid_input", `The judge model did not answer a test call, so no run was queued: ${why}${tools}`);
  }
}
