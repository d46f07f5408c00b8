// One chat-completions request through the `openai` SDK's `chat.completions.create` (URL, auth header,
// JSON both ways, status → the SDK's error classes), its outcome returned as a value for the client's
// retry loop, and each failure put in words that name the setting to check. The SDK's own retries are
// off (maxRetries: 0): client.ts says why. Kept here, because the SDK does not do it:
// - its APIError keeps only the `error` field of an error body, and vLLM (`message`) and FastAPI
//   (`detail`) put their words elsewhere ("400 status code (no body)" is all that would be left), so
//   ProviderClient keeps the whole body through the SDK's protected makeStatusError hook;
// - its timeout stops once the headers arrive, so a server that then stalls needs our own timer;
// - it does not check a response (README, "Undocumented response properties"), so ours is parsed with zod.
import OpenAI, {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  AuthenticationError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
} from "openai";
import type { ChatCompletionCreateParamsNonStreaming } from "openai/resources/chat/completions";
import { ChatCompletionResponse } from "./chat-completion-response";
import { llmError, type LlmError, type LlmErrorCode } from "./llm-error";
import { parseRetryAfter } from "./retry-delay";

export type ChatAttempt =
  | { ok: true; response: ChatCompletionResponse }
  | { ok: false; error: LlmError; retryable: boolean; retryAfterMs: number | null };

/** The settings a failure message tells the user to check (the screening's LLM_*, or the judge's). */
export type LlmSettingNames = { baseUrl: string; model: string; apiKey: string; timeout: string; concurrency: string };

export const LLM_SETTING_NAMES: LlmSettingNames = {
  baseUrl: "LLM_BASE_URL",
  model: "LLM_MODEL",
  apiKey: "LLM_API_KEY",
  timeout: "LLM_TIMEOUT_MS",
  concurrency: "LLM_CONCURRENCY",
};

export type ChatEndpointOptions = {
  /** without a trailing slash */
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
  fetch?: typeof fetch;
  names: LlmSettingNames;
};

/** The request body; the SDK sends it as given, fields its types do not name included (README, "Undocumented request params"). */
export type ChatRequestBody = ChatCompletionCreateParamsNonStreaming;

/** Sends one body; never throws, so the retry loop sees every outcome as a value. */
export type ChatEndpoint = (body: ChatRequestBody, signal?: AbortSignal) => Promise<ChatAttempt>;

// Connection refused / unknown host almost always mean a wrong LLM_BASE_URL or a server that
// is not started; retrying only delays the message. Resets mid-request are worth retrying.
const CONFIGURATION_NETWORK_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_NONAME", "ERR_INVALID_URL"]);

class ProviderClient extends OpenAI {
  protected override makeStatusError(status: number, body: object | undefined, text: string | undefined, headers: Headers): APIError {
    return Object.assign(super.makeStatusError(status, body ?? {}, text, headers), { body: body ?? text });
  }
}

export function createChatEndpoint(options: ChatEndpointOptions): ChatEndpoint {
  const endpoint = `${options.baseUrl}/chat/completions`;
  const sdk = new ProviderClient({
    baseURL: options.baseUrl,
    // The SDK refuses to start without a key; a server that needs none (Ollama, llama.cpp) gets no Authorization header.
    apiKey: options.apiKey ?? "no-key",
    defaultHeaders: options.apiKey ? undefined : { Authorization: null },
    // Named, so the SDK does not fill them from OPENAI_* in the environment (lib/config.ts owns the environment).
    adminAPIKey: null,
    organization: null,
    project: null,
    webhookSecret: null,
    maxRetries: 0,
    timeout: options.timeoutMs,
    logLevel: "off",
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  return async (body, signal) => {
    // Our own timer as well as the SDK's: the SDK's stops once the headers arrive, and a server that
    // sends headers and then stalls (a loaded vLLM replica does) must still time out.
    const timer = new AbortController();
    const timeout = setTimeout(() => timer.abort(), options.timeoutMs);
    try {
      const { data, response } = await sdk.chat.completions
        .create(body, { signal: signal ? AbortSignal.any([signal, timer.signal]) : timer.signal })
        .withResponse();
      return parseSuccess(endpoint, response.status, data, options.names);
    } catch (error) {
      return classifyFailure(error, { ...options, endpoint, stopped: signal?.aborted === true, timedOut: timer.signal.aborted });
    } finally {
      clearTimeout(timeout);
    }
  };
}

function parseSuccess(endpoint: string, status: number, data: unknown, names: LlmSettingNames): ChatAttempt {
  // the SDK hands back the text of a response that is not application/json
  if (typeof data === "string") return notJson(endpoint, `returned ${status}`, data, names);
  const parsed = ChatCompletionResponse.safeParse(data);
  if (parsed.success) return { ok: true, response: parsed.data };
  const body = excerpt(JSON.stringify(data) ?? "");
  const message = `LLM endpoint ${endpoint} returned ${status} but not an OpenAI chat completion (${body}): check ${names.baseUrl} points at an OpenAI-compatible API`;
  return failed("bad_response", message, false, { status });
}

function notJson(endpoint: string, what: string, text: string, names: LlmSettingNames): ChatAttempt {
  const message = `LLM endpoint ${endpoint} ${what} with a body that is not JSON (${excerpt(text)}): check ${names.baseUrl} points at an OpenAI-compatible API (usually ending in /v1)`;
  return failed("bad_response", message, false);
}

type FailureContext = ChatEndpointOptions & { endpoint: string; stopped: boolean; timedOut: boolean };

function classifyFailure(error: unknown, context: FailureContext): ChatAttempt {
  const { endpoint, names } = context;
  if (context.stopped)
    return failed("timeout", `the request to LLM endpoint ${endpoint} was stopped: the caller stopped waiting`, false, { cause: error });
  if (context.timedOut || error instanceof APIConnectionTimeoutError) {
    const message = `LLM endpoint ${endpoint} did not answer within ${context.timeoutMs} ms: raise ${names.timeout} or lower ${names.concurrency}`;
    return failed("timeout", message, true, { cause: error });
  }
  if (error instanceof APIError && error.status !== undefined) return classifyStatus(error, error.status, context);
  // a JSON content type over a body that does not parse
  if (error instanceof SyntaxError) return notJson(endpoint, "answered", error.message, names);
  const code = networkErrorCode(error instanceof APIConnectionError ? error.cause : error);
  const what = code ?? (error instanceof Error ? error.message : String(error));
  const message = `LLM endpoint ${endpoint} is unreachable (${what}): check ${names.baseUrl} and that the server is running`;
  return failed("unreachable", message, !(code && CONFIGURATION_NETWORK_CODES.has(code)), { cause: error });
}

function classifyStatus(error: APIError, status: number, context: FailureContext): ChatAttempt {
  const { endpoint, model, names } = context;
  const detail = serverMessage("body" in error ? error.body : undefined);
  const said = detail ? ` (${detail})` : "";
  if (error instanceof AuthenticationError || error instanceof PermissionDeniedError) {
    const hint = context.apiKey ? `check ${names.apiKey}` : `no API key was sent: set ${names.apiKey}`;
    return failed("unauthorized", `LLM endpoint ${endpoint} returned ${status}${said}: ${hint}`, false, { status });
  }
  // OpenAI answers an exhausted balance with 429 too; waiting will not fix that.
  if (error instanceof RateLimitError && (error.code === "insufficient_quota" || error.type === "insufficient_quota")) {
    const message = `LLM endpoint ${endpoint} returned 429 insufficient_quota${said}: the account behind ${names.apiKey} is out of credit`;
    return failed("rate_limited", message, false, { status });
  }
  const retryAfterMs = error.headers ? parseRetryAfter(error.headers) : null;
  if (error instanceof RateLimitError) {
    const message = `LLM endpoint ${endpoint} returned 429 (rate limited)${said}: lower ${names.concurrency} or raise the provider's rate limit`;
    return failed("rate_limited", message, true, { status }, retryAfterMs);
  }
  if (error instanceof NotFoundError) {
    const message = `LLM endpoint ${endpoint} returned 404${said}: check ${names.baseUrl} (usually ends in /v1) and that ${names.model} "${model}" exists on the server`;
    return failed("bad_response", message, false, { status });
  }
  // 5xx, 409 and 408 are transient, as the SDK's own retries treat them; 408 has no class of its own.
  if (error instanceof InternalServerError || error instanceof ConflictError || status === 408) {
    const message = `LLM endpoint ${endpoint} returned ${status}${said}: the server is failing; check its logs or retry later`;
    return failed(status === 408 ? "timeout" : "server_error", message, true, { status }, retryAfterMs);
  }
  const message = `LLM endpoint ${endpoint} rejected the request with ${status}${said}: check ${names.model} "${model}" and that the server supports the request (response_format json_schema, tools)`;
  return failed("bad_response", message, false, { status });
}

function failed(
  reason: LlmErrorCode,
  message: string,
  retryable: boolean,
  details: { status?: number; cause?: unknown } = {},
  retryAfterMs: number | null = null,
): ChatAttempt {
  return { ok: false, error: llmError(reason, message, details), retryable, retryAfterMs };
}

function networkErrorCode(error: unknown): string | undefined {
  // undici reports "fetch failed" and hides the system error in `cause`.
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  if (cause && typeof cause.code === "string") return cause.code;
  const own = (error as { code?: unknown } | undefined)?.code;
  return typeof own === "string" ? own : undefined;
}

/** Error text as OpenAI (`error.message`), vLLM (`message`), Ollama (`error`) or FastAPI (`detail`) put it. */
function serverMessage(body: unknown): string {
  if (typeof body === "string") return excerpt(body);
  if (typeof body !== "object" || body === null) return "";
  const { error, message, detail } = body as Record<string, unknown>;
  const candidates = [typeof error === "object" && error !== null ? (error as Record<string, unknown>).message : error, message, detail];
  const found = candidates.find((c) => typeof c === "string" && c.trim() !== "");
  return excerpt(typeof found === "string" ? found : JSON.stringify(body));
}

function excerpt(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}
