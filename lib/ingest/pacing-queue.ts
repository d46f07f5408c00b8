// A stand-in for the Bottleneck groups @octokit/plugin-throttling schedules GraphQL and search requests
// through (it only calls `group.key(id).schedule(options, fn)`). The plugin's own groups live at module
// level with fixed spacing (GraphQL 1 s, search 2 s); passing ours keeps GitHub's spacing in production
// and lets tests and the benchmark choose it.

export interface PacingGroup {
  key(id: string): { schedule<T>(options: unknown, fn: () => T | Promise<T>): Promise<T> };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function pacingGroup(intervalMs: number): PacingGroup {
  const nextStart = new Map<string, number>();
  return {
    key: (id) => ({
      async schedule(_options, fn) {
        const now = Date.now();
        const start = Math.max(now, nextStart.get(id) ?? 0);
        nextStart.set(id, start + intervalMs);
        if (start > now) await sleep(start - now);
        return fn();
      },
    }),
  };
}
