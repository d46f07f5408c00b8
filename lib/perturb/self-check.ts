import { splitCodeSpans } from "./code-spans";
import type { PerturbationKind } from "./candidate-schema";
import { isAnotherPlace } from "./hunk-key";
import { countEditedRegions, wordDiff, type WordDiffSegment } from "./word-diff";

export type CommentSnapshot = { body: string; path?: string | null; diffHunk?: string | null };

export type SelfCheckVerdict = { ok: boolean; reason: string };

/** Longest edit a one-expression negation needs ("doesn't help at all" → "helps a lot"). */
const MAX_NEGATION_WORDS = 7;
/**
 * A negation may edit two places of one phrase when they belong together: a licence and the
 * negative-polarity item it licenses ("nothing imports it anymore" → "something still imports
 * it"), or the two members of a contrast trading places ("the id, not the object" → "the
 * object, not the id"). Each place stays short, and so do the words kept between them.
 */
const MAX_PLACE_WORDS = 4;
const MAX_KEPT_WORDS = 5;
const POLARITY_ITEM = /^(?:anymore|any longer|any more|yet|either|anywhere(?: else)?|at all)$/i;

function snapshot(value: string | CommentSnapshot): CommentSnapshot {
  return typeof value === "string" ? { body: value } : value;
}

/** The changed span as the smallest [prefix | removed | suffix] split of the two texts. */
function changedSpan(original: string, perturbed: string): { start: number; removed: string; added: string } {
  let prefix = 0;
  const limit = Math.min(original.length, perturbed.length);
  while (prefix < limit && original[prefix] === perturbed[prefix]) prefix++;
  let suffix = 0;
  while (suffix < limit - prefix && original[original.length - 1 - suffix] === perturbed[perturbed.length - 1 - suffix]) suffix++;
  return {
    start: prefix,
    removed: original.slice(prefix, original.length - suffix),
    added: perturbed.slice(prefix, perturbed.length - suffix),
  };
}

/** Code spans, blocks and links, sorted: a contrast swap may move them whole, never change them. */
function nonProse(text: string): string[] {
  return splitCodeSpans(text)
    .filter((s) => s.kind !== "prose")
    .map((s) => s.text)
    .sort();
}

/** Backticks, snake_case, dotted.paths, calls, file paths or camelCase mark a word as code. */
const CODE_LIKE = /[`_.()/]|[a-z][A-Z]/;

function enclosingToken(text: string, start: number, end: number): string {
  let from = start;
  let to = end;
  while (from > 0 && !/\s/.test(text[from - 1])) from--;
  while (to < text.length && !/\s/.test(text[to])) to++;
  return text.slice(from, to).replace(/^[("'“]+|[.,;:!?)"'”]+$/g, "");
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** Each edited place of a word diff as removed → added text. */
function editedPlaces(diff: readonly WordDiffSegment[]): Array<{ removed: string; added: string }> {
  const places: Array<{ removed: string; added: string }> = [];
  let current: { removed: string; added: string } | undefined;
  for (const segment of diff) {
    if (segment.kind === "same") {
      if (segment.text.trim() !== "") current = undefined;
      continue;
    }
    if (!current) {
      current = { removed: "", added: "" };
      places.push(current);
    }
    if (segment.kind === "removed") current.removed += segment.text;
    else current.added += segment.text;
  }
  return places.map((p) => ({ removed: p.removed.trim(), added: p.added.trim() }));
}

/**
 * A symbol swap renames every mention of one element alike (issue #18), so several edited
 * places are one swap when each replaces the same name by the same other name.
 */
function explainConsistentSwap(original: string, perturbed: string, diff: readonly WordDiffSegment[]): SelfCheckVerdict {
  const places = editedPlaces(diff);
  const [first] = places;
  if (!first || places.some((p) => p.removed !== first.removed || p.added !== first.added)) {
    return { ok: false, reason: `The text changes in ${places.length} places that are not the same swap.` };
  }
  if (!first.removed || /\s/.test(first.removed) || /\s/.test(first.added)) {
    return { ok: false, reason: "A symbol perturbation must swap one code element and keep the wording." };
  }
  const span = changedSpan(original, perturbed);
  if (!CODE_LIKE.test(enclosingToken(original, span.start, span.start + 1))) {
    return { ok: false, reason: "The changed word is not a code element." };
  }
  return { ok: true, reason: `One code element changes in all ${places.length} mentions: "${first.removed}" → "${first.added}".` };
}

/**
 * A negation whose licensing word moves with it ("not used anymore" → "still used") edits one
 * short phrase that keeps a word in the middle: fine when the whole changed stretch is short,
 * stays in one sentence and touches no code, code block or link.
 */
/**
 * "X, not Y" became "Y, not X": the contrast's members traded places. The members may share
 * words with the text around the change ("the id, not the object"), so every split of the
 * original around a ", not" is tried.
 */
function isContrastSwap(original: string, perturbed: string): boolean {
  if (original.length !== perturbed.length) return false;
  for (const m of original.matchAll(/,\s*not\s+/g)) {
    for (let start = m.index - 1; start >= 0; start--) {
      if (start > 0 && /\w/.test(original[start - 1])) continue;
      const x = original.slice(start, m.index);
      for (let end = m.index + m[0].length + 1; end <= original.length; end++) {
        if (end < original.length && /\w/.test(original[end])) continue;
        const y = original.slice(m.index + m[0].length, end);
        if (/[.!?;:]/.test(x + y)) break;
        if (perturbed === original.slice(0, start) + y + m[0] + x + original.slice(end)) return true;
      }
      if (/[.!?;:]/.test(x)) break;
    }
  }
  return false;
}

function explainNegationPhrase(original: string, perturbed: string, diff: readonly WordDiffSegment[]): SelfCheckVerdict {
  const twoPlaces = { ok: false, reason: "The text changes in 2 places, not exactly one." };
  const places = editedPlaces(diff);
  if (places.length !== 2 || places.some((p) => wordCount(p.removed) + wordCount(p.added) > MAX_PLACE_WORDS)) return twoPlaces;
  const [first, second] = places;
  const mirrored = isContrastSwap(original, perturbed);
  const licensed = places.some((p) => POLARITY_ITEM.test(p.removed));
  const span = changedSpan(original, perturbed);
  const kept = wordCount(span.removed) - wordCount(first.removed) - wordCount(second.removed);
  if (!(mirrored || licensed) || kept > MAX_KEPT_WORDS || /[.!?]\s|\n/.test(span.removed + span.added)) return twoPlaces;
  const codeBefore = nonProse(original);
  const codeAfter = nonProse(perturbed);
  if (codeBefore.length !== codeAfter.length || codeBefore.some((c, i) => c !== codeAfter[i])) {
    return { ok: false, reason: "A negation must not change code, code blocks or links." };
  }
  return { ok: true, reason: `One expression changes: "${span.removed}" → "${span.added}".` };
}

/**
 * Why a perturbation does or does not change its parent in exactly one intended place
 * (paper §2): negation and symbol edit one contiguous stretch of the body and keep the anchor;
 * location keeps the body and moves to a different file or hunk.
 */
export function explainSelfCheck(
  original: string | CommentSnapshot,
  perturbed: string | CommentSnapshot,
  kind: PerturbationKind,
): SelfCheckVerdict {
  const before = snapshot(original);
  const after = snapshot(perturbed);
  if (kind === "location") {
    if (after.body !== before.body) return { ok: false, reason: "A location perturbation must keep the comment text." };
    if (!after.path || !after.diffHunk) return { ok: false, reason: "The moved comment has no file path or diff hunk." };
    const moved = isAnotherPlace(
      { path: after.path, diffHunk: after.diffHunk },
      { path: before.path ?? "", diffHunk: before.diffHunk ?? "" },
    );
    return moved
      ? { ok: true, reason: "Same text on a different file, hunk or place." }
      : { ok: false, reason: "The comment stays on the same file and hunk." };
  }
  if ((after.path ?? null) !== (before.path ?? null) || (after.diffHunk ?? null) !== (before.diffHunk ?? null)) {
    return { ok: false, reason: `A ${kind} perturbation must keep the file path and diff hunk.` };
  }
  if (after.body === before.body) return { ok: false, reason: "The text is unchanged." };
  const diff = wordDiff(before.body, after.body);
  const regions = countEditedRegions(diff);
  if (kind === "symbol" && regions > 1) return explainConsistentSwap(before.body, after.body, diff);
  if (kind === "negation" && regions === 2) return explainNegationPhrase(before.body, after.body, diff);
  if (regions !== 1) return { ok: false, reason: `The text changes in ${regions} places, not exactly one.` };
  const span = changedSpan(before.body, after.body);
  if (kind === "symbol") {
    if (/\s/.test(span.removed) || /\s/.test(span.added)) {
      return { ok: false, reason: "A symbol perturbation must swap one code element and keep the wording." };
    }
    if (!CODE_LIKE.test(enclosingToken(before.body, span.start, span.start + span.removed.length))) {
      return { ok: false, reason: "The changed word is not a code element." };
    }
    return { ok: true, reason: `One code element changes: "${span.removed}" → "${span.added}".` };
  }
  const codeBefore = nonProse(before.body);
  const codeAfter = nonProse(after.body);
  if (codeBefore.length !== codeAfter.length || codeBefore.some((c, i) => c !== codeAfter[i])) {
    return { ok: false, reason: "A negation must not change code, code blocks or links." };
  }
  if (wordCount(span.removed) + wordCount(span.added) > MAX_NEGATION_WORDS) {
    return { ok: false, reason: "The edit is too long to be a single negation." };
  }
  return { ok: true, reason: `One expression changes: "${span.removed}" → "${span.added}".` };
}

/** True when the perturbation differs from its parent in exactly one intended place. */
export function selfCheck(original: string | CommentSnapshot, perturbed: string | CommentSnapshot, kind: PerturbationKind): boolean {
  return explainSelfCheck(original, perturbed, kind).ok;
}
