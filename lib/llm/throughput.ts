import { z } from "zod";
import type { LlmClient } from "./client";

const Pong = z.object({ ok: z.boolean() });

/**
 * Fires `n` tiny structured-output requests at once (the client's own limiter paces them) and
 * returns completed requests per second of wall time. Bypasses any cache on purpose: it measures
 * the endpoint, so each call is paid for.
 */
export async function measureThroughput(client: LlmClient, n: number): Promise<number> {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`n must be a positive integer, got ${n}`);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: n }, (_, i) =>
      client.completeJson({
        system: "You are a health check. Answer with the JSON object requested.",
        // Distinct prompts so servers with prefix or response caching still do the work.
        user: `Probe ${i}: reply {"ok": true}.`,
        schema: Pong,
        schemaName: "throughput_probe",
      }),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  return n / seconds;
}
