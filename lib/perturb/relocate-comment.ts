import type { InlineAnchor, LocationCandidate, PerturbationResult } from "./candidate-schema";
import { hunkKey } from "./hunk-key";
import { commentedLine, linesByFile } from "./patch-lines";

function extensionOf(path: string): string {
  const base = path.slice(path.lastIndexOf("/") + 1);
  return base.includes(".") ? base.slice(base.lastIndexOf(".") + 1) : "";
}

function isInline(anchor: InlineAnchor): boolean {
  return anchor.path.trim() !== "" && anchor.diffHunk.trim() !== "";
}

/** A hunk header without the function context GitHub appends: "@@ -10,6 +10,9 @@". */
function headerOf(line: string): string {
  return line.replace(/^(@@[^@]*@@).*$/, "$1");
}

/** Same file and the same commented line: an older comment on this spot from an earlier push. */
function samePlace(a: InlineAnchor, b: InlineAnchor): boolean {
  const line = commentedLine(a.diffHunk);
  return a.path === b.path && line !== undefined && line === commentedLine(b.diffHunk);
}

/**
 * Moves a comment onto the file path + diff hunk of another inline comment in the same PR
 * (paper §2, location perturbation: same text, both path and hunk replaced). Only a different
 * place by content counts: the same hunk, or the same commented line under another push's hunk
 * header, is never offered, since the comment may well still apply there. With the patch the
 * instance is judged against, the commented line must be in it, so the move lands on code the
 * judge can see (a comment on a file the final patch no longer touches is skipped).
 *
 * Ranking score: 100 for another file, 50 for another hunk of the same file; +10 when the other
 * file has the same extension (the move is harder to spot); +5 when the sibling's hunk header is
 * in the judged patch (its current push); minus 0.1 per sibling before it. Siblings on one place
 * (same file and line, different pushes) count once, with the best-scored hunk.
 */
export type LocationOptions = {
  /** The patch the instance is judged against; a move must land on code present in it. */
  patch?: string;
};

export function locationCandidates(
  target: InlineAnchor,
  others: readonly InlineAnchor[],
  options: LocationOptions = {},
): PerturbationResult<LocationCandidate> {
  if (!isInline(target)) {
    return { candidates: [], reason: "The target is not an inline comment (no file path or diff hunk), so it has no location to move." };
  }
  const inline = others.filter((o) => o.id !== target.id && isInline(o));
  if (inline.length === 0) {
    return { candidates: [], reason: "The pull request has no other inline review comment whose location could be borrowed." };
  }
  const targetHunk = hunkKey(target);
  const code = options.patch ? linesByFile(options.patch) : undefined;
  const inCode = (anchor: InlineAnchor) => {
    if (!code) return true;
    const line = commentedLine(anchor.diffHunk);
    return line !== undefined && (code.get(anchor.path)?.has(line) ?? false);
  };
  if (!inCode(target)) {
    return {
      candidates: [],
      reason:
        "The comment's own line is not in the patch the instance is judged against, so a moved copy could not be told from the original.",
    };
  }
  const headers = options.patch
    ? new Set(
        options.patch
          .split("\n")
          .filter((l) => l.startsWith("@@"))
          .map(headerOf),
      )
    : undefined;
  const byPlace = new Map<string, LocationCandidate>();
  inline.forEach((other, order) => {
    const key = hunkKey(other);
    if (key === targetHunk || samePlace(target, other) || !inCode(other)) return;
    const sameFile = other.path === target.path;
    const sameExtension = extensionOf(other.path) === extensionOf(target.path);
    const current = headers?.has(headerOf(other.diffHunk.split("\n")[0] ?? "")) ?? false;
    const score = (sameFile ? 50 : 100) + (!sameFile && sameExtension ? 10 : 0) + (current ? 5 : 0) - Math.min(9, order * 0.1);
    // Two comments on one line from different pushes are one place: keep the current push's hunk.
    const place = `${other.path}\u0000${commentedLine(other.diffHunk) ?? other.diffHunk}`;
    const kept = byPlace.get(place);
    if (kept && kept.score >= score) return;
    byPlace.set(place, {
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
  const candidates = [...byPlace.values()];
  if (candidates.length === 0) {
    return {
      candidates,
      reason:
        "Every other inline comment sits on the same place (same hunk, or the same line from an earlier push) or on code the patch no longer shows, so no move changes the location.",
    };
  }
  return { candidates: candidates.sort((a, b) => b.score - a.score) };
}
