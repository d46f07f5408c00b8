import { CLAIM_VERB_ANTONYMS, NEGATABLE_CLAIM_VERBS, claimVerbOf } from "./claim-verbs";
import { rhetoricalFrame } from "./clause-mood";
import { matchCase, withApostrophe } from "./match-case";

const ANTONYM_VERBS = new Set(Object.keys(CLAIM_VERB_ANTONYMS));
import {
  ADVERBS,
  ADVERBS_BEFORE_NOT,
  BE,
  BE_CONTRACTIONS,
  DETERMINERS,
  DO,
  HAVE,
  LEXICAL_ANTONYMS,
  PREDICATE_HEADS,
  PREDICATIVE_ANTONYMS,
  MODALS,
  NEGATE_CONTRACTED,
  NEGATE_FULL,
  NEGATIVE_WORDS,
  adjacentNext,
  edit,
  firstContentIndex,
  isInverted,
  isVerbLike,
  previous,
  previousSkippingAdverbs,
  type NegationRule,
  type RuleContext,
} from "./negation-vocabulary";
import type { Sentence, Token } from "./prose-tokens";
import { infinitiveOf } from "./verb-forms";

// Rules that negate an affirmative expression ("is used" → "is not used").

function negatedForm(word: string, context: RuleContext, forceContraction: boolean): string | undefined {
  const contracted = NEGATE_CONTRACTED[word];
  if (forceContraction) return contracted && withApostrophe(contracted, context.apostrophe);
  if (context.contracted && contracted) return withApostrophe(contracted, context.apostrophe);
  return NEGATE_FULL[word];
}

/** The word after the auxiliary (skipping one adverb) already negates: no double negatives. */
function followedByNegation(sentence: Sentence, i: number): boolean {
  let after = adjacentNext(sentence, i);
  if (after && ADVERBS.has(after.lower)) after = adjacentNext(sentence, after.index);
  if (!after) return false;
  if (NEGATIVE_WORDS.has(after.lower) || after.lower.endsWith("n't")) return true;
  return after.lower === "no" || (after.lower === "longer" && previous(sentence, after.index)?.lower === "no");
}

/** "None of these branches can return…": the clause is negative already, a "not" would double it. */
function clauseAlreadyNegative(sentence: Sentence, i: number): boolean {
  const { clause } = sentence.tokens[i];
  const frame = rhetoricalFrame(sentence, i); // "Isn't this always true?": the question's form, not its claim
  return sentence.tokens
    .slice(0, i)
    .some((t, k) => k !== frame && t.clause === clause && !t.code && (NEGATIVE_WORDS.has(t.lower) || t.lower.endsWith("n't")));
}

function isAuxiliaryHave(sentence: Sentence, i: number): boolean {
  const after = adjacentNext(sentence, i);
  return !!after && (after.lower === "been" || after.lower === "got" || (after.tags.has("PastTense") && after.tags.has("Verb")));
}

/** "is used" → "is not used", "can be None" → "cannot be None", "Is this used?" → "Isn't this used?". */
const negateAuxiliary: NegationRule = (sentence, i, context) => {
  const aux = sentence.tokens[i];
  const word = aux.lower;
  if (aux.code || !(BE.has(word) || MODALS.has(word) || HAVE.has(word) || DO.has(word))) return [];
  if (!aux.tags.has("Verb") || aux.tags.has("Noun") || aux.tags.has("Date")) return []; // "a can", "in May"
  const nextToken = adjacentNext(sentence, i);
  if (!nextToken || followedByNegation(sentence, i)) return [];
  if (previous(sentence, i)?.lower === "not" || clauseAlreadyNegative(sentence, i)) return [];
  if (BE.has(word) && previous(sentence, i)?.lower === "there" && !isInverted(sentence, i)) return []; // negateExistential reads better
  if (HAVE.has(word) && !isAuxiliaryHave(sentence, i)) return [];
  const inverted = isInverted(sentence, i);
  if (DO.has(word) && !inverted && !isVerbLike(nextToken)) return [];
  if (inverted) {
    if (sentence.tokens.slice(i + 1, i + 4).some((t) => t.lower === "not")) return []; // "Could we not…?"
    const form = negatedForm(word, context, true);
    if (!form) return [];
    return [
      edit(
        aux,
        aux.start,
        aux.end,
        matchCase(aux.text, form),
        "auxiliary",
        68,
        `Negates the question's auxiliary "${aux.text}" → "${matchCase(aux.text, form)}"`,
      ),
    ];
  }
  // "is already applied" → "is not yet applied": "not already" is not how a claim is reversed
  if (nextToken.lower === "already" && !nextToken.code && (BE.has(word) || HAVE.has(word))) {
    return [
      edit(
        aux,
        nextToken.start,
        nextToken.end,
        matchCase(nextToken.text, "not yet"),
        "auxiliary",
        68,
        `"${aux.text} already" → "${aux.text} not yet"`,
      ),
    ];
  }
  if (ADVERBS_BEFORE_NOT.has(nextToken.lower)) {
    return [edit(aux, nextToken.end, nextToken.end, " not", "auxiliary", 68, `Inserts "not" after "${aux.text} ${nextToken.text}"`)];
  }
  const form = negatedForm(word, context, false);
  if (!form) return [];
  return [
    edit(aux, aux.start, aux.end, matchCase(aux.text, form), "auxiliary", 68, `Negates "${aux.text}" → "${matchCase(aux.text, form)}"`),
  ];
};

/** "it's used" → "it's not used". */
const negateBeContraction: NegationRule = (sentence, i) => {
  const token = sentence.tokens[i];
  if (
    token.code ||
    !BE_CONTRACTIONS.has(token.lower) ||
    !adjacentNext(sentence, i) ||
    followedByNegation(sentence, i) ||
    clauseAlreadyNegative(sentence, i)
  )
    return [];
  return [edit(token, token.end, token.end, " not", "be-contraction", 66, `Inserts "not" after "${token.text}"`)];
};

const NO_ARTICLE = new Set(["a", "an", "any", "some"]);

/** Main-verb have: "has a bug" → "has no bug", "has side effects" → "has no side effects". */
const negatePossession: NegationRule = (sentence, i, context) => {
  const have = sentence.tokens[i];
  if (have.code || !HAVE.has(have.lower) || !have.tags.has("Verb") || isAuxiliaryHave(sentence, i) || clauseAlreadyNegative(sentence, i))
    return [];
  const object = adjacentNext(sentence, i);
  if (!object || followedByNegation(sentence, i) || isInverted(sentence, i)) return [];
  if (NO_ARTICLE.has(object.lower)) {
    return [edit(have, object.start, object.end, "no", "possession", 62, `Turns "${have.text} ${object.text}" into "${have.text} no"`)];
  }
  if (object.lower === "to" || DETERMINERS.has(object.lower)) {
    // "will have to move": "have" after a modal or "to" takes no do-support ("will don't have to")
    const previous = sentence.tokens[i - 1];
    if (previous && !previous.code && (MODALS.has(previous.lower) || previous.lower === "to" || previous.lower === "'ll")) return [];
    const doForm = have.lower === "has" ? "does" : have.lower === "have" ? "do" : "did";
    const negated = negatedForm(doForm, context, false);
    if (!negated) return [];
    const phrase = `${negated} have`;
    return [edit(have, have.start, have.end, matchCase(have.text, phrase), "possession", 60, `Rewrites "${have.text}" as "${phrase}"`)];
  }
  if (object.code || object.tags.has("Noun") || object.tags.has("Adjective")) {
    return [edit(have, have.end, have.end, " no", "possession", 62, `Inserts "no" after "${have.text}"`)];
  }
  return [];
};

/** "there is a race" → "there is no race", "there are callers" → "there are no callers". */
const negateExistential: NegationRule = (sentence, i) => {
  const there = sentence.tokens[i];
  if ((there.lower !== "there" && there.lower !== "there's") || clauseAlreadyNegative(sentence, i)) return [];
  const verbIndex = there.lower === "there" ? i + 1 : i;
  const verb = sentence.tokens[verbIndex];
  if (!verb || (verb !== there && (!BE.has(verb.lower) || !/^[ \t]+$/.test(verb.gapBefore)))) return [];
  const object = adjacentNext(sentence, verbIndex);
  if (!object || followedByNegation(sentence, verbIndex)) return [];
  if (NO_ARTICLE.has(object.lower) || object.lower === "many") {
    return [
      edit(
        there,
        object.start,
        object.end,
        "no",
        "existential",
        62,
        `Turns "there ${verb.text.replace(/^there's$/i, "is")} ${object.text}" into "… no"`,
      ),
    ];
  }
  if (DETERMINERS.has(object.lower) || object.lower === "to" || object.lower === "also" || object.lower === "still") return [];
  return [edit(there, verb.end, verb.end, " no", "existential", 62, `Inserts "no" after "${phraseOf(there, verb)}"`)];
};

function phraseOf(first: Token, second: Token): string {
  return first === second ? first.text : `${first.text} ${second.text}`;
}

const NEEDED_AFTER = new Set(["if", "when", "where", "whenever", "wherever", "be", "been", "being", ...BE]);
const POSSIBLE_IDIOMS = new Set(["as", "if", "where", "when", "whenever", "wherever"]);

/** "always" ↔ "never", "necessary" ↔ "unnecessary", "if needed" → "if not needed", "unused" → "used". */
const swapAntonym: NegationRule = (sentence, i) => {
  const token = sentence.tokens[i];
  if (token.code) return [];
  const prev = previous(sentence, i);
  if (
    (token.lower === "needed" || token.lower === "required") &&
    prev &&
    NEEDED_AFTER.has(prev.lower) &&
    /^[ \t]+$/.test(token.gapBefore)
  ) {
    return [edit(token, token.start, token.start, "not ", "antonym", 64, `Inserts "not" before "${token.text}"`)];
  }
  const predicative = prev && PREDICATE_HEADS.has(prev.lower) ? PREDICATIVE_ANTONYMS[token.lower] : undefined;
  const antonym = LEXICAL_ANTONYMS[token.lower] ?? predicative;
  if (!antonym) return [];
  if (prev?.lower === "not") return []; // "not always" is handled by dropping "not"
  if (!NEGATIVE_WORDS.has(token.lower) && clauseAlreadyNegative(sentence, i)) return []; // "isn't always" ↛ "isn't never"
  if (token.lower === "possible" && prev && POSSIBLE_IDIOMS.has(prev.lower)) return []; // "if possible"
  if ((token.lower === "nothing" || token.lower === "something") && sentence.question) return [];
  return [
    edit(
      token,
      token.start,
      token.end,
      matchCase(token.text, antonym),
      "antonym",
      token.lower === "always" || token.lower === "never" ? 64 : 62,
      `Replaces "${token.text}" with its opposite "${matchCase(token.text, antonym)}"`,
    ),
  ];
};

/** "is still used" → "is no longer used"; "still works" → "no longer works". */
const negateStill: NegationRule = (sentence, i) => {
  const still = sentence.tokens[i];
  const prev = previous(sentence, i);
  const nextToken = adjacentNext(sentence, i);
  if (still.lower !== "still" || !prev || !nextToken || clauseAlreadyNegative(sentence, i)) return [];
  if (NEGATIVE_WORDS.has(nextToken.lower) || nextToken.lower.endsWith("n't")) return [];
  const afterAuxiliary = BE.has(prev.lower) || MODALS.has(prev.lower) || HAVE.has(prev.lower);
  const claimVerb = !!claimVerbOf(nextToken.lower, NEGATABLE_CLAIM_VERBS) || !!claimVerbOf(nextToken.lower, ANTONYM_VERBS);
  if (!afterAuxiliary && !claimVerb && !(isVerbLike(nextToken) && !nextToken.tags.has("Auxiliary"))) return [];
  return [edit(still, still.start, still.end, matchCase(still.text, "no longer"), "still", 58, `Replaces "still" with "no longer"`)];
};

/** "all of" → "none of", "all callers" → "no callers", "accepts any iterable" → "accepts no iterable". */
const negateQuantifier: NegationRule = (sentence, i) => {
  const token = sentence.tokens[i];
  const prev = previous(sentence, i);
  const nextToken = adjacentNext(sentence, i);
  if (token.code || !nextToken) return [];
  if (token.lower === "all") {
    if (prev && (prev.lower === "at" || prev.lower === "after" || prev.lower === "not")) return [];
    if (nextToken.lower === "of")
      return [edit(token, token.start, token.end, matchCase(token.text, "none"), "quantifier", 52, `Replaces "all of" with "none of"`)];
    if (nextToken.lower === "the")
      return [
        edit(token, token.start, token.end, matchCase(token.text, "none of"), "quantifier", 50, `Replaces "all the" with "none of the"`),
      ];
    if (nextToken.tags.has("Plural"))
      return [
        edit(
          token,
          token.start,
          token.end,
          matchCase(token.text, "no"),
          "quantifier",
          50,
          `Replaces "all ${nextToken.text}" with "no ${nextToken.text}"`,
        ),
      ];
    return [];
  }
  if (token.lower !== "any" || sentence.question || !prev) return [];
  const clause = sentence.tokens.slice(0, i).filter((t) => !t.code);
  const blocked = clause.some(
    (t) =>
      NEGATIVE_WORDS.has(t.lower) ||
      t.lower.endsWith("n't") ||
      t.lower === "if" ||
      t.lower === "whether" ||
      t.lower === "unless" ||
      t.lower === "than" ||
      t.lower === "before",
  );
  if (blocked || !(nextToken.tags.has("Noun") || nextToken.code)) return [];
  if (!(prev.tags.has("Verb") || prev.tags.has("Preposition")) || prev.tags.has("Auxiliary")) return [];
  return [edit(token, token.start, token.end, "no", "quantifier", 48, `Replaces "any" with "no"`)];
};

function firstInClause(sentence: Sentence, i: number): number {
  let k = i;
  while (k > 0 && sentence.tokens[k - 1].clause === sentence.tokens[i].clause) k--;
  return k;
}

/** A verb that carries tense for its clause: auxiliaries, modals, and -s / past forms. */
function isFiniteVerb(token: Token): boolean {
  if (token.code) return false;
  if (BE.has(token.lower) || MODALS.has(token.lower) || DO.has(token.lower) || HAVE.has(token.lower) || token.lower.endsWith("n't"))
    return true;
  if (!token.tags.has("Verb") || token.tags.has("Gerund") || token.tags.has("Infinitive")) return false;
  return token.tags.has("PastTense") || token.tags.has("PresentTense") || token.tags.has("Auxiliary");
}

// Courtesies, and hedges whose claim sits in the clause they introduce ("I think this isn't right").
const NOT_A_CLAIM = new Set([
  "thanks",
  "thank",
  "cheers",
  "lgtm",
  "see",
  "let's",
  "lets",
  "think",
  "guess",
  "believe",
  "suppose",
  "assume",
  "feel",
  "wonder",
  "hope",
  "mean",
  "seem",
  "seems",
  "appear",
  "appears",
]);
const PLURAL_SUBJECTS = new Set(["we", "they", "you", "i", "these", "those", "both", "users", "people"]);

/** Main verb without auxiliary: "sorts" → "doesn't sort", "raised" → "didn't raise", "Use X" → "Don't use X". */
const negateMainVerb: NegationRule = (sentence, i, context) => {
  const verb = sentence.tokens[i];
  const word = verb.lower;
  if (verb.code || !verb.tags.has("Verb") || NOT_A_CLAIM.has(word)) return [];
  if (["Auxiliary", "Modal", "Copula", "Gerund", "Passive"].some((t) => verb.tags.has(t))) return [];
  if (BE.has(word) || MODALS.has(word) || HAVE.has(word) || DO.has(word) || word.includes("'") || word.includes("-")) return [];
  const prev = previousSkippingAdverbs(sentence, i);
  const nextToken = adjacentNext(sentence, i);
  if (nextToken && (NEGATIVE_WORDS.has(nextToken.lower) || nextToken.lower === "not")) return [];
  const first = firstContentIndex(sentence);
  const atStart = i === first;
  const prevBlocks =
    prev &&
    !atStart &&
    (prev.lower === "to" ||
      NEGATIVE_WORDS.has(prev.lower) ||
      prev.lower.endsWith("n't") ||
      BE.has(prev.lower) ||
      BE_CONTRACTIONS.has(prev.lower) ||
      MODALS.has(prev.lower) ||
      HAVE.has(prev.lower) ||
      DO.has(prev.lower) ||
      prev.tags.has("Auxiliary") ||
      prev.tags.has("Preposition") ||
      prev.tags.has("Determiner"));
  if (prevBlocks || clauseAlreadyNegative(sentence, i)) return [];
  const earlier = sentence.tokens.slice(firstInClause(sentence, i), i);
  if (earlier.some((t) => !t.code && (isFiniteVerb(t) || BE_CONTRACTIONS.has(t.lower)))) return []; // "Can you add…": the auxiliary governs
  if (atStart && sentence.tokens.slice(i + 1).some((t) => t.clause === verb.clause && !t.subordinate && isFiniteVerb(t))) return []; // "Type narrowing doesn't work"
  let doForm: "does" | "do" | "did" | undefined;
  if (verb.tags.has("PastTense") && !atStart) doForm = "did";
  else if (verb.tags.has("PresentTense") && !verb.tags.has("Infinitive") && /s$/.test(word)) doForm = "does";
  else if (verb.tags.has("Infinitive") && atStart && !sentence.question && nextToken) doForm = "do";
  else if (verb.tags.has("Infinitive") && prev && (PLURAL_SUBJECTS.has(prev.lower) || prev.tags.has("Plural"))) doForm = "do";
  if (!doForm || (atStart && doForm === "does" && !nextToken)) return [];
  if (doForm === "did" && nextToken?.lower === "by") return []; // "the value returned by …" is passive
  const infinitive = doForm === "do" ? word : infinitiveOf(word);
  if (!infinitive) return [];
  const negated = negatedForm(doForm, context, false);
  if (!negated) return [];
  const adverb = previous(sentence, i);
  const dropsAlready = adverb?.lower === "already" && /^[ \t]+$/.test(verb.gapBefore);
  const start = dropsAlready && adverb ? adverb.start : verb.start;
  const original = context.text.slice(start, verb.end);
  const after = matchCase(original, `${negated} ${infinitive}`);
  const imperative = atStart && doForm === "do";
  return [
    edit(
      verb,
      start,
      verb.end,
      after,
      imperative ? "imperative" : "main-verb",
      imperative ? 60 : 56,
      `Negates the verb "${original}" → "${after}"`,
    ),
  ];
};

export const ADDITION_RULES: NegationRule[] = [
  negateAuxiliary,
  negateBeContraction,
  negatePossession,
  negateExistential,
  swapAntonym,
  negateStill,
  negateQuantifier,
  negateMainVerb,
];
