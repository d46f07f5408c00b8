import { diffWords } from "diff";

export type WordDiffSegment = { kind: "same" | "added" | "removed"; text: string };

/** Word-level diff of a parent comment and its perturbation, adjacent same-kind pieces merged. */
export function wordDiff(original: string, perturbed: string): WordDiffSegment[] {
  const segments: WordDiffSegment[] = [];
  for (const change of diffWords(original, perturbed)) {
    const kind = change.added ? "added" : change.removed ? "removed" : "same";
    const last = segments[segments.length - 1];
    if (last && last.kind === kind) last.text += change.value;
    else if (change.value !== "") segments.push({ kind, text: change.value });
  }
  return segments;
}

/**
 * Separate edited places in a diff: runs of added/removed pieces, where same-text that is only
 * whitespace does not split a run ("already sorts" → "doesn't sort" is one place).
 */
export function countEditedRegions(segments: readonly WordDiffSegment[]): number {
  let regions = 0;
  let inRun = false;
  for (const segment of segments) {
    if (segment.kind === "same") {
      if (segment.text.trim() !== "") inRun = false;
    } else if (!inRun) {
      regions++;
      inRun = true;
    }
  }
  return regions;
}
