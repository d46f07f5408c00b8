// A limit on requests at once to one endpoint, shared by every run and worker that calls it, so two runs
// against one provider do not double its rate: each model call holds one of the endpoint's numbered slots,
// a named lock (lib/db/named-lock.ts: a PostgreSQL advisory lock on a connection of its own, let go the
// moment a killed worker's session closes; a set in the process on the embedded database). A call that
// finds every slot taken waits, and a task that runs out of time waiting got no answer because of the
// provider's limit: rate_limited, not judged (run-agent.ts).
import { createHash } from "node:crypto";
import type { PrismaClient } from "@/lib/db/generated/client";
import { type ReleaseLock, tryNamedLock } from "@/lib/db/named-lock";
import { llmError } from "@/lib/llm/llm-error";
import type { JudgeModel } from "./judge-model";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The endpoint's lock names: one per slot, keyed by the base URL without its trailing slash. */
export function endpointSlotNames(baseUrl: string, limit: number): string[] {
  const key = createHash("sha256").update(baseUrl.replace(/\/+$/, "")).digest("hex").slice(0, 16);
  return Array.from({ length: limit }, (_, slot) => `judge-endpoint:${key}:${slot}`);
}

async function takeSlot(prisma: PrismaClient, names: readonly string[], signal?: AbortSignal): Promise<ReleaseLock> {
  for (let round = 0; ; round++) {
    // a random first slot, so waiting callers do not all try slot 0 first
    const offset = Math.floor(Math.random() * names.length);
    for (let i = 0; i < names.length; i++) {
      const release = await tryNamedLock(prisma, names[(offset + i) % names.length]);
      if (release) return release;
    }
    if (signal?.aborted)
      throw llmError(
        "rate_limited",
        `every one of the endpoint's ${names.length} request slots stayed taken by other tasks (its limit over all runs and workers)`,
        { attempts: 0 },
      );
    await sleep(Math.min(500, 50 + 25 * round) * (0.5 + Math.random()));
  }
}

/** The model, each call holding one of the endpoint's `limit` slots. */
export function limitEndpoint(model: JudgeModel, prisma: PrismaClient, baseUrl: string, limit: number): JudgeModel {
  const names = endpointSlotNames(baseUrl, limit);
  return {
    async complete(messages, signal, limits) {
      const release = await takeSlot(prisma, names, signal);
      try {
        return await model.complete(messages, signal, limits);
      } finally {
        await release();
      }
    },
  };
}
