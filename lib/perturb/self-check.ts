import { splitCodeSpans } from "./code-spans";
import type { PerturbationKind } from "./candidate-schema";
import { isAnotherPlace } from "./hunk-key";
import { countEditedRegions, wordDiff, type WordDiffSegment } from "./word-diff";

// Sanity, not a second generator (issue #42 item 4): whoever proposed an edit (the model, a rule or
// an expert), it changes the comment in one place — one contiguous stretch, or two phrases exchanged
// ("the id, not the object" → "the object, not the id"), or for a symbol one name in all its mentions —
// and never inside code blocks, links or quoted text. Whether the edit makes the comment wrong and
// still coherent is the critic's and the experts' call, not this file's.

export type CommentSnapshot = { body: string; path?: string | null; diffHunk?: string | null };

export type SelfCheckVerdict = { ok: boolean; reason: string };

/** Longest contiguous negation edit (removed and added words together) that is still one expression. */
const MAX_NEGATION_WORDS = 16;
/** Words an edit may keep inside itself and still be one stretch ("not used anymore" → "still used"). */
const MAX_KEPT_INSIDE = 2;

function snapshot(value: string | CommentSnapshot): CommentSnapshot {
  return typeof value === "string" ? { body: value } : value;
}

/** The changed span as the smallest [prefix | removed | suffix] split of the two texts. */
export function changedSpan(original: string, perturbed: string): { start: number; removed: string; added: string } {
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

/** Double-quoted phrases of prose: someone's words or a literal, never the claim to edit. */
const QUOTED_PHRASE = /"[^"\n]{1,200}"|“[^”\n]{1,200}”/g;

/**
 * What no edit may touch, sorted: code blocks, links, HTML comments, `>` quotes and quoted phrases;
 * inline code too, except for a symbol swap, whose names sit in inline code.
 */
function protectedParts(text: string, kind: PerturbationKind): string[] {
  const parts: string[] = [];
  for (const s of splitCodeSpans(text)) {
    if (s.kind === "prose") {
      if (s.quoted) parts.push(`quote:${s.text.trim()}`);
      else for (const m of s.text.matchAll(QUOTED_PHRASE)) parts.push(`quote:${m[0]}`);
    } else if (!(s.kind === "inline-code" && kind === "symbol")) parts.push(`${s.kind}:${s.text}`);
  }
  return parts.sort();
}

function protectedPartsChanged(original: string, perturbed: string, kind: PerturbationKind): boolean {
  const before = protectedParts(original, kind);
  const after = protectedParts(perturbed, kind);
  return before.length !== after.length || before.some((p, i) => p !== after[i]);
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

/** The longest stretch an exchange is looked for in (characters): two phrases of one sentence. */
const MAX_EXCHANGE_SPAN = 400;

/**
 * True when the perturbed text is the original with two phrases exchanged: its changed stretch
 * A·X·B reads B·X·A ("the id, not the object" → "the object, not the id").
 */
export function isExchange(original: string, perturbed: string): boolean {
  const { removed: m, added: n } = changedSpan(original, perturbed);
  if (m.length !== n.length || m.length === 0 || m.length > MAX_EXCHANGE_SPAN) return false;
  for (let a = 1; a < m.length; a++) {
    for (let b = 1; a + b <= m.length; b++) {
      const first = m.slice(0, a);
      const second = m.slice(m.length - b);
      if (n === second + m.slice(a, m.length - b) + first) return true;
    }
  }
  return false;
}

/** A symbol swap renames every mention of one element alike: each edited place the same one-token swap. */
function explainSymbolSwap(original: string, perturbed: string, diff: readonly WordDiffSegment[]): SelfCheckVerdict {
  const places = editedPlaces(diff);
  const [first] = places;
  if (!first || places.some((p) => p.removed !== first.removed || p.added !== first.added)) {
    return { ok: false, reason: `The text changes in ${places.length} places that are not the same swap.` };
  }
  if (!first.removed || !first.added || /\s/.test(first.removed) || /\s/.test(first.added)) {
    return { ok: false, reason: "A symbol perturbation must swap one code element and keep the wording." };
  }
  if (protectedPartsChanged(original, perturbed, "symbol")) {
    return { ok: false, reason: "A symbol swap must not change code blocks, links or quoted text." };
  }
  const mentions = places.length === 1 ? "" : ` in all ${places.length} mentions`;
  return { ok: true, reason: `One code element changes${mentions}: "${first.removed}" → "${first.added}".` };
}

function explainNegation(original: string, perturbed: string, diff: readonly WordDiffSegment[]): SelfCheckVerdict {
  if (protectedPartsChanged(original, perturbed, "negation")) {
    return { ok: false, reason: "A negation must not change code, code blocks, links or quoted text." };
  }
  const span = changedSpan(original, perturbed);
  if (isExchange(original, perturbed)) return { ok: true, reason: `Two phrases exchange places: "${span.removed}" → "${span.added}".` };
  const words = wordCount(span.removed) + wordCount(span.added);
  const crossesSentences = /[.!?]\s+\S/.test(span.removed.trim()) || /\n/.test(span.removed + span.added);
  const keptInside = wordCount(span.removed) - editedPlaces(diff).reduce((n, p) => n + wordCount(p.removed), 0);
  if (words <= MAX_NEGATION_WORDS && !crossesSentences && keptInside <= MAX_KEPT_INSIDE) {
    return { ok: true, reason: `One expression changes: "${span.removed.trim()}" → "${span.added.trim()}".` };
  }
  const regions = countEditedRegions(diff);
  return regions > 1
    ? { ok: false, reason: `The text changes in ${regions} places, not in one stretch or one exchange of two phrases.` }
    : { ok: false, reason: "The edit is too long to be a single negation." };
}

/**
 * Why a perturbation does or does not change its parent in exactly one intended place
 * (paper §2): negation and symbol edit the body and keep the anchor; location keeps the body and
 * moves to a different file or hunk.
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
  if (after.body.replace(/\s+/g, " ").trim() === before.body.replace(/\s+/g, " ").trim())
    return { ok: false, reason: "Only whitespace changes." };
  const diff = wordDiff(before.body, after.body);
  return kind === "symbol" ? explainSymbolSwap(before.body, after.body, diff) : explainNegation(before.body, after.body, diff);
}

/** True when the perturbation differs from its parent in exactly one intended place. */
export function selfCheck(original: string | CommentSnapshot, perturbed: string | CommentSnapshot, kind: PerturbationKind): boolean {
  return explainSelfCheck(original, perturbed, kind).ok;
}
