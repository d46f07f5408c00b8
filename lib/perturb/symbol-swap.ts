import type { PerturbationResult, SymbolCandidate } from "./candidate-schema";
import { findCodeElements, type CodeElement } from "./code-elements";
import {
  buildSymbolIndex, existingNearMisses, existingNearMissPaths, inventedNames, inventedPaths,
  type SymbolIndex,
} from "./symbol-index";
import type { NameVariant } from "./symbol-variants";

export type SymbolOptions = {
  /** Identifiers (and file paths) present in the repository at the base commit or in the patch. */
  knownSymbols: Iterable<string>;
};

function isKnown(element: CodeElement, index: SymbolIndex): boolean {
  if (element.shape === "path") return index.pathSet.has(element.element) || index.basenames.has(element.name);
  return index.identifiers.has(element.name) || index.identifiers.has(element.element.replace(/\(.*\)$/, ""));
}

function candidateFor(
  text: string,
  element: CodeElement,
  variant: NameVariant,
  existsInRepository: boolean,
  bonus: number,
): SymbolCandidate {
  const [start, end] = element.shape === "path" ? [element.start, element.end] : [element.nameStart, element.nameEnd];
  const before = text.slice(start, end);
  const where = existsInRepository ? "which also exists in the repository" : "a name that exists nowhere in the repository";
  return {
    text: text.slice(0, start) + variant.name + text.slice(end),
    start,
    end,
    before,
    after: variant.name,
    rationale: `Swaps "${before}" for "${variant.name}", ${where} (${variant.relation}).`,
    score: variant.score + bonus,
    rule: existsInRepository ? "existing-near-miss" : "invented-name",
    existsInRepository,
    element: element.element,
  };
}

/**
 * Every single-symbol swap of a review comment (paper §2, symbol perturbation:
 * test_nanmedian → test_nanmedian_impl): one code element changes, the wording stays.
 * Near misses that exist in the repository come first: they make the hardest negatives.
 * Only the first mention of each element is swapped.
 */
export function symbolCandidates(text: string, options: SymbolOptions): PerturbationResult<SymbolCandidate> {
  if (text.trim() === "") return { candidates: [], reason: "The comment is empty." };
  const seen = new Set<string>();
  const elements = findCodeElements(text).filter((e) => !seen.has(e.element) && seen.add(e.element));
  if (elements.length === 0) {
    return {
      candidates: [],
      reason: "The comment names no code element (inline-code identifier, snake_case or camelCase name, dotted path, call or file path) outside code blocks and links.",
    };
  }
  const index = buildSymbolIndex(options.knownSymbols);
  // Swapping `renderFrame` for `render_frame` in "`renderFrame` vs `render_frame`" is self-evident.
  const mentioned = new Set(elements.flatMap((e) => [e.name, e.element]));
  const candidates: SymbolCandidate[] = [];
  elements.forEach((element, order) => {
    const bonus = (element.inBackticks ? 3 : 0) + (isKnown(element, index) ? 3 : 0) - Math.min(5, order);
    const existing = element.shape === "path" ? existingNearMissPaths(element.element, index) : existingNearMisses(element.name, index);
    const invented = element.shape === "path" ? inventedPaths(element.element, index) : inventedNames(element.name, index);
    const taken = new Set([...existing.map((v) => v.name), ...mentioned]);
    for (const variant of existing) if (!mentioned.has(variant.name)) candidates.push(candidateFor(text, element, variant, true, bonus));
    for (const variant of invented) if (!taken.has(variant.name)) candidates.push(candidateFor(text, element, variant, false, bonus));
  });
  candidates.sort((a, b) => Number(b.existsInRepository) - Number(a.existsInRepository) || b.score - a.score || a.start - b.start || a.after.localeCompare(b.after));
  if (candidates.length === 0) {
    return { candidates, reason: "The comment's code elements (dunder names only) have no plausible near-miss name." };
  }
  return { candidates };
}
