import type { Database } from "@/lib/db/connection";

/**
 * The sessions still holding one of our named locks (lib/db/named-lock.ts) once the server has had time to
 * close the ones whose clients are gone. A client that ends its session, or is killed, has let go from its
 * side at once, but the server's backend leaves pg_stat_activity only when it has exited, a moment later and
 * longer on a loaded machine; a session that is really kept open is still listed after `withinMs`.
 */
export async function lockSessionsLeft(db: Pick<Database, "query">, withinMs = 10_000): Promise<{ pid: number }[]> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const rows = await db.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE application_name LIKE 'crjudge lock%'");
    if (rows.length === 0 || Date.now() >= deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
