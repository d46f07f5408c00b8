// A real HTTP server speaking the OpenAI chat-completions wire format, so client tests exercise
// sockets, headers, timeouts and status codes exactly as they happen against vLLM or OpenAI.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type RecordedRequest = {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  /** Parsed JSON body (undefined for GET). */
  body: FakeChatRequestBody | undefined;
  /** Requests being served when this one arrived, itself included. */
  inFlightOnArrival: number;
  receivedAt: number;
};

export type FakeToolCall = { id: string; type: "function"; function: { name: string; arguments: string } };

export type FakeChatMessage = { role: string; content: string | null; tool_calls?: FakeToolCall[]; tool_call_id?: string };

export type FakeChatRequestBody = {
  model?: string;
  messages?: FakeChatMessage[];
  tools?: unknown[];
  temperature?: number;
  response_format?: { type: string; json_schema?: { name: string; schema: Record<string, unknown>; strict?: boolean } };
};

export type FakeReply = {
  /** HTTP status; 200 when omitted. */
  status?: number;
  /** Raw `choices[0].message.content`. */
  content?: string;
  /** `choices[0].message.tool_calls` (an agent's turn); content is then null unless given */
  toolCalls?: FakeToolCall[];
  /** Shorthand for `content: JSON.stringify(json)`. */
  json?: unknown;
  /** Replaces the whole response body (a string is sent verbatim); for error bodies. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Wait this long before answering (to trip client timeouts or overlap requests). */
  delayMs?: number;
  model?: string;
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
};

export type Responder = (request: RecordedRequest, index: number) => FakeReply | Promise<FakeReply>;

export type FakeOpenAiServerOptions = {
  /** When set, any other Authorization header gets OpenAI's 401. */
  apiKey?: string;
  /** Replies served in order, one per chat request. */
  script?: FakeReply[];
  /** Used once the script is exhausted; without it an exhausted script answers 500. */
  respond?: Responder;
  models?: string[];
  /** chat requests naming a model not in `models` get OpenAI's 404 model_not_found (off by default) */
  checkModel?: boolean;
  /** refuses requests with tools as vLLM does when started without a tool-call parser */
  noToolSupport?: boolean;
};

export type FakeOpenAiServer = {
  /** Base URL including /v1, ready for `createLlmClient({ baseUrl })`. */
  url: string;
  requests: RecordedRequest[];
  readonly maxConcurrent: number;
  readonly inFlight: number;
  enqueue(...replies: FakeReply[]): void;
  close(): Promise<void>;
};

export const fakeReply = {
  json: (value: unknown, extra: Partial<FakeReply> = {}): FakeReply => ({ json: value, ...extra }),
  content: (content: string, extra: Partial<FakeReply> = {}): FakeReply => ({ content, ...extra }),
  fencedJson: (value: unknown): FakeReply => ({
    content: `Here is my assessment:\n\n\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\`\n`,
  }),
  rateLimited: (retryAfter: string): FakeReply => ({
    status: 429,
    headers: { "retry-after": retryAfter },
    body: { error: { message: "Rate limit reached for requests", type: "requests", code: "rate_limit_exceeded" } },
  }),
  serverError: (status = 500): FakeReply => ({
    status,
    body:
      status === 502
        ? "<html><body>502 Bad Gateway</body></html>"
        : { error: { message: "The server had an error while processing your request.", type: "server_error" } },
  }),
  slow: (delayMs: number, reply: FakeReply): FakeReply => ({ ...reply, delayMs }),
};

export async function startFakeOpenAiServer(options: FakeOpenAiServerOptions = {}): Promise<FakeOpenAiServer> {
  const queue = [...(options.script ?? [])];
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let inFlight = 0;
  let maxConcurrent = 0;
  let chatCount = 0;

  const server = createServer((req, res) => {
    inFlight++;
    maxConcurrent = Math.max(maxConcurrent, inFlight);
    const arrival = inFlight;
    // 'close' fires both when the response finishes and when the client aborts.
    res.on("close", () => inFlight--);
    readBody(req)
      .then((raw) => handle(req, res, raw, arrival))
      .catch((error: unknown) => send(res, 500, { error: { message: String(error), type: "server_error" } }));
  });

  async function handle(req: IncomingMessage, res: ServerResponse, raw: string, arrival: number) {
    const path = (req.url ?? "/").split("?")[0];
    let body: FakeChatRequestBody | undefined;
    if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        return send(res, 400, { error: { message: "We could not parse the JSON body of your request.", type: "invalid_request_error" } });
      }
    }
    const recorded: RecordedRequest = {
      method: req.method ?? "GET",
      path,
      headers: req.headers,
      body,
      inFlightOnArrival: arrival,
      receivedAt: Date.now(),
    };
    requests.push(recorded);

    if (options.apiKey !== undefined && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      return send(res, 401, {
        error: { message: "Incorrect API key provided.", type: "invalid_request_error", code: "invalid_api_key" },
      });
    }
    if (req.method === "GET" && path === "/v1/models") {
      const ids = options.models ?? ["fake-model"];
      return send(res, 200, { object: "list", data: ids.map((id) => ({ id, object: "model", created: 0, owned_by: "fake" })) });
    }
    if (req.method !== "POST" || path !== "/v1/chat/completions") {
      return send(res, 404, { error: { message: `Unknown route ${req.method} ${path}`, type: "invalid_request_error" } });
    }

    if (options.checkModel && !(options.models ?? ["fake-model"]).includes(body?.model ?? "")) {
      return send(res, 404, {
        error: {
          message: `The model \`${body?.model ?? ""}\` does not exist or you do not have access to it.`,
          type: "invalid_request_error",
          code: "model_not_found",
        },
      });
    }
    if (options.noToolSupport && body?.tools?.length) {
      return send(res, 400, {
        object: "error",
        message: '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set',
        type: "BadRequestError",
        param: null,
        code: 400,
      });
    }
    const historyProblem = toolHistoryProblem(body?.messages ?? []);
    if (historyProblem) return send(res, 400, { error: { message: historyProblem, type: "invalid_request_error", param: "messages" } });

    const index = chatCount++;
    const reply = queue.shift() ?? (options.respond ? await options.respond(recorded, index) : exhausted(index));
    if (reply.delayMs) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, reply.delayMs);
        timers.add(timer);
        res.on("close", () => {
          clearTimeout(timer);
          timers.delete(timer);
          resolve();
        });
      });
      if (res.destroyed) return;
    }
    const status = reply.status ?? 200;
    if (reply.body !== undefined || status !== 200) {
      return send(res, status, reply.body ?? { error: { message: `status ${status}`, type: "server_error" } }, reply.headers);
    }
    const content = reply.toolCalls ? (reply.content ?? null) : (reply.content ?? JSON.stringify(reply.json ?? {}));
    const promptTokens = Math.ceil(raw.length / 4);
    const completionTokens = Math.ceil(((content ?? "").length + JSON.stringify(reply.toolCalls ?? "").length) / 4);
    send(
      res,
      200,
      {
        id: `chatcmpl-fake-${index}`,
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model: reply.model ?? body?.model ?? "fake-model",
        choices: [
          {
            index: 0,
            message: { role: "assistant", content, ...(reply.toolCalls ? { tool_calls: reply.toolCalls } : {}) },
            logprobs: null,
            finish_reason: reply.toolCalls ? "tool_calls" : "stop",
          },
        ],
        usage: reply.usage ?? {
          prompt_tokens: promptTokens,
          completion_tokens: completionTokens,
          total_tokens: promptTokens + completionTokens,
        },
      },
      reply.headers,
    );
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    get maxConcurrent() {
      return maxConcurrent;
    },
    get inFlight() {
      return inFlight;
    },
    enqueue: (...replies) => void queue.push(...replies),
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer);
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function exhausted(index: number): FakeReply {
  return { status: 500, body: { error: { message: `fake server script exhausted at chat request #${index}`, type: "server_error" } } };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  if (res.destroyed || res.headersSent) return;
  const text = typeof body === "string" ? body : JSON.stringify(body);
  const type = typeof body === "string" ? "text/html" : "application/json";
  res.writeHead(status, { "content-type": type, ...headers });
  res.end(text);
}

/** OpenAI's rule: an assistant message with tool_calls is followed by one tool message per call id. */
function toolHistoryProblem(messages: FakeChatMessage[]): string | null {
  for (let i = 0; i < messages.length; i++) {
    const calls = messages[i].tool_calls ?? [];
    if (messages[i].role !== "assistant" || calls.length === 0) continue;
    const answered = new Set<string>();
    let j = i + 1;
    for (; j < messages.length && messages[j].role === "tool"; j++) answered.add(messages[j].tool_call_id ?? "");
    const missing = calls.filter((c) => !answered.has(c.id)).map((c) => c.id);
    if (missing.length)
      return `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${missing.join(", ")}`;
  }
  return null;
}
