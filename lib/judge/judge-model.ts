// The judged model: an OpenAI-compatible chat endpoint, called once per agent step with the whole
// conversation so far. Retries what a server may fail transiently (429, 5xx, timeouts) with backoff;
// the key goes in the Authorization header only and never into a trajectory or an error message.
import { backoffDelayMs } from "@/lib/llm/retry-delay";
import { postChatCompletion } from "@/lib/llm/post-chat-completion";
import { type LlmUsage, usageOf } from "@/lib/llm/chat-completion-response";
import { seededRandom } from "@/lib/random/seeded";
import type { AssistantMessage } from "./agent-turn";
import { BASH_TOOL } from "./paper-agent";

export type ChatMessage =
  | { role: "system" | "user"; content: string }
  | { role: "assistant"; content: string | null; tool_calls?: AssistantMessage["tool_calls"] }
  | { role: "tool"; content: string; tool_call_id: string };

export interface ModelAnswer {
  message: AssistantMessage;
  usage: LlmUsage;
}

export interface JudgeModel {
  complete(messages: readonly ChatMessage[], signal?: AbortSignal): Promise<ModelAnswer>;
}

export interface JudgeModelOptions {
  baseUrl: string;
  model: string;
  apiKey?: string;
  actionMode: "tool" | "text";
  temperature: number;
  timeoutMs?: number;
  maxAttempts?: number;
  fetch?: typeof fetch;
}

export function createJudgeModel(options: JudgeModelOptions): JudgeModel {
  const endpoint = `${options.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  const random = seededRandom(1);
  const maxAttempts = options.maxAttempts ?? 4;
  return {
    async complete(messages, signal) {
      const body = {
        model: options.model,
        messages,
        temperature: options.temperature,
        ...(options.actionMode === "tool" ? { tools: [BASH_TOOL], tool_choice: "auto", parallel_tool_calls: false } : {}),
      };
      for (let attempt = 1; ; attempt++) {
        const result = await postChatCompletion({
          endpoint,
          apiKey: options.apiKey,
          model: options.model,
          body,
          timeoutMs: options.timeoutMs ?? 300_000,
          fetch: options.fetch ?? fetch,
        });
        if (result.ok) {
          const message = result.response.choices[0].message;
          return { message: { content: message.content ?? null, tool_calls: message.tool_calls ?? null }, usage: usageOf(result.response) };
        }
        if (!result.retryable || attempt >= maxAttempts || signal?.aborted) throw result.error;
        const wait = result.retryAfterMs ?? backoffDelayMs(attempt - 1, { baseMs: 500, maxMs: 20_000 }, random);
        await new Promise((r) => setTimeout(r, wait));
      }
    },
  };
}
