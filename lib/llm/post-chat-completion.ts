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

export type PostChatCompletionOptions = {
  endpoint: string;
  apiKey?: string;
  model: string;
  body: unknown;
  timeoutMs: number;
  fetch: typeof fetch;
  names?: LlmSettingNames;
  /** the caller stops waiting (a cancelled run, a task out of time): the request is aborted */
  signal?: AbortSignal;
};

// Connection refused / unknown host almost always mean a wrong LLM_BASE_URL or a server that
// is not started; retrying only delays the message. Resets mid-request are worth retrying.
const CONFIGURATION_NETWORK_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_NONAME", "ERR_INVALID_URL"]);

/** One HTTP request; never throws, so the retry loop sees every outcome as a value. */
export async function postChatCompletion(options: PostChatCompletionOptions): Promise<ChatAttempt> {
  const { endpoint, timeoutMs } = options;
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;

  // The timer covers the body as well as the headers: a server that sends headers and then
  // stalls (a loaded vLLM replica does) must still time out.
  const names = options.names ?? LLM_SETTING_NAMES;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const stop = () => controller.abort();
  options.signal?.addEventListener("abort", stop, { once: true });
  let status: number;
  let responseHeaders: Headers;
  let text: string;
  try {
    const response = await options.fetch(endpoint, {
      method: "POST",
      headers,
      body: JSON.stringify(options.body),
      signal: controller.signal,
    });
    status = response.status;
    responseHeaders = response.headers;
    text = await response.text();
  } catch (error) {
    if (options.signal?.aborted)
      return failed(
        llmError("timeout", `the request to LLM endpoint ${endpoint} was stopped: the caller stopped waiting`, { cause: error }),
        false,
      );
    if (controller.signal.aborted) {
      return failed(
        llmError(
          "timeout",
          `LLM endpoint ${endpoint} did not answer within ${timeoutMs} ms: raise ${names.timeout} or lower ${names.concurrency}`,
          { cause: error },
        ),
        true,
      );
    }
    const code = networkErrorCode(error);
    return failed(
      llmError(
        "unreachable",
        `LLM endpoint ${endpoint} is unreachable (${code ?? (error as Error).message}): check ${names.baseUrl} and that the server is running`,
        { cause: error },
      ),
      !(code && CONFIGURATION_NETWORK_CODES.has(code)),
    );
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", stop);
  }

  if (status >= 200 && status < 300) return parseSuccess(endpoint, status, text, names);
  return classifyFailure(options, status, responseHeaders, text);
}

function parseSuccess(endpoint: string, status: number, text: string, names: LlmSettingNames): ChatAttempt {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return failed(
      llmError(
        "bad_response",
        `LLM endpoint ${endpoint} returned ${status} with a body that is not JSON (${excerpt(text)}): check ${names.baseUrl} points at an OpenAI-compatible API (usually ending in /v1)`,
        { status },
      ),
      false,
    );
  }
  const parsed = ChatCompletionResponse.safeParse(json);
  if (!parsed.success) {
    return failed(
      llmError(
        "bad_response",
        `LLM endpoint ${endpoint} returned ${status} but not an OpenAI chat completion (${excerpt(text)}): check ${names.baseUrl} points at an OpenAI-compatible API`,
        { status },
      ),
      false,
    );
  }
  return { ok: true, response: parsed.data };
}

function classifyFailure(options: PostChatCompletionOptions, status: number, headers: Headers, text: string): ChatAttempt {
  const { endpoint, model } = options;
  const names = options.names ?? LLM_SETTING_NAMES;
  const detail = serverMessage(text);
  const said = detail ? ` (${detail})` : "";
  const retryAfterMs = parseRetryAfter(headers);

  if (status === 401 || status === 403) {
    const hint = options.apiKey ? `check ${names.apiKey}` : `no API key was sent: set ${names.apiKey}`;
    return failed(llmError("unauthorized", `LLM endpoint ${endpoint} returned ${status}${said}: ${hint}`, { status }), false);
  }
  if (status === 429) {
    // OpenAI answers an exhausted balance with 429 too; waiting will not fix that.
    if (/insufficient_quota/.test(text)) {
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
function serverMessage(text: string): string {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    const error = body.error;
    const candidates = [
      typeof error === "object" && error !== null ? (error as Record<string, unknown>).message : error,
      body.message,
      body.detail,
    ];
    const found = candidates.find((c) => typeof c === "string" && c.trim() !== "");
    if (typeof found === "string") return excerpt(found);
  } catch {
    // not JSON: fall through to the raw text
  }
  return excerpt(text);
}

function excerpt(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}
