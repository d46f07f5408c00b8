import type { ReleasedPerturbationKind } from "./released-row-schema";

// dataset-format.md: `owner__repo-<pull_number>@<7-char sha>`, e.g. ManimCommunity__manim-166@7a3e1dc, where the
// sha is the PR's last commit in the timeline (its head when harvested), not the base commit (74c158c… there).
// Perturbed copies add `#perturb-<kind>` as the release does; only when one comment has two perturbations of
// a kind do they need a number of our own: `#perturb-<kind>-<n>`, n counting from 1.

export function baseInstanceId(repo: string, pullNumber: number, sha: string): string {
  return `${repo.replace("/", "__")}-${pullNumber}@${sha.slice(0, 7)}`;
}

/** The sha an instance_id carries: the last commit of the timeline (oldest first); the base commit when it has none. */
export function instanceIdSha(timelineOldestFirst: readonly { type: string; sha?: string | null }[], baseCommit: string): string {
  for (let i = timelineOldestFirst.length - 1; i >= 0; i--) {
    const e = timelineOldestFirst[i];
    if (e?.type === "commit" && e.sha) return e.sha;
  }
  return baseCommit;
}

/** ordinal: null when the comment has one perturbation of this kind (the release's form, no number) */
export function perturbedInstanceId(base: string, kind: ReleasedPerturbationKind, ordinal: number | null): string {
  return ordinal === null ? `${base}#perturb-${kind}` : `${base}#perturb-${kind}-${ordinal}`;
}
