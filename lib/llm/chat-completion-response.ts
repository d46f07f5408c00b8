import { z } from "zod";

// Only the fields we read. Unknown keys are stripped rather than rejected: vLLM adds
// `prompt_logprobs`, Ollama `system_fingerprint`, llama.cpp `timings`, and that must not fail a call.
export const ChatCompletionResponse = z.object({
  id: z.string().optional(),
  model: z.string().optional(),
  choices: z
    .array(
      z.object({
        message: z.object({
          content: z.string().nullish(),
          refusal: z.string().nullish(),
          // an agent's tool calls (the judge runner's bash tool); arguments stay a JSON string, as sent
          tool_calls: z
            .array(
              z.object({
                id: z.string(),
                type: z.string().optional(),
                function: z.object({ name: z.string(), arguments: z.string() }),
              }),
            )
            .nullish(),
        }),
        finish_reason: z.string().nullish(),
      }),
    )
    .min(1),
  // llama.cpp and older Ollama builds omit usage on some paths.
  usage: z
    .object({
      prompt_tokens: z.number().optional(),
      completion_tokens: z.number().optional(),
      total_tokens: z.number().optional(),
    })
    .nullish(),
});
export type ChatCompletionResponse = z.infer<typeof ChatCompletionResponse>;

export const LlmUsage = z.object({
  promptTokens: z.number(),
  completionTokens: z.number(),
  totalTokens: z.number(),
});
export type LlmUsage = z.infer<typeof LlmUsage>;

export const zeroUsage: LlmUsage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };

export function usageOf(response: ChatCompletionResponse): LlmUsage {
  const prompt = response.usage?.prompt_tokens ?? 0;
  const completion = response.usage?.completion_tokens ?? 0;
  return {
    promptTokens: prompt,
    completionTokens: completion,
    totalTokens: response.usage?.total_tokens ?? prompt + completion,
  };
}

export function addUsage(a: LlmUsage, b: LlmUsage): LlmUsage {
  return {
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
    totalTokens: a.totalTokens + b.totalTokens,
  };
}
