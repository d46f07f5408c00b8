// One structured request to the teacher's model, the paper's way (B.6): client.responses.create with
// instructions, the payload as the input string, text.format json_schema strict, reasoning.effort,
// max_output_tokens and store=false; or, where a provider has no Responses API, chat completions with
// the instructions as the system message and response_format json_schema strict. The SDK does not
// retry (max_retries=0) and times out after the configured seconds. The answer's text is returned with
// its tokens; reading it as a proposal is the caller's (a refusal is a value, not an error).
import OpenAI, { APIConnectionError, APIError } from "openai";
import { llmError } from "@/lib/llm/llm-error";
import type { TeacherSettings } from "./teacher-settings";

export interface StructuredRequest {
  instructions: string;
  /** json.dumps(payload, ensure_ascii=False): the payload serialized as one string */
  input: string;
  schemaName: string;
  schema: Record<string, unknown>;
}

export interface StructuredAnswer {
  /** the model's text; null when the provider returned none (the reason says why) */
  text: string | null;
  /** why there is no usable text (an incomplete answer, a refusal) */
  problem: string | null;
  responseId: string | null;
  model: string | null;
  usage: { inputTokens: number; outputTokens: number };
}

export type StructuredEndpoint = (request: StructuredRequest, signal?: AbortSignal) => Promise<StructuredAnswer>;

export function createStructuredEndpoint(
  settings: Pick<TeacherSettings, "baseUrl" | "model" | "api" | "reasoningEffort" | "maxOutputTokens" | "timeoutSeconds">,
  apiKey?: string,
): StructuredEndpoint {
  const sdk = new OpenAI({
    baseURL: settings.baseUrl.replace(/\/+$/, ""),
    apiKey: apiKey || "no-key",
    defaultHeaders: apiKey ? undefined : { Authorization: null },
    // named, so the SDK does not fill them from OPENAI_* in the environment (lib/config.ts owns it)
    adminAPIKey: null,
    organization: null,
    project: null,
    webhookSecret: null,
    maxRetries: 0,
    timeout: settings.timeoutSeconds * 1000,
    logLevel: "off",
  });
  const endpoint = `${settings.baseUrl.replace(/\/+$/, "")}/${settings.api === "responses" ? "responses" : "chat/completions"}`;

  return async (request, signal) => {
    try {
      if (settings.api === "responses") {
        const response = await sdk.responses.create(
          {
            model: settings.model,
            instructions: request.instructions,
            input: request.input,
            ...(settings.reasoningEffort ? { reasoning: { effort: settings.reasoningEffort } } : {}),
            max_output_tokens: settings.maxOutputTokens,
            store: false,
            text: { format: { type: "json_schema", name: request.schemaName, schema: request.schema, strict: true } },
          },
          { signal },
        );
        const usage = { inputTokens: response.usage?.input_tokens ?? 0, outputTokens: response.usage?.output_tokens ?? 0 };
        const refusal = response.output.flatMap((o) => (o.type === "message" ? o.content : [])).find((c) => c.type === "refusal");
        const problem =
          response.status === "incomplete"
            ? `the answer is incomplete (${response.incomplete_details?.reason ?? "unknown reason"}; max_output_tokens is ${settings.maxOutputTokens})`
            : refusal && refusal.type === "refusal"
              ? `the model refused: ${refusal.refusal}`
              : null;
        return { text: problem ? null : response.output_text, problem, responseId: response.id, model: response.model, usage };
      }
      const completion = await sdk.chat.completions.create(
        {
          model: settings.model,
          messages: [
            { role: "system", content: request.instructions },
            { role: "user", content: request.input },
          ],
          response_format: { type: "json_schema", json_schema: { name: request.schemaName, schema: request.schema, strict: true } },
          ...(settings.reasoningEffort ? { reasoning_effort: settings.reasoningEffort } : {}),
          max_completion_tokens: settings.maxOutputTokens,
          store: false,
        },
        { signal },
      );
      const choice = completion.choices[0];
      const usage = { inputTokens: completion.usage?.prompt_tokens ?? 0, outputTokens: completion.usage?.completion_tokens ?? 0 };
      const problem = !choice
        ? "the answer has no choice"
        : choice.message.refusal
          ? `the model refused: ${choice.message.refusal}`
          : choice.finish_reason === "length"
            ? `the answer is incomplete (length; max_completion_tokens is ${settings.maxOutputTokens})`
            : null;
      return {
        text: problem ? null : (choice?.message.content ?? null),
        problem,
        responseId: completion.id,
        model: completion.model,
        usage,
      };
    } catch (error) {
      if (error instanceof APIError && error.status !== undefined) {
        const reason =
          error.status === 401 || error.status === 403 ? "unauthorized" : error.status >= 500 ? "server_error" : "bad_response";
        throw llmError(reason, `The teacher's endpoint ${endpoint} answered ${error.status}: ${error.message}`, {
          status: error.status,
          cause: error,
        });
      }
      if (error instanceof APIConnectionError || (error instanceof Error && error.name === "APIConnectionTimeoutError"))
        throw llmError(
          error.name.includes("Timeout") ? "timeout" : "unreachable",
          `The teacher's endpoint ${endpoint} ${error.name.includes("Timeout") ? `did not answer within ${settings.timeoutSeconds} s` : "is unreachable"} (${error.message}): check the base URL and that the server runs`,
          { cause: error },
        );
      throw error;
    }
  };
}
