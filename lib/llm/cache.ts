import { createHash } from "node:crypto";
import { z } from "zod";
import { LlmUsage, zeroUsage } from "./chat-completion-response";
import type { CompleteJsonRequest, LlmClient, LlmResult } from "./client";

/** Storage for answers already paid for; the database-backed one lives with the db layer. */
export interface LlmCache {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
}

/** Process-local cache for tests and one-off CLI runs. */
export function createMemoryLlmCache(): LlmCache & { readonly size: number } {
  const entries = new Map<string, string>();
  return {
    get: async (key) => entries.get(key) ?? null,
    set: async (key, value) => void entries.set(key, value),
    get size() {
      return entries.size;
    },
  };
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** Everything that shapes the answer besides the model and prompt version. */
export function hashLlmInput(request: CompleteJsonRequest<z.ZodType>): string {
  return sha256(
    JSON.stringify([
      request.system,
      request.user,
      request.schemaName,
      z.toJSONSchema(request.schema),
      request.temperature ?? 0,
      request.maxTokens ?? null,
    ]),
  );
}

/**
 * sha256 over (promptVersion, model, input hash). Bumping `promptVersion` when a prompt's wording
 * changes invalidates old answers even if the rendered text happens to collide.
 */
export function llmCacheKey(parts: { promptVersion: string; model: string; inputHash: string }): string {
  // A JSON array, not concatenation, so ("a|b","c") and ("a","b|c") cannot share a key.
  return sha256(JSON.stringify([parts.promptVersion, parts.model, parts.inputHash]));
}

const CachedAnswer = z.object({ value: z.unknown(), model: z.string(), usage: LlmUsage });

export type CachedCompleteJsonRequest<S extends z.ZodType> = CompleteJsonRequest<S> & { promptVersion: string };

// Identical calls already on the wire, per cache, so a burst of duplicates pays once.
const inFlightByCache = new WeakMap<LlmCache, Map<string, Promise<LlmResult<unknown>>>>();

/**
 * `client.completeJson` that asks the cache first. A hit returns `cached: true`, `attempts: 0`
 * and zero usage (nothing was paid for this call). A stored answer that no longer satisfies the
 * schema (schema changed without a promptVersion bump) is treated as a miss and overwritten.
 */
export async function cachedCompleteJson<S extends z.ZodType>(
  client: LlmClient,
  cache: LlmCache,
  request: CachedCompleteJsonRequest<S>,
): Promise<LlmResult<z.output<S>>> {
  const { promptVersion, ...completion } = request;
  const key = llmCacheKey({ promptVersion, model: client.model, inputHash: hashLlmInput(completion) });

  let inFlight = inFlightByCache.get(cache);
  if (!inFlight) {
    inFlight = new Map();
    inFlightByCache.set(cache, inFlight);
  }
  const pending = inFlight.get(key);
  if (pending) return asHit((await pending) as LlmResult<z.output<S>>);

  const work = (async () => {
    const hit = readCached(await cache.get(key), request.schema);
    if (hit) return hit;
    const result = await client.completeJson(completion);
    await cache.set(key, JSON.stringify({ value: result.value, model: result.model, usage: result.usage }));
    return result;
  })();
  inFlight.set(key, work);
  try {
    return await work;
  } finally {
    inFlight.delete(key);
  }
}

function readCached<S extends z.ZodType>(stored: string | null, schema: S): LlmResult<z.output<S>> | null {
  if (stored === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(stored);
  } catch {
    return null;
  }
  const entry = CachedAnswer.safeParse(json);
  if (!entry.success) return null;
  const value = schema.safeParse(entry.data.value);
  if (!value.success) return null;
  return asHit({ value: value.data, model: entry.data.model, usage: entry.data.usage, attempts: 0, cached: false });
}

function asHit<T>(result: LlmResult<T>): LlmResult<T> {
  return { ...result, usage: zeroUsage, attempts: 0, cached: true };
}
