// A secondary rate limit holds the token, not one process: GitHub counts every request made with it. The
// crawler's processes sharing a database (workers on PostgreSQL, or runs one after another) share the
// wait through a Setting row keyed by the token's fingerprint, so after one of them is told to wait,
// none sends until the wait is over (#30). The row holds the end of the wait; reading it costs one
// indexed lookup per GitHub request.
import { createHash } from "node:crypto";
import { z } from "zod";
import type { PrismaClient } from "@/lib/db/generated/client";

export interface SharedPause {
  /** when the token may be used again (epoch ms); 0 or a past time when it may now */
  until(): Promise<number>;
  /** makes every process using the token wait until `until` (kept when a later wait is already set) */
  hold(until: number, reason: string): Promise<void>;
}

const PauseValue = z.object({ until: z.string().datetime(), reason: z.string() });

export const pauseKeyOf = (token: string | undefined) =>
  `github-pause:${createHash("sha256")
    .update(token ?? "(no token)")
    .digest("hex")
    .slice(0, 16)}`;

export function databasePause(prisma: PrismaClient, token: string | undefined): SharedPause {
  const key = pauseKeyOf(token);
  const read = async () => {
    const row = await prisma.setting.findUnique({ where: { key } });
    const parsed = PauseValue.safeParse(row?.value);
    return parsed.success ? Date.parse(parsed.data.until) : 0;
  };
  return {
    until: read,
    async hold(until, reason) {
      if ((await read()) >= until) return;
      const value = { until: new Date(until).toISOString(), reason };
      await prisma.setting.upsert({ where: { key }, create: { key, value }, update: { value } });
    },
  };
}
