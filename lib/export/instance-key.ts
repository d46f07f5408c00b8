import type { ReleasedPerturbationKind } from "./released-row-schema";

// dataset-format.md: `owner__repo-<pull_number>@<7-char base sha>`, e.g. ManimCommunity__manim-166@7a3e1dc;
// perturbed copies add a `#perturb-…` suffix (ours: `#perturb-<kind>-<n>`, n counting from 1).

export function baseInstanceId(repo: string, pullNumber: number, baseSha: string): string {
  return `${repo.replace("/", "__")}-${pullNumber}@${baseSha.slice(0, 7)}`;
}

export function perturbedInstanceId(base: string, kind: ReleasedPerturbationKind, ordinal: number): string {
  return `${base}#perturb-${kind}-${ordinal}`;
}
