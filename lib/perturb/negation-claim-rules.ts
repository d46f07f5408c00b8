import { CLAIM_VERB_ANTONYMS, NEGATABLE_CLAIM_VERBS, claimVerbOf, inflect } from "./claim-verbs";
import { rhetoricalFrame } from "./clause-mood";
import { matchCase } from "./match-case";
import {
  ADVERBS,
  BE,
  DETERMINERS,
  DO,
  HAVE,
  LEXICAL_ANTONYMS,
  MODALS,
  NEGATIVE_WORDS,
  adjacentNext,
  edit,
  previous,
  type NegationRule,
  type RuleContext,
} from "./negation-vocabulary";
import type { Sentence, Token } from "./prose-tokens";
import { CLAUSE_BREAK } from "./prose-tokens";

// Rules for claims that rest on a verb or a contrast (issue #18): "this breaks…" → "this keeps…",
// "The callback gets the id, not the object" → "…the object, not the id", "Why not use X?".

const ANTONYM_VERBS = new Set(Object.keys(CLAIM_VERB_ANTONYMS));
const SUBJECT_WORDS = new Set([
  "this",
  "it",
  "that",
  "which",
  "who",
  "he",
  "she",
  "also",
  "silently",
  "now",
  "only",
  "just",
  "already",
  "still",
  "currently",
  "sometimes",
  "then",
  "everybody",
  "nobody",
  "something",
  "everything",
]);
const PLURAL_SUBJECT_WORDS = new Set(["we", "they", "you", "i", "both", "these", "those", "never", "always"]);
const PREPOSITIONS = new Set(["in", "on", "at", "for", "from", "to", "with", "by", "of", "as", "into", "over", "under", "after", "before"]);

/** Earlier word of the same clause that already negates, ignoring a rhetorical question's frame. */
function negatedBefore(sentence: Sentence, i: number): boolean {
  const frame = rhetoricalFrame(sentence, i);
  const { clause } = sentence.tokens[i];
  return sentence.tokens
    .slice(0, i)
    .some(
      (t, k) =>
        k !== frame && t.clause === clause && !t.code && (NEGATIVE_WORDS.has(t.lower) || t.lower.endsWith("n't") || t.lower === "cannot"),
    );
}

/** The verb stands where a finite verb of a claim stands: after its subject, not after "the" or "to". */
function inVerbPosition(sentence: Sentence, i: number, form: "base" | "third" | "past"): boolean {
  let k = i - 1;
  while (k >= 0 && !sentence.tokens[k].code && ADVERBS.has(sentence.tokens[k].lower) && !PLURAL_SUBJECT_WORDS.has(sentence.tokens[k].lower))
    k--;
  const prev = k >= 0 ? sentence.tokens[k] : undefined;
  if (!prev || CLAUSE_BREAK.test(sentence.tokens[k + 1]?.gapBefore ?? "")) return false;
  if (DETERMINERS.has(prev.lower) && prev.lower !== "this" && prev.lower !== "that") return false;
  if (prev.lower === "a" || prev.lower === "an") return false; // "a sorted list": an adjective
  if (
    prev.lower === "to" ||
    BE.has(prev.lower) ||
    MODALS.has(prev.lower) ||
    HAVE.has(prev.lower) ||
    DO.has(prev.lower) ||
    PREPOSITIONS.has(prev.lower)
  )
    return false;
  const next = sentence.tokens[i + 1];
  if (next && !next.code && (BE.has(next.lower) || MODALS.has(next.lower) || HAVE.has(next.lower))) return false; // "memory leaks are…": a noun
  if (form === "base") return PLURAL_SUBJECT_WORDS.has(prev.lower) || prev.tags.has("Plural") || rhetoricalFrame(sentence, i) !== undefined;
  // The tagger misreads plural subjects as verbs ("the keys matters"), so any content word may be the subject.
  return prev.code || SUBJECT_WORDS.has(prev.lower) || PLURAL_SUBJECT_WORDS.has(prev.lower) || !prev.tags.has("Conjunction");
}

function negatedVerb(context: RuleContext, base: string, form: "base" | "third" | "past"): string {
  const doForm = form === "third" ? "does" : form === "past" ? "did" : "do";
  const contracted = { does: "doesn't", did: "didn't", do: "don't" }[doForm];
  const not = context.contracted ? contracted.replace(/'/g, context.apostrophe) : `${doForm} not`;
  return `${not} ${base}`;
}

/**
 * "This breaks compatibility" → "This keeps compatibility", "leaks the handle" → "releases the
 * handle", "handles empty headers" → "ignores empty headers" (CLAIM_VERB_ANTONYMS); verbs with
 * no opposite in the lexicon are negated with do-support ("matters" → "does not matter").
 */
/** Objects the antonym cannot take: "reuses a new …", "keeps open a …" would be nonsense. */
const ANTONYM_CLASHES: Readonly<Record<string, RegExp>> = {
  allocate: /^\s+(a |an |the )?(new|fresh|separate)\b/i,
};

const swapClaimVerb: NegationRule = (sentence, i, context) => {
  const verb = sentence.tokens[i];
  if (verb.code || verb.quoted) return [];
  const antonym = claimVerbOf(verb.lower, ANTONYM_VERBS);
  const negatable = antonym ? undefined : claimVerbOf(verb.lower, NEGATABLE_CLAIM_VERBS);
  const found = antonym ?? negatable;
  if (!found || !inVerbPosition(sentence, i, found.form) || negatedBefore(sentence, i)) return [];
  // "still passes" → "no longer passes" and "always allocates" → "never allocates" say it better.
  const before = previous(sentence, i);
  if (before && !before.code && (before.lower === "still" || LEXICAL_ANTONYMS[before.lower])) return [];
  const nextToken = adjacentNext(sentence, i);
  if (nextToken && (NEGATIVE_WORDS.has(nextToken.lower) || nextToken.lower === "not")) return [];
  // "allocates a new buffer" → "reuses a new buffer" says nothing: where the object contradicts the
  // antonym, the verb is negated instead ("does not allocate a new buffer")
  const clash = antonym && ANTONYM_CLASHES[antonym.base];
  if (antonym && clash?.test(context.text.slice(verb.end))) {
    if (rhetoricalFrame(sentence, i) !== undefined) return [];
    const after = matchCase(verb.text, negatedVerb(context, antonym.base, antonym.form));
    return [edit(verb, verb.start, verb.end, after, "claim-verb", 66, `Negates the claim verb "${verb.text}" → "${after}"`)];
  }
  if (antonym) {
    const after = matchCase(verb.text, inflect(CLAIM_VERB_ANTONYMS[antonym.base], antonym.form));
    return [
      edit(verb, verb.start, verb.end, after, "claim-verb", 74, `Replaces the claim verb "${verb.text}" with its opposite "${after}"`),
    ];
  }
  if (!negatable || rhetoricalFrame(sentence, i) !== undefined) return [];
  const after = matchCase(verb.text, negatedVerb(context, negatable.base, negatable.form));
  return [edit(verb, verb.start, verb.end, after, "claim-verb", 66, `Negates the claim verb "${verb.text}" → "${after}"`)];
};

/** "Why not use `X` here?" → "Why use `X` here?": the rhetorical question now argues against X. */
const dropWhyNot: NegationRule = (sentence, i) => {
  const why = sentence.tokens[i];
  const not = adjacentNext(sentence, i);
  if (why.lower !== "why" || not?.lower !== "not" || !sentence.question) return [];
  return [edit(not, why.end, not.end, "", "why-not", 66, `Drops "not" from "${why.text} not", so the question argues the other way`)];
};

function isPreposition(token: Token): boolean {
  return !token.code && (PREPOSITIONS.has(token.lower) || token.tags.has("Preposition"));
}

/**
 * "X, not Y" contrasts swap their members: "gets the id, not the object" → "gets the object, not
 * the id", "in UTC, not local time" → "in local time, not UTC". Negating the verb instead would
 * say "does not get the id, not the object". Code spans move whole.
 */
const swapContrast: NegationRule = (sentence, i, context) => {
  const not = sentence.tokens[i];
  if (not.lower !== "not" || i === 0 || !/,/.test(not.gapBefore)) return [];
  let yEnd = i + 1;
  while (yEnd + 1 < sentence.tokens.length && !CLAUSE_BREAK.test(sentence.tokens[yEnd + 1].gapBefore)) yEnd++;
  const y = sentence.tokens.slice(i + 1, yEnd + 1);
  if (y.length === 0 || y.length > 4 || y.some((t) => NEGATIVE_WORDS.has(t.lower))) return [];
  let xStart = i - y.length;
  // "from the environment, not from the config file": the members start with the same preposition,
  // whatever their lengths
  if (isPreposition(y[0])) {
    for (let j = i - 1; j >= Math.max(0, i - 6); j--) {
      if (sentence.tokens[j].lower === y[0].lower) {
        xStart = j;
        break;
      }
      if (j < i - 1 && CLAUSE_BREAK.test(sentence.tokens[j + 1].gapBefore)) break;
    }
  }
  if (xStart < 0) return [];
  if (isPreposition(sentence.tokens[xStart]) && !isPreposition(y[0])) xStart++;
  const x = sentence.tokens.slice(xStart, i);
  if (x.length === 0 || x.slice(1).some((t) => CLAUSE_BREAK.test(t.gapBefore)) || x.some((t) => NEGATIVE_WORDS.has(t.lower))) return [];
  if (x.length === 1 && !x[0].code && (x[0].tags.has("Verb") || BE.has(x[0].lower))) return [];
  const xText = context.text.slice(x[0].start, x[x.length - 1].end);
  const yText = context.text.slice(y[0].start, y[y.length - 1].end);
  const middle = context.text.slice(x[x.length - 1].end, y[0].start);
  const edited = {
    ...edit(
      not,
      x[0].start,
      y[y.length - 1].end,
      `${yText}${middle}${xText}`,
      "contrast",
      78,
      `Swaps the members of the contrast "${xText}, not ${yText}"`,
    ),
    movesCode: x.some((t) => t.code) || y.some((t) => t.code),
  };
  return [edited];
};

/** "The test passes even if it returns `None`" → "… only if it returns `None`": the concession reversed. */
const evenIfOnlyIf: NegationRule = (sentence, i) => {
  const even = sentence.tokens[i];
  const next = adjacentNext(sentence, i);
  if (even.code || even.lower !== "even" || !next || !["if", "when"].includes(next.lower) || i === 0) return [];
  // ", even if the result is cached" is a clause of its own: "only if" there says nothing
  if (CLAUSE_BREAK.test(even.gapBefore)) return [];
  return [
    edit(even, even.start, even.end, matchCase(even.text, "only"), "even-if", 76, `"${even.text} ${next.text}" → "only ${next.text}"`),
  ];
};

/** "works for ASCII but not for multibyte input" → "works for ASCII and for multibyte input". */
const joinButNot: NegationRule = (sentence, i) => {
  const but = sentence.tokens[i];
  const not = adjacentNext(sentence, i);
  if (but.lower !== "but" || not?.lower !== "not" || !adjacentNext(sentence, not.index)) return [];
  return [edit(but, but.start, not.end, "and", "but-not", 72, `Turns "but not" into "and", so the exception is gone`)];
};

export const CLAIM_RULES: NegationRule[] = [swapClaimVerb, dropWhyNot, swapContrast, joinButNot, evenIfOnlyIf];
