import { performance } from "node:perf_hooks";
import type { z } from "zod";
import { cachedCompleteJson, type LlmCache } from "@/lib/llm/cache";
import type { LlmClient } from "@/lib/llm/client";
import { isLlmError, type LlmErrorCode } from "@/lib/llm/llm-error";
import type { ScreenRequest } from "./compose-screen-requests";

// The LLM screen without storage: a fixed pool of workers pulls jobs, asks through the cache
// (so an answer is paid for once), and hands each outcome to the caller. One item's failure is
// an outcome, not an exception; only failures that every later item would share stop the run.

export type LlmScreenJob = { id: string; request: ScreenRequest };

export type LlmScreenOutcome<A> =
  | { id: string; ok: true; answer: A; cached: boolean; attempts: number }
  | { id: string; ok: false; error: { code: LlmErrorCode; message: string; attempts: number } };

export type LlmScreenStats = {
  items: number;
  decided: number;
  errors: number;
  cacheHits: number;
  /** HTTP requests sent, retries included */
  requests: number;
  tokens: number;
  elapsedMs: number;
  /** set when the run stopped early: a configuration error or the abort signal */
  stoppedBecause: string | null;
};

// A wrong key or an unreachable server fails every item the same way: stop instead of
// recording thousands of identical errors.
const RUN_STOPPING_CODES: ReadonlySet<LlmErrorCode> = new Set(["unauthorized", "unreachable"]);

export type ScreenWithLlmOptions<S extends z.ZodType> = {
  client: LlmClient;
  cache: LlmCache;
  promptVersion: string;
  schema: S;
  schemaName: string;
  /** workers pulling jobs; the client's own limiter also caps requests in flight */
  concurrency: number;
  signal?: AbortSignal;
  onOutcome: (outcome: LlmScreenOutcome<z.output<S>>) => void | Promise<void>;
};

export async function screenWithLlm<S extends z.ZodType>(
  jobs: AsyncIterable<LlmScreenJob> | Iterable<LlmScreenJob>,
  options: ScreenWithLlmOptions<S>,
): Promise<LlmScreenStats> {
  const started = performance.now();
  const stats: LlmScreenStats = {
    items: 0,
    decided: 0,
    errors: 0,
    cacheHits: 0,
    requests: 0,
    tokens: 0,
    elapsedMs: 0,
    stoppedBecause: null,
  };
  const iterator = (async function* () {
    yield* jobs;
  })();
  // One pull at a time: several workers calling next() on one async generator is safe, but a
  // plain iterator shared across awaits is simpler to reason about behind a queue.
  let pulling: Promise<unknown> = Promise.resolve();
  const nextJob = (): Promise<LlmScreenJob | null> => {
    const pull = pulling.then(async () => {
      if (stats.stoppedBecause !== null) return null;
      if (options.signal?.aborted) {
        stats.stoppedBecause = "aborted";
        return null;
      }
      const step = await iterator.next();
      return step.done ? null : step.value;
    });
    pulling = pull.catch(() => undefined);
    return pull;
  };

  async function handle(job: LlmScreenJob): Promise<void> {
    stats.items++;
    try {
      const result = await cachedCompleteJson(options.client, options.cache, {
        promptVersion: options.promptVersion,
        system: job.request.system,
        user: job.request.user,
        schema: options.schema,
        schemaName: options.schemaName,
      });
      stats.decided++;
      stats.requests += result.attempts;
      stats.tokens += result.usage.totalTokens;
      if (result.cached) stats.cacheHits++;
      await options.onOutcome({ id: job.id, ok: true, answer: result.value, cached: result.cached, attempts: result.attempts });
    } catch (error) {
      if (!isLlmError(error)) {
        stats.stoppedBecause ??= `internal error: ${error instanceof Error ? error.message : String(error)}`;
        throw error;
      }
      stats.errors++;
      stats.requests += error.details.attempts;
      if (RUN_STOPPING_CODES.has(error.details.reason) && stats.stoppedBecause === null) stats.stoppedBecause = error.message;
      await options.onOutcome({
        id: job.id,
        ok: false,
        error: { code: error.details.reason, message: error.message, attempts: error.details.attempts },
      });
    }
  }

  const workers = Array.from({ length: Math.max(1, options.concurrency) }, async () => {
    for (let job = await nextJob(); job !== null; job = await nextJob()) await handle(job);
  });
  // allSettled: a failing worker must not leave the others writing after we return.
  const settled = await Promise.allSettled(workers);
  stats.elapsedMs = performance.now() - started;
  const failure = settled.find((s): s is PromiseRejectedResult => s.status === "rejected");
  if (failure) throw failure.reason;
  return stats;
}
