// One chat-completions request through the `openai` SDK (URL, auth header, JSON both ways, status →
// typed error), its outcome returned as a value for the client's retry loop, and each failure put in
// words that name the setting to check. The SDK's own retries are off (maxRetries: 0): client.ts
// says why.
import OpenAI, { APIConnectionError, APIError } from "openai";
import { ChatCompletionResponse } from "./chat-completion-response";
import { llmError, type LlmError } from "./llm-error";
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

/** Sends one body; never throws, so the retry loop sees every outcome as a value. */
export type ChatEndpoint = (body: unknown, signal?: AbortSignal) => Promise<ChatAttempt>;

// Connection refused / unknown host almost always mean a wrong LLM_BASE_URL or a server that
// is not started; retrying only delays the message. Resets mid-request are worth retrying.
const CONFIGURATION_NETWORK_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_NONAME", "ERR_INVALID_URL"]);

/** The SDK keeps only `error` of an error body; vLLM (`message`) and FastAPI (`detail`) put their words elsewhere. */
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
      // The chat-completions call of `sdk.chat.completions.create` with the body as we built it: ours carry
      // fields the SDK's types do not describe (a run's extra body, tool calls echoed as the provider sent them).
      const { data, response } = await sdk
        .post<unknown>("/chat/completions", { body, signal: signal ? AbortSignal.any([signal, timer.signal]) : timer.signal })
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
  if (!parsed.success) {
    return failed(
      llmError(
        "bad_response",
        `LLM endpoint ${endpoint} returned ${status} but not an OpenAI chat completion (${excerpt(JSON.stringify(data) ?? "")}): check ${names.baseUrl} points at an OpenAI-compatible API`,
        { status },
      ),
      false,
    );
  }
  return { ok: true, response: parsed.data };
}

function notJson(endpoint: string, what: string, text: string, names: LlmSettingNames): ChatAttempt {
  return failed(
    llmError(
      "bad_response",
      `LLM endpoint ${endpoint} ${what} with a body that is not JSON (${excerpt(text)}): check ${names.baseUrl} points at an OpenAI-compatible API (usually ending in /v1)`,
    ),
    false,
  );
}

type FailureContext = ChatEndpointOptions & { endpoint: string; stopped: boolean; timedOut: boolean };

function classifyFailure(error: unknown, context: FailureContext): ChatAttempt {
  const { endpoint, names } = context;
  if (context.stopped)
    return failed(
      llmError("timeout", `the request to LLM endpoint ${endpoint} was stopped: the caller stopped waiting`, { cause: error }),
      false,
    );
  if (context.timedOut) {
    return failed(
      llmError(
        "timeout",
        `LLM endpoint ${endpoint} did not answer within ${context.timeoutMs} ms: raise ${names.timeout} or lower ${names.concurrency}`,
        { cause: error },
      ),
      true,
    );
  }
  if (error instanceof APIError && error.status !== undefined) return classifyStatus(error, error.status, context);
  // a JSON content type over a body that does not parse
  if (error instanceof SyntaxError) return notJson(endpoint, "answered", error.message, names);
  const cause = error instanceof APIConnectionError ? error.cause : error;
  const code = networkErrorCode(cause);
  return failed(
    llmError(
      "unreachable",
      `LLM endpoint ${endpoint} is unreachable (${code ?? (error instanceof Error ? error.message : String(error))}): check ${names.baseUrl} and that the server is running`,
      { cause: error },
    ),
    !(code && CONFIGURATION_NETWORK_CODES.has(code)),
  );
}

function classifyStatus(error: APIError, status: number, context: FailureContext): ChatAttempt {
  const { endpoint, model, names } = context;
  const detail = serverMessage((error as APIError & { body?: unknown }).body);
  const said = detail ? ` (${detail})` : "";
  const retryAfterMs = error.headers ? parseRetryAfter(error.headers) : null;

  if (status === 401 || status === 403) {
    const hint = context.apiKey ? `check ${names.apiKey}` : `no API key was sent: set ${names.apiKey}`;
    return failed(llmError("unauthorized", `LLM endpoint ${endpoint} returned ${status}${said}: ${hint}`, { status }), false);
  }
  if (status === 429) {
    // OpenAI answers an exhausted balance with 429 too; waiting will not fix that.
    if (error.code === "insufficient_quota" || error.type === "insufficient_quota") {
      return failed(
        llmError(
          "rate_limited",
          `LLM endpoint ${endpoint} returned 429 insufficient_quota${said}: the account behind ${names.apiKey} is out of credit`,
          { status },
        ),
        false,
      );
    }
    return failed(
      llmError(
        "rate_limited",
        `LLM endpoint ${endpoint} returned 429 (rate limited)${said}: lower ${names.concurrency} or raise the provider's rate limit`,
        { status },
      ),
      true,
      retryAfterMs,
    );
  }
  if (status === 404) {
    return failed(
      llmError(
        "bad_response",
        `LLM endpoint ${endpoint} returned 404${said}: check ${names.baseUrl} (usually ends in /v1) and that ${names.model} "${model}" exists on the server`,
        { status },
      ),
      false,
    );
  }
  // 408 and 409 are transient per OpenAI's own client; 5xx are the server's problem.
  if (status >= 500 || status === 408 || status === 409) {
    return failed(
      llmError(
        status === 408 ? "timeout" : "server_error",
        `LLM endpoint ${endpoint} returned ${status}${said}: the server is failing; check its logs or retry later`,
        { status },
      ),
      true,
      retryAfterMs,
    );
  }
  return failed(
    llmError(
      "bad_response",
      `LLM endpoint ${endpoint} rejected the request with ${status}${said}: check ${names.model} "${model}" and that the server supports the request (response_format json_schema, tools)`,
      { status },
    ),
    false,
  );
}

function failed(error: LlmError, retryable: boolean, retryAfterMs: number | null = null): ChatAttempt {
  return { ok: false, error, retryable, retryAfterMs };
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
