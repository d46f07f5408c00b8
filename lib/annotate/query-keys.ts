// The one factory for TanStack Query keys of the annotation stage: pages, hydration and
// mutations all name a cache entry the same way.
import type { RepoVersion } from "@/lib/repo/patched-view";

export const instanceKeys = {
  all: ["instances"] as const,
  detail: (id: string) => [...instanceKeys.all, id] as const,
  ownLabel: (id: string) => [...instanceKeys.detail(id), "own-label"] as const,
  timeline: (id: string) => [...instanceKeys.detail(id), "timeline"] as const,
  repoTree: (id: string, version: RepoVersion) => [...instanceKeys.detail(id), "repo", version, "tree"] as const,
  repoFile: (id: string, version: RepoVersion, path: string) => [...instanceKeys.detail(id), "repo", version, "file", path] as const,
  repoSearch: (id: string, version: RepoVersion, query: string, ignoreCase: boolean) =>
    [...instanceKeys.detail(id), "repo", version, "search", query, ignoreCase] as const,
};
