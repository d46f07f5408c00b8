// Released-format patches for a batch of PRs from the repository's mirror. The PR heads are fetched once
// per repository and run; a head or base the mirror lacks (PR pushed after the fetch, base branch
// rewritten) triggers one refetch, then a fetch of the commits by id, then a per-PR error.
import { formatReleasedPatch } from "@/lib/patch/format-released-patch";
import { formatGitPatch } from "@/lib/patch/git-patch";
import type { FetchableMirror } from "@/lib/repo/fetch-mirror";
import type { PatchFacts } from "./store-pull-requests";

export interface PatchRequest {
  number: number;
  base: string;
  head: string;
}

/** A PR's patch and the files it had to leave out (named with why). */
export type ComputedPatch = PatchFacts & { omitted: { path: string; reason: string }[] };

export interface MirrorState {
  mirror: FetchableMirror;
  /** whether this run already fetched the PR heads */
  fetched: boolean;
}

export async function computePatches(
  state: MirrorState,
  requests: PatchRequest[],
  concurrency = 4,
): Promise<Map<number, ComputedPatch | { error: string }>> {
  const shas = [...new Set(requests.flatMap((r) => [r.base, r.head]))];
  if (!state.fetched) {
    await state.mirror.fetchPullRequestHeads();
    state.fetched = true;
  }
  let missing = await state.mirror.missing(shas);
  if (missing.length) {
    await state.mirror.fetchPullRequestHeads();
    missing = await state.mirror.missing(missing);
  }
  if (missing.length) {
    await state.mirror.fetchCommits(missing).catch(() => undefined);
    missing = await state.mirror.missing(missing);
  }
  const absent = new Set(missing);
  const out = new Map<number, ComputedPatch | { error: string }>();
  const ready: PatchRequest[] = [];
  for (const r of requests) {
    const gone = [r.base, r.head].filter((s) => absent.has(s));
    if (gone.length) out.set(r.number, { error: `commit ${gone.join(", ")} is not in the repository (force-pushed or deleted)` });
    else ready.push(r);
  }
  const chunk = Math.ceil(ready.length / Math.max(1, concurrency));
  const chunks = Array.from({ length: Math.ceil(ready.length / Math.max(1, chunk)) }, (_, i) => ready.slice(i * chunk, (i + 1) * chunk));
  const diffs = await Promise.all(chunks.map((c) => state.mirror.diffMany(c.map((r) => ({ key: r.number, base: r.base, head: r.head })))));
  for (const r of ready) {
    const diff = diffs.find((d) => d.has(r.number))?.get(r.number);
    if (diff === undefined) out.set(r.number, { error: "git produced no diff" });
    else if (typeof diff !== "string") out.set(r.number, diff);
    else {
      const { patch, filesEdited, linesEdited, omitted } = formatReleasedPatch(diff);
      out.set(r.number, { patch, gitPatch: formatGitPatch(diff), filesEdited, linesEdited, omitted });
    }
  }
  return out;
}
