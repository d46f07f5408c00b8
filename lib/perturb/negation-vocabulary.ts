import type { Sentence, Token } from "./prose-tokens";

/** A proposed single edit: replace original[start, end) with `after`. */
export type NegationEdit = {
  start: number;
  end: number;
  after: string;
  rule: string;
  /** Rule strength before context (sentence position, clause, question, quotes). */
  base: number;
  /** The word that carries the polarity; its context drives the ranking. */
  anchor: Token;
  rationale: string;
  /** The edit moves code spans as a whole ("`>=`, not `>`" → "`>`, not `>=`"), never inside them. */
  movesCode?: boolean;
};

export type RuleContext = {
  text: string;
  contracted: boolean;
  apostrophe: "'" | "’";
};

export type NegationRule = (sentence: Sentence, i: number, context: RuleContext) => NegationEdit[];

export const BE = new Set(["is", "are", "was", "were", "am"]);
export const MODALS = new Set(["can", "could", "should", "would", "will", "must", "may", "might"]);
export const HAVE = new Set(["has", "have", "had"]);
export const DO = new Set(["do", "does", "did"]);

/** Negated auxiliary → affirmative. do/does/did need the main verb reinflected, so live elsewhere. */
export const NEGATED_AUXILIARY: Record<string, string> = {
  "isn't": "is",
  "aren't": "are",
  "wasn't": "was",
  "weren't": "were",
  "can't": "can",
  cannot: "can",
  "couldn't": "could",
  "shouldn't": "should",
  "wouldn't": "would",
  "won't": "will",
  "mustn't": "must",
  "hasn't": "has",
  "haven't": "have",
  "hadn't": "had",
  "needn't": "need",
  "mightn't": "might",
};

/** Affirmative auxiliary → negative, in the author's contracted or full style. */
export const NEGATE_CONTRACTED: Record<string, string | undefined> = {
  is: "isn't",
  are: "aren't",
  was: "wasn't",
  were: "weren't",
  can: "can't",
  could: "couldn't",
  should: "shouldn't",
  would: "wouldn't",
  will: "won't",
  has: "hasn't",
  have: "haven't",
  had: "hadn't",
  does: "doesn't",
  do: "don't",
  did: "didn't",
};
export const NEGATE_FULL: Record<string, string> = {
  is: "is not",
  are: "are not",
  was: "was not",
  were: "were not",
  am: "am not",
  can: "cannot",
  could: "could not",
  should: "should not",
  would: "would not",
  will: "will not",
  must: "must not",
  may: "may not",
  might: "might not",
  has: "has not",
  have: "have not",
  had: "had not",
  does: "does not",
  do: "do not",
  did: "did not",
};

/** Sentence adverbs that read better before the inserted "not": "is also not used". */
export const ADVERBS_BEFORE_NOT = new Set([
  "also",
  "probably",
  "likely",
  "definitely",
  "certainly",
  "clearly",
  "obviously",
  "still",
  "currently",
  "generally",
  "usually",
  "now",
  "actually",
  "apparently",
  "typically",
]);
/** Adverbs that may sit between an auxiliary and "not" / a verb: "is really not needed". */
export const ADVERBS = new Set([...ADVERBS_BEFORE_NOT, "really", "just", "necessarily", "even", "already", "always", "ever"]);

/** Words after which adding "not" would make a double negative. */
export const NEGATIVE_WORDS = new Set([
  "not",
  "never",
  "no",
  "nothing",
  "none",
  "nobody",
  "nowhere",
  "neither",
  "nor",
  "hardly",
  "barely",
  "without",
  "unused",
  "unnecessary",
  "unsafe",
  "impossible",
  "unneeded",
  "invalid",
  "incorrect",
  "inconsistent",
  "unreachable",
  "unsupported",
  "non-deterministic",
  "nondeterministic",
]);

/** Single-word antonym pairs (paper §2 examples: needed, necessary, safe, possible, unused). */
export const LEXICAL_ANTONYMS: Record<string, string> = {
  always: "never",
  never: "always",
  necessary: "unnecessary",
  unnecessary: "necessary",
  safe: "unsafe",
  unsafe: "safe",
  possible: "impossible",
  impossible: "possible",
  correct: "incorrect",
  incorrect: "correct",
  valid: "invalid",
  invalid: "valid",
  consistent: "inconsistent",
  inconsistent: "consistent",
  reachable: "unreachable",
  unreachable: "reachable",
  deterministic: "non-deterministic",
  "non-deterministic": "deterministic",
  nondeterministic: "deterministic",
  unused: "used",
  unneeded: "needed",
  unsupported: "supported",
  nothing: "something",
  something: "nothing",
  nobody: "everybody",
  everybody: "nobody",
  faster: "slower",
  slower: "faster",
  mutable: "immutable",
  immutable: "mutable",
  identical: "different",
  wrong: "right",
  outdated: "up to date",
};

/**
 * Opposites of evaluative adjectives that only reverse a claim in predicate position ("4,000 seems
 * high" → "seems low", "the timeout is too long" → "too short"); before a noun ("a long line") they
 * describe rather than claim, so the rule asks for a copula, a verdict verb or a degree word first.
 */
export const PREDICATIVE_ANTONYMS: Record<string, string> = {
  high: "low",
  low: "high",
  large: "small",
  small: "large",
  big: "small",
  long: "short",
  short: "long",
  slow: "fast",
  fast: "slow",
  expensive: "cheap",
  cheap: "expensive",
  enabled: "disabled",
  disabled: "enabled",
  optional: "required",
  available: "unavailable",
  unavailable: "available",
  compatible: "incompatible",
  incompatible: "compatible",
  stable: "unstable",
  unstable: "stable",
  sorted: "unsorted",
  unsorted: "sorted",
  secure: "insecure",
  insecure: "secure",
  empty: "non-empty",
  "non-empty": "empty",
  synchronous: "asynchronous",
  asynchronous: "synchronous",
};

/** Words after which an adjective is predicative: copulas, verdict verbs, degree adverbs. */
export const PREDICATE_HEADS = new Set([
  "is",
  "are",
  "was",
  "were",
  "be",
  "been",
  "being",
  "'s",
  "it's",
  "that's",
  "seems",
  "seem",
  "seemed",
  "looks",
  "look",
  "sounds",
  "appears",
  "feels",
  "stays",
  "remains",
  "too",
  "very",
  "quite",
  "pretty",
  "rather",
  "fairly",
  "so",
  "still",
  "already",
]);

/** "not X" where dropping "not" affirms X, even with no auxiliary before it ("Not needed."). */
export const AFFIRMABLE_AFTER_NOT = new Set([
  "needed",
  "required",
  "necessary",
  "safe",
  "possible",
  "used",
  "supported",
  "valid",
  "correct",
  "true",
]);

/** Pronoun contractions of be: "it's used" ↔ "it's not used". */
export const BE_CONTRACTIONS = new Set(["it's", "that's", "here's", "what's", "he's", "she's", "they're", "we're", "you're", "i'm"]);

/** Leading words that do not stop the next word being the sentence's first verb. */
const SENTENCE_PREFIXES = new Set([
  "please",
  "nit",
  "also",
  "maybe",
  "so",
  "then",
  "just",
  "and",
  "but",
  "suggestion",
  "minor",
  "optional",
  "perhaps",
]);
const WH_WORDS = new Set(["why", "how", "what", "where", "when", "which", "who"]);

export const DETERMINERS = new Set([
  "the",
  "this",
  "that",
  "these",
  "those",
  "its",
  "their",
  "his",
  "her",
  "our",
  "your",
  "my",
  "each",
  "every",
  "both",
]);

/** Negative-polarity words: "isn't used anymore" → "is used anymore" would need a second edit. */
const NEGATIVE_POLARITY = new Set(["anymore", "yet", "either", "any", "anything", "anyone", "anybody", "anywhere", "ever"]);

export function negativePolarityFollows(sentence: Sentence, i: number): boolean {
  const rest = sentence.tokens.slice(i + 1);
  return rest.some((t, k) => !t.code && (NEGATIVE_POLARITY.has(t.lower) || (t.lower === "at" && rest[k + 1]?.lower === "all")));
}

/** Previous word, looking past adverbs ("it's already called" → "it's"). */
export function previousSkippingAdverbs(sentence: Sentence, i: number): Token | undefined {
  let k = i - 1;
  while (k >= 0 && !sentence.tokens[k].code && (ADVERBS.has(sentence.tokens[k].lower) || sentence.tokens[k].tags.has("Adverb"))) k--;
  return k >= 0 ? sentence.tokens[k] : undefined;
}

export function previous(sentence: Sentence, i: number): Token | undefined {
  return i > 0 ? sentence.tokens[i - 1] : undefined;
}

/** Next token only if separated by plain spaces: no punctuation, no code-span boundary issues. */
export function adjacentNext(sentence: Sentence, i: number): Token | undefined {
  const token = sentence.tokens[i + 1];
  return token && /^[ \t]+$/.test(token.gapBefore) ? token : undefined;
}

export function isVerbLike(token: Token | undefined): boolean {
  return !!token && !token.code && token.tags.has("Verb");
}

/** Position of the first word after any "Nit:"/"Please"-style lead-in. */
export function firstContentIndex(sentence: Sentence): number {
  let i = 0;
  while (i < sentence.tokens.length - 1 && SENTENCE_PREFIXES.has(sentence.tokens[i].lower)) i++;
  return i;
}

/** Auxiliary opens the sentence (after a wh-word at most), as in "Is this used?" or "Why does…". */
export function isInverted(sentence: Sentence, i: number): boolean {
  if (!sentence.question) return false;
  const first = firstContentIndex(sentence);
  return i === first || (i === first + 1 && WH_WORDS.has(sentence.tokens[first].lower));
}

export function edit(
  anchor: Token,
  start: number,
  end: number,
  after: string,
  rule: string,
  base: number,
  rationale: string,
): NegationEdit {
  return { start, end, after, rule, base, anchor, rationale };
}
