import type { PrismaClient } from "@/lib/db/generated/client";
import type { LlmCache } from "./cache";

/**
 * LlmCache over the LlmCacheEntry table, so answers survive restarts and are shared by the UI,
 * the CLI and every worker on the same database: nothing is paid for twice.
 */
export function createDbLlmCache(prisma: PrismaClient): LlmCache {
  return {
    async get(key) {
      const row = await prisma.llmCacheEntry.findUnique({ where: { key }, select: { value: true } });
      return row?.value ?? null;
    },
    async set(key, value) {
      // Two workers may answer the same key at once (different processes); the last write wins,
      // and both answers are valid for that key.
      await prisma.llmCacheEntry.upsert({ where: { key }, create: { key, value }, update: { value } });
    },
  };
}
