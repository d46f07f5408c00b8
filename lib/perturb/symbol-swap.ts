import type { PerturbationResult, SymbolCandidate } from "./candidate-schema";
import type { Definition } from "./code-definitions";
import { findCodeElements, linkTextRanges, replaceMentions, type CodeElement, type Mention } from "./code-elements";
import { definedSymbolCandidates } from "./defined-symbol-swap";
import { isLibraryElement, LIBRARY_ROOTS, BUILTIN_NAMES } from "./library-names";
import {
  buildSymbolIndex,
  existingNearMisses,
  existingNearMissPaths,
  inventedNames,
  inventedPaths,
  type SymbolIndex,
} from "./symbol-index";
import { dropsWholeWords, type NameVariant } from "./symbol-variants";

export type SymbolOptions = {
  /** Identifiers (and file paths) present in the repository at the base commit or in the patch. */
  knownSymbols: Iterable<string>;
  /**
   * The names the reviewed code defines, with their kind (lib/perturb/code-definitions). When
   * given, swaps come only from these (defined-symbol-swap); the token list is the fallback for a
   * parent whose code could not be read.
   */
  definitions?: readonly Definition[];
};

const OWN_RECEIVERS = new Set(["self", "this", "cls"]);

/**
 * The repository defines the element, matched by its full dotted path: a file path it has, a bare
 * name it has, or a dotted name whose receiver is `self`/`this`/`cls` or itself a repository name
 * (`OrderService.fetch_orders`) and whose last part is one too. `dict._get` does not count
 * because `_get` alone exists.
 */
function isOwn(element: CodeElement, index: SymbolIndex): boolean {
  if (element.shape === "path") return index.pathSet.has(element.element) || index.basenames.has(element.name);
  const path = element.element.replace(/\(.*\)$/, "");
  if (index.identifiers.has(path)) return true;
  const parts = path.split(".");
  if (!index.identifiers.has(element.name)) return false;
  return parts.length === 1 || OWN_RECEIVERS.has(parts[0]) || index.identifiers.has(parts[0]);
}

/** Names a swap may introduce: never a library or builtin name, never a name the comment already uses. */
function isSwapTarget(name: string, mentioned: ReadonlySet<string>, original: string): boolean {
  return !mentioned.has(name) && !LIBRARY_ROOTS.has(name) && !BUILTIN_NAMES.has(name) && !dropsWholeWords(original, name);
}

function mentionsOf(element: CodeElement): Mention {
  return element.shape === "path" ? { start: element.start, end: element.end } : { start: element.nameStart, end: element.nameEnd };
}

function candidateFor(
  text: string,
  group: readonly CodeElement[],
  variant: NameVariant,
  existsInRepository: boolean,
  score: number,
): SymbolCandidate {
  const [first] = group;
  const mentions = group.map(mentionsOf);
  const { start, end } = mentions[0];
  const before = text.slice(start, end);
  const where = existsInRepository ? "which also exists in the repository" : "a name that exists nowhere in the repository";
  const every = group.length > 1 ? ` in all ${group.length} mentions` : "";
  return {
    text: replaceMentions(text, mentions, variant.name),
    start,
    end,
    before,
    after: variant.name,
    rationale: `Swaps "${before}" for "${variant.name}"${every}, ${where} (${variant.relation}).`,
    score: Math.round(score * 10) / 10,
    rule: existsInRepository ? "existing-near-miss" : "invented-name",
    existsInRepository,
    element: first.element,
  };
}

/**
 * Every symbol swap of a review comment (paper §2, symbol perturbation:
 * test_nanmedian → test_nanmedian_impl): one of the repository's own code elements changes,
 * every mention of it alike, and the wording stays. Library and builtin API (`Exception`,
 * `asyncio.get_event_loop()`, `Array.prototype.flat`) and names inside link texts are never
 * swapped; nor is a name the repository neither defines nor has a near miss of. With no
 * repository names at all (no patch, no mirror) every other element is tried.
 *
 * Ranking score: the variant's relation score (existing near miss 78–95 by closeness: plural,
 * underscore, case style, suffix, verb prefix, edit distance; invented 44–52: plural, underscore,
 * verb prefix, Impl) + 3 when the element is in backticks + 3 when the repository defines it
 * − its order of first mention (at most 5). A swap to a name that exists in the repository
 * always ranks before an invented one: it makes the harder negative.
 */
export function symbolCandidates(text: string, options: SymbolOptions): PerturbationResult<SymbolCandidate> {
  if (text.trim() === "") return { candidates: [], reason: "The comment is empty." };
  if (options.definitions) return definedSymbolCandidates(text, { definitions: options.definitions });
  const links = linkTextRanges(text);
  const all = findCodeElements(text);
  if (all.length === 0) {
    return {
      candidates: [],
      reason:
        "The comment names no code element (inline-code identifier, snake_case or camelCase name, dotted path, call or file path) outside code blocks and links.",
    };
  }
  const index = buildSymbolIndex(options.knownSymbols);
  const haveRepository = index.identifiers.size > 0 || index.paths.length > 0;
  const linked = new Set(all.filter((e) => links.some(([s, t]) => s <= e.start && e.start < t)).map((e) => e.name));
  const groups = new Map<string, CodeElement[]>();
  for (const element of all) {
    if (isLibraryElement(element) || linked.has(element.name)) continue;
    const key = `${element.shape}\u0000${element.shape === "path" ? element.element : element.name}`;
    groups.set(key, [...(groups.get(key) ?? []), element]);
  }
  // Swapping `renderFrame` for `render_frame` in "`renderFrame` vs `render_frame`" is self-evident.
  const mentioned = new Set(all.flatMap((e) => [e.name, e.element]));
  const candidates: SymbolCandidate[] = [];
  [...groups.values()].forEach((group, order) => {
    const [element] = group;
    const bonus =
      (group.some((e) => e.inBackticks) ? 3 : 0) + (haveRepository && group.some((e) => isOwn(e, index)) ? 3 : 0) - Math.min(5, order);
    const existing = element.shape === "path" ? existingNearMissPaths(element.element, index) : existingNearMisses(element.name, index);
    // A name the repository does not define is still the reviewed code's when a near miss of it is
    // (the patch adds `test_nanmedian_impl` beside it); then only those existing swaps are offered.
    const own = !haveRepository || group.some((e) => isOwn(e, index));
    if (!own && existing.length === 0) return;
    const invented = !own ? [] : element.shape === "path" ? inventedPaths(element.element, index) : inventedNames(element.name, index);
    const taken = new Set([...existing.map((v) => v.name), ...mentioned]);
    for (const variant of existing)
      if (isSwapTarget(variant.name, mentioned, element.name))
        candidates.push(candidateFor(text, group, variant, true, variant.score + bonus));
    for (const variant of invented)
      if (!taken.has(variant.name)) candidates.push(candidateFor(text, group, variant, false, variant.score + bonus));
  });
  candidates.sort(
    (a, b) =>
      Number(b.existsInRepository) - Number(a.existsInRepository) ||
      b.score - a.score ||
      a.start - b.start ||
      a.after.localeCompare(b.after),
  );
  if (candidates.length === 0) {
    return {
      candidates,
      reason:
        groups.size === 0 ||
        (candidates.length === 0 && [...groups.values()].every((g) => haveRepository && !g.some((e) => isOwn(e, index))))
          ? "The comment names only library or builtin API, names the repository does not define, or names inside links: none is the reviewed code's own symbol."
          : "The comment's code elements have no plausible near-miss name.",
    };
  }
  return { candidates };
}
