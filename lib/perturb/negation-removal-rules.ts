import { matchCase } from "./match-case";
import {
  ADVERBS,
  AFFIRMABLE_AFTER_NOT,
  BE,
  BE_CONTRACTIONS,
  DO,
  HAVE,
  MODALS,
  NEGATED_AUXILIARY,
  adjacentNext,
  edit,
  isInverted,
  isVerbLike,
  negativePolarityFollows,
  previous,
  type NegationRule,
} from "./negation-vocabulary";
import type { Sentence, Token } from "./prose-tokens";
import { indefiniteArticle, pastTenseOf, thirdPersonOf } from "./verb-forms";

// Rules that turn a negative expression affirmative ("are not used" → "are used").

/** "isn't" → "is", "cannot" → "can", "won't" → "will". */
const removeNegatedAuxiliary: NegationRule = (sentence, i) => {
  const token = sentence.tokens[i];
  const affirmative = NEGATED_AUXILIARY[token.lower];
  if (!affirmative || token.code || negativePolarityFollows(sentence, i)) return [];
  return [
    edit(
      token,
      token.start,
      token.end,
      matchCase(token.text, affirmative),
      "negated-auxiliary",
      70,
      `Drops the negation of "${token.text}" → "${matchCase(token.text, affirmative)}"`,
    ),
  ];
};

/** "are not used" → "are used", "is also not needed" → "is also needed", "it's not" → "it's". */
const removeNotAfterAuxiliary: NegationRule = (sentence, i) => {
  const aux = sentence.tokens[i];
  if (!(BE.has(aux.lower) || MODALS.has(aux.lower) || HAVE.has(aux.lower) || BE_CONTRACTIONS.has(aux.lower))) return [];
  let j = i + 1;
  let before: Token | undefined = adjacentNext(sentence, i);
  if (before && ADVERBS.has(before.lower) && before.lower !== "not") {
    j++;
    before = adjacentNext(sentence, i + 1);
  }
  if (before?.lower !== "not" || negativePolarityFollows(sentence, j)) return [];
  const after = adjacentNext(sentence, j);
  if (after?.lower === "only") return []; // "not only … but also" is not a negation
  const keep = sentence.tokens[j - 1];
  return [edit(before, keep.end, before.end, "", "auxiliary-not", 70, `Removes "not" after "${aux.text}"`)];
};

/** The verb a do-form governs, skipping one adverb ("doesn't really handle"). */
function governedVerb(sentence: Sentence, i: number): Token | undefined {
  let candidate = adjacentNext(sentence, i);
  if (candidate && ADVERBS.has(candidate.lower)) candidate = adjacentNext(sentence, candidate.index);
  return candidate && isVerbLike(candidate) && !candidate.tags.has("Gerund") && !candidate.tags.has("PastTense") ? candidate : undefined;
}

/**
 * "don't call" → "call", "doesn't handle" → "handles", "didn't raise" → "raised",
 * "Don't call this" → "Call this", "Why doesn't this work?" → "Why does this work?".
 */
const removeDoSupport: NegationRule = (sentence, i, context) => {
  const aux = sentence.tokens[i];
  if (aux.code) return [];
  let form: string | undefined;
  let negEnd = aux.end;
  if (aux.lower === "don't" || aux.lower === "doesn't" || aux.lower === "didn't") form = aux.lower.slice(0, -3);
  else if (DO.has(aux.lower) && adjacentNext(sentence, i)?.lower === "not") {
    form = aux.lower;
    negEnd = sentence.tokens[i + 1].end;
  }
  if (!form || negativePolarityFollows(sentence, i)) return [];
  const negIndex = negEnd === aux.end ? i : i + 1;
  const verb = governedVerb(sentence, negIndex);
  const label = context.text.slice(aux.start, negEnd);
  if (!verb || isInverted(sentence, i)) {
    return [
      edit(
        aux,
        aux.start,
        negEnd,
        matchCase(aux.text, form),
        "do-support",
        verb ? 70 : 64,
        `Drops the negation of "${label}" → "${matchCase(aux.text, form)}"`,
      ),
    ];
  }
  const between = context.text.slice(sentence.tokens[negIndex].end, verb.start).replace(/^\s+/, "");
  const capitalise = /^[A-Z]/.test(aux.text);
  if (form === "do") {
    const after = capitalise ? matchCase(aux.text, between + verb.text) : between + verb.text;
    return [edit(aux, aux.start, verb.end, after, "do-support", 70, `Removes "${label}" so the sentence affirms "${verb.text}"`)];
  }
  const inflected = form === "does" ? thirdPersonOf(verb.lower) : pastTenseOf(verb.lower);
  if (!inflected) {
    return [
      edit(
        aux,
        aux.start,
        negEnd,
        matchCase(aux.text, form),
        "do-support",
        60,
        `Drops the negation of "${label}" (kept "${form}": could not inflect "${verb.text}")`,
      ),
    ];
  }
  if (between !== "") {
    // "doesn't really handle" → "does really handle": reinflecting past the adverb would edit two places
    return [
      edit(
        aux,
        aux.start,
        negEnd,
        matchCase(aux.text, form),
        "do-support",
        66,
        `Drops the negation of "${label}" → "${matchCase(aux.text, form)}"`,
      ),
    ];
  }
  const phrase = inflected;
  return [
    edit(
      aux,
      aux.start,
      verb.end,
      capitalise ? matchCase(aux.text, phrase) : phrase,
      "do-support",
      70,
      `Rewrites "${context.text.slice(aux.start, verb.end)}" as the affirmative "${phrase}"`,
    ),
  ];
};

/** "no longer used" → "still used". */
const removeNoLonger: NegationRule = (sentence, i) => {
  const no = sentence.tokens[i];
  const longer = adjacentNext(sentence, i);
  if (no.lower !== "no" || longer?.lower !== "longer") return [];
  return [edit(no, no.start, longer.end, matchCase(no.text, "still"), "no-longer", 64, `Replaces "no longer" with "still"`)];
};

/** "has no effect" → "has an effect", "there are no callers" → "there are callers". */
const removeNoDeterminer: NegationRule = (sentence, i) => {
  const no = sentence.tokens[i];
  const prev = previous(sentence, i);
  const noun = adjacentNext(sentence, i);
  if (no.lower !== "no" || !prev || !noun || !/^[ \t]+$/.test(no.gapBefore)) return [];
  if (noun.lower === "longer" || noun.lower === "one") return [];
  const owner = HAVE.has(prev.lower) || BE.has(prev.lower) || prev.lower === "there's";
  if (!owner) return [];
  const existential = BE.has(prev.lower) ? previous(sentence, i - 1)?.lower === "there" : true;
  if (!existential) return [];
  const singular = !noun.code && noun.tags.has("Singular") && !noun.tags.has("Uncountable") && !noun.tags.has("Plural");
  const plural = prev.lower === "are" || prev.lower === "were";
  const after = singular && !plural ? indefiniteArticle(noun.text) : "";
  const start = after ? no.start : prev.end;
  return [
    edit(
      no,
      start,
      no.end,
      after,
      "no-determiner",
      62,
      `Turns "${prev.text} no ${noun.text}" into "${prev.text} ${after ? `${after} ` : ""}${noun.text}"`,
    ),
  ];
};

/** "Not needed." → "Needed.", "if not required" → "if required" (no auxiliary before "not"). */
const removeBareNot: NegationRule = (sentence, i) => {
  const not = sentence.tokens[i];
  const word = adjacentNext(sentence, i);
  const prev = previous(sentence, i);
  if (not.lower !== "not" || !word || !AFFIRMABLE_AFTER_NOT.has(word.lower)) return [];
  if (
    prev &&
    (BE.has(prev.lower) ||
      MODALS.has(prev.lower) ||
      HAVE.has(prev.lower) ||
      DO.has(prev.lower) ||
      BE_CONTRACTIONS.has(prev.lower) ||
      ADVERBS.has(prev.lower))
  )
    return [];
  const capitalised = /^[A-Z]/.test(not.text);
  return [
    edit(
      not,
      not.start,
      word.end,
      capitalised ? matchCase(not.text, word.text) : word.text,
      "bare-not",
      64,
      `Removes "not" before "${word.text}"`,
    ),
  ];
};

/** "No need to X" / "No need for X" at the start of a clause → "Need to X" / "Need for X". */
const removeNoNeed: NegationRule = (sentence, i) => {
  const no = sentence.tokens[i];
  const need = adjacentNext(sentence, i);
  const link = need && adjacentNext(sentence, need.index);
  if (no.lower !== "no" || need?.lower !== "need" || !link || (link.lower !== "to" && link.lower !== "for")) return [];
  const prev = previous(sentence, i);
  if (prev && !/[;:,\u2013\u2014]/.test(no.gapBefore)) return [];
  const after = matchCase(no.text, need.text.toLowerCase());
  return [edit(no, no.start, need.end, after, "no-need", 60, `Turns "${no.text} need ${link.text}" into "${after} ${link.text}"`)];
};

/** "if no rows match" → "if any rows match"; "without a lock" → "with a lock". */
const removeNegativeQuantifier: NegationRule = (sentence, i) => {
  const token = sentence.tokens[i];
  const prev = previous(sentence, i);
  const nextToken = adjacentNext(sentence, i);
  if (token.lower === "without" && nextToken) {
    return [edit(token, token.start, token.end, matchCase(token.text, "with"), "without", 50, `Replaces "without" with "with"`)];
  }
  if (token.lower === "no" && prev && (prev.lower === "if" || prev.lower === "when") && nextToken && nextToken.lower !== "longer") {
    return [
      edit(
        token,
        token.start,
        token.end,
        "any",
        "no-to-any",
        50,
        `Turns "${prev.text} no ${nextToken.text}" into "${prev.text} any ${nextToken.text}"`,
      ),
    ];
  }
  if (token.lower === "none" && nextToken?.lower === "of") {
    return [edit(token, token.start, token.end, matchCase(token.text, "all"), "none-of", 52, `Replaces "none of" with "all of"`)];
  }
  return [];
};

export const REMOVAL_RULES: NegationRule[] = [
  removeNegatedAuxiliary,
  removeNotAfterAuxiliary,
  removeDoSupport,
  removeNoLonger,
  removeNoDeterminer,
  removeBareNot,
  removeNoNeed,
  removeNegativeQuantifier,
];
