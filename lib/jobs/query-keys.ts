// The one factory for TanStack Query keys of jobs: the progress panel and the forms that start a
// job name a cache entry the same way.
export const jobKeys = {
  all: ["jobs"] as const,
  list: (kinds: readonly string[]) => [...jobKeys.all, "list", [...kinds].sort().join(",")] as const,
  detail: (id: string) => [...jobKeys.all, id] as const,
};
