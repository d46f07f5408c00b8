import { appendFileSync } from "node:fs";
import { type PendingRequest, type Recording, requestKey } from "./recorded-answers";
import { type FakeOpenAiServer, startFakeOpenAiServer } from "./testing/fake-openai-server";

// A local OpenAI-compatible server that replays recorded answers keyed by request (issue #42 item 8).
// It speaks the chat-completions wire format (the same server the client's tests use), so the product's
// real client and checks run unchanged. A request with no recorded answer is answered 404 with its key,
// never with a guess, and is kept (and appended to `pendingFile`) so it can be answered and recorded.

export type ReplayServer = {
  url: string;
  model: string;
  /** Requests that had no recorded answer, in arrival order (each key once). */
  misses: PendingRequest[];
  /** How many requests were answered from the recording. */
  readonly hits: number;
  close(): Promise<void>;
};

export async function startReplayServer(
  recording: Recording,
  options: { pendingFile?: string; labelOf?: (messages: PendingRequest["messages"]) => string } = {},
): Promise<ReplayServer> {
  const answers = new Map(recording.answers.map((a) => [a.key, a.content]));
  const misses: PendingRequest[] = [];
  const missed = new Set<string>();
  let hits = 0;
  const server: FakeOpenAiServer = await startFakeOpenAiServer({
    models: [recording.model],
    checkModel: true,
    respond: (request) => {
      const messages = (request.body?.messages ?? []).map((m) => ({ role: m.role, content: m.content }));
      const key = requestKey(request.body?.model ?? "", messages);
      const content = answers.get(key);
      if (content !== undefined) {
        hits++;
        return { content, model: recording.model };
      }
      if (!missed.has(key)) {
        missed.add(key);
        const pending = { key, label: options.labelOf?.(messages) ?? "", model: request.body?.model ?? "", messages };
        misses.push(pending);
        if (options.pendingFile) appendFileSync(options.pendingFile, `${JSON.stringify(pending)}\n`);
      }
      return {
        status: 404,
        body: {
          error: {
            message: `No recorded answer of ${recording.model} for request ${key} (recorded as pending; answer it and add it to the recording).`,
            type: "invalid_request_error",
            code: "no_recorded_answer",
          },
        },
      };
    },
  });
  return {
    url: server.url,
    model: recording.model,
    misses,
    get hits() {
      return hits;
    },
    close: () => server.close(),
  };
}
