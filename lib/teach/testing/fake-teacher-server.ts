// A local server speaking both of OpenAI's wire formats the teacher uses, POST /v1/responses and
// POST /v1/chat/completions, so the teacher and reviewer calls go through the real SDK over a socket.
// Whoever answers (teacher or reviewer) is told by the instructions, as a provider would see them; the
// answer comes from a policy given the decoded payload. Every request is recorded.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeRole = "teacher" | "reviewer";

export interface FakeTeacherRequest {
  api: "responses" | "chat";
  role: FakeRole;
  instructions: string;
  /** the decoded input string */
  payload: Record<string, unknown>;
  body: Record<string, unknown>;
}

/** The model's answer: an object sent as JSON text, raw text, or an HTTP error. */
export type FakeTeacherAnswer = { json: unknown } | { text: string } | { status: number; message: string };

export interface FakeTeacherServer {
  url: string;
  requests: FakeTeacherRequest[];
  close(): Promise<void>;
}

export async function startFakeTeacherServer(
  policy: (request: FakeTeacherRequest, index: number) => FakeTeacherAnswer | Promise<FakeTeacherAnswer>,
): Promise<FakeTeacherServer> {
  const requests: FakeTeacherRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      try {
        const path = (req.url ?? "").split("?")[0];
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
        let api: "responses" | "chat";
        let instructions: string;
        let input: string;
        if (req.method === "POST" && path === "/v1/responses") {
          api = "responses";
          instructions = String(body.instructions ?? "");
          input = String(body.input ?? "");
        } else if (req.method === "POST" && path === "/v1/chat/completions") {
          api = "chat";
          const messages = body.messages as { role: string; content: string }[];
          instructions = messages.find((m) => m.role === "system")?.content ?? "";
          input = messages.find((m) => m.role === "user")?.content ?? "";
        } else return send(404, { error: { message: `Unknown route ${req.method} ${path}`, type: "invalid_request_error" } });
        const role: FakeRole = instructions.startsWith("Independently audit") ? "reviewer" : "teacher";
        const request = { api, role, instructions, payload: JSON.parse(input) as Record<string, unknown>, body };
        requests.push(request);
        const answer = await policy(request, requests.length - 1);
        if ("status" in answer) return send(answer.status, { error: { message: answer.message, type: "server_error" } });
        const text = "json" in answer ? JSON.stringify(answer.json) : answer.text;
        const inputTokens = Math.ceil((instructions.length + input.length) / 4);
        const outputTokens = Math.ceil(text.length / 4);
        const model = String(body.model ?? "fake-teacher");
        if (api === "responses")
          return send(200, {
            id: `resp_fake_${requests.length}`,
            object: "response",
            created_at: Math.floor(Date.now() / 1000),
            status: "completed",
            model,
            output: [
              {
                type: "message",
                id: `msg_fake_${requests.length}`,
                status: "completed",
                role: "assistant",
                content: [{ type: "output_text", text, annotations: [] }],
              },
            ],
            usage: {
              input_tokens: inputTokens,
              output_tokens: outputTokens,
              total_tokens: inputTokens + outputTokens,
              input_tokens_details: { cached_tokens: 0 },
              output_tokens_details: { reasoning_tokens: 0 },
            },
          });
        return send(200, {
          id: `chatcmpl-fake-${requests.length}`,
          object: "chat.completion",
          created: Math.floor(Date.now() / 1000),
          model,
          choices: [{ index: 0, message: { role: "assistant", content: text, refusal: null }, finish_reason: "stop", logprobs: null }],
          usage: { prompt_tokens: inputTokens, completion_tokens: outputTokens, total_tokens: inputTokens + outputTokens },
        });
      } catch (e) {
        send(500, { error: { message: String(e), type: "server_error" } });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((e) => (e ? reject(e) : resolve()));
        server.closeAllConnections();
      }),
  };
}
