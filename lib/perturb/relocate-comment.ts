import type { InlineAnchor, LocationCandidate, PerturbationResult } from "./candidate-schema";
import { hunkKey } from "./hunk-key";

function extensionOf(path: string): string {
  const base = path.slice(path.lastIndexOf("/") + 1);
  return base.includes(".") ? base.slice(base.lastIndexOf(".") + 1) : "";
}

function isInline(anchor: InlineAnchor): boolean {
  return anchor.path.trim() !== "" && anchor.diffHunk.trim() !== "";
}

/**
 * Moves a comment onto the file path + diff hunk of another inline comment in the same PR
 * (paper §2, location perturbation: same text, both path and hunk replaced). A different file
 * is preferred, then a different hunk of the same file; same-hunk moves are never offered,
 * since the comment may well still apply a few lines away. Within each tier a file with the
 * same extension ranks first: the move is harder to spot.
 */
export type LocationOptions = {
  /** The patch the instance is judged against; a move must land on code present in it. */
  patch?: string;
};

export function locationCandidates(target: InlineAnchor, others: readonly InlineAnchor[], _options: LocationOptions = {}): PerturbationResult<LocationCandidate> {
  if (!isInline(target)) {
    return { candidates: [], reason: "The target is not an inline comment (no file path or diff hunk), so it has no location to move." };
  }
  const inline = others.filter((o) => o.id !== target.id && isInline(o));
  if (inline.length === 0) {
    return { candidates: [], reason: "The pull request has no other inline review comment whose location could be borrowed." };
  }
  const targetHunk = hunkKey(target);
  const seen = new Set<string>();
  const candidates: LocationCandidate[] = [];
  inline.forEach((other, order) => {
    const key = hunkKey(other);
    if (key === targetHunk || seen.has(`${other.path}\u0000${other.diffHunk}`)) return;
    seen.add(`${other.path}\u0000${other.diffHunk}`);
    const sameFile = other.path === target.path;
    const sameExtension = extensionOf(other.path) === extensionOf(target.path);
    const score = (sameFile ? 50 : 100) + (!sameFile && sameExtension ? 10 : 0) - Math.min(9, order * 0.1);
    candidates.push({
      id: other.id,
      path: other.path,
      diffHunk: other.diffHunk,
      sameFile,
      score: Math.round(score * 10) / 10,
      rationale: sameFile
        ? `Moves the comment to another hunk of ${other.path} (from comment ${other.id}).`
        : `Moves the comment from ${target.path} to ${other.path}${sameExtension ? " (same file type)" : ""} (from comment ${other.id}).`,
    });
  });
  if (candidates.length === 0) {
    return { candidates, reason: "Every other inline comment sits on the same hunk of the same file, so moving there would not change the location." };
  }
  return { candidates: candidates.sort((a, b) => b.score - a.score) };
}
