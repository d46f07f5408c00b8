import type { Config } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { createLlmClient, type LlmClient } from "./client";

// The one OpenAI-compatible endpoint from configuration, used by screening and perturbation. Without one, the
// screening page says so and offers the manual queue instead.

export type ScreeningLlmStatus =
  | { configured: true; baseUrl: string; model: string; concurrency: number; timeoutMs: number; hasApiKey: boolean }
  | { configured: false; instructions: string };

const LLM_SETUP_INSTRUCTIONS =
  "Set LLM_BASE_URL (an OpenAI-compatible endpoint ending in /v1, e.g. http://127.0.0.1:8000/v1 for vLLM or " +
  "https://api.openai.com/v1) and LLM_MODEL, plus LLM_API_KEY if the server needs one, then restart the app. " +
  "Optional: LLM_CONCURRENCY (default 8) and LLM_TIMEOUT_MS (default 60000).";

export function screeningLlmStatus(config: Config): ScreeningLlmStatus {
  if (!config.LLM_BASE_URL || !config.LLM_MODEL) return { configured: false, instructions: LLM_SETUP_INSTRUCTIONS };
  return {
    configured: true,
    baseUrl: config.LLM_BASE_URL,
    model: config.LLM_MODEL,
    concurrency: config.LLM_CONCURRENCY,
    timeoutMs: config.LLM_TIMEOUT_MS,
    hasApiKey: Boolean(config.LLM_API_KEY),
  };
}

/** An LLM is needed but none is configured: 503, with the settings to add. */
function llmNotConfigured(): AppError {
  return new AppError("llm_unavailable", `No LLM is configured. ${LLM_SETUP_INSTRUCTIONS} Until then, use the manual screening queue.`);
}

export function screeningLlmClient(config: Config): LlmClient {
  if (!config.LLM_BASE_URL || !config.LLM_MODEL) throw llmNotConfigured();
  return createLlmClient({
    baseUrl: config.LLM_BASE_URL,
    model: config.LLM_MODEL,
    apiKey: config.LLM_API_KEY,
    timeoutMs: config.LLM_TIMEOUT_MS,
    concurrency: config.LLM_CONCURRENCY,
  });
}

/**
 * The model for hard negatives (#42): PERTURB_LLM_* when set (a team may use a stronger model for
 * negatives than for screening), else the LLM_* one; null when neither is configured.
 */
export function perturbationLlmClient(config: Config): LlmClient | null {
  if (config.PERTURB_LLM_BASE_URL && config.PERTURB_LLM_MODEL) {
    return createLlmClient({
      baseUrl: config.PERTURB_LLM_BASE_URL,
      model: config.PERTURB_LLM_MODEL,
      apiKey: config.PERTURB_LLM_API_KEY,
      timeoutMs: config.LLM_TIMEOUT_MS,
      concurrency: config.LLM_CONCURRENCY,
      settingNames: {
        baseUrl: "PERTURB_LLM_BASE_URL",
        model: "PERTURB_LLM_MODEL",
        apiKey: "PERTURB_LLM_API_KEY",
        timeout: "LLM_TIMEOUT_MS",
        concurrency: "LLM_CONCURRENCY",
      },
    });
  }
  return config.LLM_BASE_URL && config.LLM_MODEL ? screeningLlmClient(config) : null;
}
