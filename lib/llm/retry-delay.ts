import type { Random } from "@/lib/random/seeded";

/**
 * Delay the server asked for, in ms, or null when it did not say.
 * `Retry-After` is delta-seconds or an HTTP date (RFC 9110 §10.2.3); fractional seconds are
 * accepted because some proxies send them. OpenAI also sends a non-standard `retry-after-ms`,
 * which is more precise, so it wins when present.
 */
export function parseRetryAfter(headers: Headers, nowMs: number = Date.now()): number | null {
  const ms = headers.get("retry-after-ms");
  if (ms !== null && ms.trim() !== "" && Number.isFinite(Number(ms)) && Number(ms) >= 0) {
    return Number(ms);
  }
  const value = headers.get("retry-after")?.trim();
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - nowMs);
}

export type BackoffPolicy = { baseMs: number; maxMs: number };

/**
 * Exponential backoff with "equal jitter": half the window is fixed, half random, so clients
 * that failed together do not retry together, yet every wait is at least half the nominal one.
 * `retryIndex` is 0 for the first retry.
 */
export function backoffDelayMs(retryIndex: number, policy: BackoffPolicy, random: Random): number {
  const window = Math.min(policy.maxMs, policy.baseMs * 2 ** retryIndex);
  return window / 2 + random() * (window / 2);
}
