import type { PerturbationResult, SymbolCandidate } from "./candidate-schema";
import type { Definition, DefinitionKind } from "./code-definitions";
import { findCodeElements, linkTextRanges, replaceMentions, type CodeElement } from "./code-elements";
import { editDistance } from "./edit-distance";
import { escapeRegExp } from "./escape-reg-exp";
import { splitCodeSpans } from "./code-spans";
import { BUILTIN_NAMES, isLibraryElement, LIBRARY_ROOTS } from "./library-names";
import { explainSelfCheck } from "./self-check";
import { dropsWholeWords } from "./symbol-variants";

// Symbol swaps from the code's own definitions (issue #28 item 3): the comment names something the
// reviewed code defines (in the patch or in the file it changes), and the swap puts in another name
// the code defines, of the same kind (callable, type, value) and the same spelling style, ranked by
// how plausible a slip it is (shared words, a close spelling, defined nearby). A name the code does
// not define (library, standard library, keywords, prose) is never swapped; an invented name (the
// paper's test_nanmedian → test_nanmedian_impl) is offered only for a callable or type the change
// itself adds. Every candidate passes the self-check.

export type DefinedSwapOptions = { definitions: readonly Definition[] };

/** At most this many candidates per comment: beyond the best few the rest are weaker slips. */
const MAX_DEFINED_SWAPS = 3;

type Style = "snake" | "camel" | "pascal" | "upper" | "lower";

function styleOf(name: string): Style {
  const bare = name.replace(/^_+|[?!]$/g, "");
  if (/^[A-Z][A-Z0-9_]*$/.test(bare) && bare.length > 1) return "upper";
  if (bare.includes("_")) return "snake";
  if (/^[A-Z]/.test(bare)) return "pascal";
  if (/[A-Z]/.test(bare)) return "camel";
  return "lower";
}

function compatibleStyles(a: Style, b: Style): boolean {
  if (a === b) return true;
  const lowerish = new Set<Style>(["snake", "camel", "lower"]);
  return (a === "lower" && lowerish.has(b)) || (b === "lower" && lowerish.has(a));
}

export function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[\s_$?!]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

/** A spelling of the same name (case or underscores only): the swap would read as a typo fix. */
function isTwin(a: string, b: string): boolean {
  return a.replace(/_/g, "").toLowerCase() === b.replace(/_/g, "").toLowerCase();
}

/** How plausible it is that a reviewer meant `other` when writing `name`, or undefined when not at all. */
export function slipScore(name: string, other: Definition, near: number | undefined): { score: number; relation: string } | undefined {
  const a = wordsOf(name);
  const b = wordsOf(other.name);
  const shared = a.filter((w) => b.includes(w)).length;
  const distance = editDistance(name.toLowerCase(), other.name.toLowerCase(), 3);
  const close = distance <= (name.length <= 4 ? 1 : 2);
  if (shared === 0 && !close) return undefined;
  if (shared > 0 && shared === Math.min(a.length, b.length) && Math.abs(a.length - b.length) > 2) return undefined;
  let score = 60 + (20 * shared) / Math.max(a.length, b.length);
  if (a[0] === b[0]) score += 4;
  if (a[a.length - 1] === b[b.length - 1]) score += 4;
  if (close) score += 6;
  if (other.origin === "patch") score += 3;
  if (near !== undefined) score -= Math.min(8, Math.abs(other.line - near) / 25);
  const relation =
    shared > 0 ? `shares ${shared} word${shared === 1 ? "" : "s"} with it` : `${distance} character edit${distance === 1 ? "" : "s"} away`;
  return { score: Math.round(score * 10) / 10, relation };
}

/** How far apart two definitions may be and still be neighbours a reviewer could confuse. */
const NEIGHBOUR_LINES = 12;

/**
 * A compound name sharing no word with the original but defined beside it, from the same source
 * (the change's own variables, the file's functions): "passing in `chain_to_execute`" → "…in
 * `all_examples`" when both are assigned a few lines apart. Scored below every slip that shares a word.
 */
function neighbourScore(name: string, definition: Definition, other: Definition): { score: number; relation: string } | undefined {
  // A one-word name (`size`, `now`, `parse`) is as likely the platform's as the code's: only compound names qualify.
  if (other.origin !== definition.origin || wordsOf(other.name).length < 2 || name.length < 2) return undefined;
  const apart = Math.abs(other.line - definition.line);
  if (apart > NEIGHBOUR_LINES) return undefined;
  return { score: Math.round((56 - apart / 2) * 10) / 10, relation: `defined ${apart} line${apart === 1 ? "" : "s"} away` };
}

/** Words that present a code span as the reviewer's proposal: "`expect(x).to match(y)` seems clearer". */
const PROPOSING =
  /\b(?:clearer|cleaner|better|simpler|nicer|neater|safer|instead|how about|what about|prefer|suggest|would be|could be|consider)\b/i;

/**
 * Inline code spans that are the reviewer's proposed code, not the code under review: an expression
 * (a call with arguments, an operator, several words) in a sentence that proposes it. A name inside
 * one is the proposal's, so swapping it changes the suggestion, not the comment's claim about the code.
 */
function proposedCodeRanges(text: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const segment of splitCodeSpans(text)) {
    if (segment.kind !== "inline-code") continue;
    const code = segment.text.replace(/^`+|`+$/g, "");
    if (!/\(\s*[^)\s]|\s|[=<>+\-*/|&]/.test(code)) continue;
    const from = Math.max(text.lastIndexOf(".", segment.start - 2), text.lastIndexOf("\n", segment.start)) + 1;
    const to = text.slice(segment.end).search(/[.!?](?:\s|$)|\n/);
    const sentence = text.slice(from, to === -1 ? text.length : segment.end + to);
    if (PROPOSING.test(sentence.replace(segment.text, " "))) ranges.push([segment.start, segment.end]);
  }
  return ranges;
}

function wholeWordCount(text: string, name: string): number {
  return [...text.matchAll(new RegExp(`(?<![\\w$])${escapeRegExp(name)}(?![\\w$])`, "g"))].length;
}

function inventedName(name: string): string | undefined {
  const style = styleOf(name);
  if (style === "snake" || style === "lower") return name.endsWith("_") ? undefined : `${name}_impl`;
  if (style === "camel" || style === "pascal") return `${name}Impl`;
  return undefined;
}

/** Receivers through which a name is still the code's own binding: `self.load_entry`, `this.cache`. */
const OWN_RECEIVERS = new Set(["this", "self", "cls", "@"]);

/** `RA.isPositiveZero`, `media.getDuration`: the name reached through another object. */
function isMemberOfAnother(element: CodeElement): boolean {
  const qualifier = element.element.slice(0, element.element.lastIndexOf(element.name)).replace(/[.:]+$/, "");
  return qualifier !== "" && !OWN_RECEIVERS.has(qualifier);
}

function kindOf(group: readonly CodeElement[], definition: Definition): DefinitionKind {
  if (definition.kind !== "value") return definition.kind;
  return group.some((e) => /\)$/.test(e.element)) ? "callable" : "value";
}

export function definedSymbolCandidates(text: string, options: DefinedSwapOptions): PerturbationResult<SymbolCandidate> {
  const links = linkTextRanges(text);
  const all = findCodeElements(text);
  const proposed = proposedCodeRanges(text);
  const inside = (ranges: ReadonlyArray<[number, number]>, e: CodeElement) => ranges.some(([s, t]) => s <= e.start && e.start < t);
  /** Why each name the comment uses was left alone, for a comment that gets no candidate. */
  const skipped = new Map<string, string>();
  const elements: CodeElement[] = [];
  for (const e of all) {
    if (e.shape !== "identifier") continue;
    const why = isLibraryElement(e)
      ? "library or builtin API"
      : inside(links, e)
        ? "inside a link"
        : inside(proposed, e)
          ? "inside the reviewer's proposed code"
          : undefined;
    if (why) skipped.set(e.name, why);
    else elements.push(e);
  }
  const byName = new Map(options.definitions.map((d) => [d.name, d]));
  const mentioned = new Set(all.flatMap((e) => [e.name, e.element]));
  const groups = new Map<string, CodeElement[]>();
  for (const e of elements) groups.set(e.name, [...(groups.get(e.name) ?? []), e]);
  const candidates: SymbolCandidate[] = [];
  let order = 0;
  for (const [name, group] of groups) {
    const definition = byName.get(name);
    if (!definition) {
      skipped.set(name, "not defined in the reviewed code");
      continue;
    }
    // `media.getDuration` and `getDuration` in one comment contrast two forms: renaming both breaks it.
    if (new Set(group.map((e) => e.element.replace(/\(.*\)$/, ""))).size > 1) {
      skipped.set(name, "mentioned in two forms that contrast");
      continue;
    }
    // A mention the swap cannot reach (".addColumn(" in a pasted call, "refresh" in plain prose) would
    // keep the old name beside the new one: visibly inconsistent.
    if (wholeWordCount(text, name) > group.length) {
      skipped.set(name, "also used where a swap cannot reach (prose or pasted code)");
      continue;
    }
    // `::RSpec::Core::Time`: a namespace that qualifies another name is not the element the comment is about
    if (group.some((e) => text.startsWith("::", e.nameEnd))) {
      skipped.set(name, "a namespace qualifying another name");
      continue;
    }
    // `RA.isPositiveZero(0)` is the module's member, not the change's `const isPositiveZero = …`
    if (definition.kind === "value" && group.every(isMemberOfAnother)) {
      skipped.set(name, "another object's member, not the code's own binding");
      continue;
    }
    const kind = kindOf(group, definition);
    const style = styleOf(name);
    const bonus = (group.some((e) => e.inBackticks) ? 2 : 0) - Math.min(4, order++);
    const pool: Array<{ name: string; score: number; relation: string; exists: boolean }> = [];
    for (const other of options.definitions) {
      if (other.name === name || other.kind !== kind || mentioned.has(other.name) || isTwin(other.name, name)) continue;
      if (LIBRARY_ROOTS.has(other.name) || BUILTIN_NAMES.has(other.name) || !compatibleStyles(style, styleOf(other.name))) continue;
      if (dropsWholeWords(name, other.name)) continue;
      const slip = slipScore(name, other, definition.line) ?? neighbourScore(name, definition, other);
      if (slip) pool.push({ name: other.name, score: slip.score + bonus, relation: slip.relation, exists: true });
    }
    const invented = definition.origin === "patch" && kind !== "value" && definition.kind !== "value" ? inventedName(name) : undefined;
    if (invented && !byName.has(invented) && !mentioned.has(invented)) {
      pool.push({ name: invented, score: 50 + bonus, relation: "an invented variant of a name the change adds", exists: false });
    }
    if (pool.length === 0)
      skipped.set(name, `the code defines no plausible other ${kind} (sharing a word, a close spelling, or defined beside it)`);
    const mentions = group.map((e) => ({ start: e.nameStart, end: e.nameEnd }));
    for (const variant of pool) {
      const out = replaceMentions(text, mentions, variant.name);
      if (!explainSelfCheck(text, out, "symbol").ok) continue;
      const every = group.length > 1 ? ` in all ${group.length} mentions` : "";
      candidates.push({
        text: out,
        start: mentions[0].start,
        end: mentions[0].end,
        before: name,
        after: variant.name,
        rationale: `Swaps ${definition.origin === "patch" ? "the change's own" : "the code's"} ${kind} "${name}" for "${variant.name}"${every}, ${variant.exists ? `another ${kind} the code defines` : "a name defined nowhere"} (${variant.relation}).`,
        score: variant.score,
        rule: variant.exists ? "defined-same-kind" : "invented-name",
        existsInRepository: variant.exists,
        element: group[0].element,
      });
    }
  }
  candidates.sort((a, b) => b.score - a.score || a.start - b.start || a.after.localeCompare(b.after));
  if (candidates.length === 0) {
    if (all.length === 0) return { candidates, reason: "The comment names no code element outside code blocks and links." };
    const names = [...skipped].map(([name, why]) => `"${name}": ${why}`);
    const more = names.length > 4 ? ` (and ${names.length - 4} more)` : "";
    return {
      candidates,
      reason: `No name to swap. Considered and left alone: ${names.slice(0, 4).join("; ") || "every swap failed the self-check"}${more}.`,
    };
  }
  return { candidates: candidates.slice(0, MAX_DEFINED_SWAPS) };
}
