import { matchCase } from "./match-case";
import { ADVERBS, BE, BE_CONTRACTIONS, HAVE, MODALS, NEGATED_AUXILIARY, edit, type NegationRule } from "./negation-vocabulary";
import type { Sentence, Token } from "./prose-tokens";
import { pastTenseOf, thirdPersonOf } from "./verb-forms";

// Negative-polarity items (issue #18): "anymore", "yet", "either", "anywhere", "at all" need a
// negation to license them, so dropping the negation alone gives "is used anymore". They are
// rewritten together with their licence: "not used anymore" → "still used", "hasn't been
// released yet" → "has already been released", "isn't cached either" → "is cached too".

type Polarity = {
  /** First and last token of the item ("at all" is two). */
  first: number;
  last: number;
  /** Adverb the affirmative needs before the verb ("still", "already"), if any. */
  insert?: string;
  /** What replaces the item ("too", "elsewhere", "a lot"); "" drops it. */
  replace: string;
};

function polarityAt(sentence: Sentence, k: number): Polarity | undefined {
  const t = sentence.tokens;
  const token = t[k];
  if (token.code) return undefined;
  const next = t[k + 1];
  const sameClause = (n: Token | undefined) => !!n && n.clause === token.clause;
  switch (token.lower) {
    case "anymore":
      return { first: k, last: k, insert: "still", replace: "" };
    case "yet":
      return k > 0 && !sameClause(next) ? { first: k, last: k, insert: "already", replace: "" } : undefined;
    case "either":
      return !sameClause(next) ? { first: k, last: k, replace: "too" } : undefined;
    case "anywhere":
      return next?.lower === "else" ? { first: k, last: k + 1, replace: "elsewhere" } : { first: k, last: k, replace: "elsewhere" };
    case "at":
      return next?.lower === "all" && !(t[k + 2] && sameClause(t[k + 2]) && t[k + 2].tags.has("Noun") && t[k + 2].lower !== "here")
        ? { first: k, last: k + 1, replace: "a lot" }
        : undefined;
    case "any":
      return next && (next.lower === "longer" || next.lower === "more") && !sameClause(t[k + 2])
        ? { first: k, last: k + 1, insert: "still", replace: "" }
        : undefined;
    default:
      return undefined;
  }
}

type Licence = { start: number; end: number; affirmative: string; verbFirst: boolean };

const NEGATIVE_PRONOUNS: Record<string, string> = { nothing: "something", nobody: "somebody", "no one": "someone" };

/** The negation licensing the item at k, searched backwards in its clause, as an affirmative head. */
function licenceFor(sentence: Sentence, k: number): { licence: Licence; anchor: Token; after: number } | undefined {
  const t = sentence.tokens;
  // "yet" also coordinates, so the tokenizer may open a clause at it; its licence is before it.
  const clause = t[k].lower === "yet" && k > 0 ? t[k - 1].clause : t[k].clause;
  for (let j = k - 1; j >= 0 && t[j].clause === clause; j--) {
    const token = t[j];
    if (token.code) continue;
    const aux = NEGATED_AUXILIARY[token.lower];
    if (aux)
      return {
        licence: { start: token.start, end: token.end, affirmative: matchCase(token.text, aux), verbFirst: false },
        anchor: token,
        after: j + 1,
      };
    if (token.lower === "not" && j > 0) {
      const prev = t[j - 1];
      if (BE.has(prev.lower) || MODALS.has(prev.lower) || HAVE.has(prev.lower) || BE_CONTRACTIONS.has(prev.lower)) {
        return { licence: { start: prev.start, end: token.end, affirmative: prev.text, verbFirst: false }, anchor: token, after: j + 1 };
      }
      return undefined;
    }
    const doForm = /^(do|does|did)n't$/.exec(token.lower)?.[1];
    if (doForm) {
      const v = j + 1;
      if (t[v] && ADVERBS.has(t[v].lower)) return undefined; // "doesn't really help at all": two places
      const verb = t[v];
      if (!verb || verb.code || verb.clause !== token.clause) return undefined;
      const inflected = doForm === "does" ? thirdPersonOf(verb.lower) : doForm === "did" ? pastTenseOf(verb.lower) : verb.lower;
      if (!inflected) return undefined;
      const affirmative = /^[A-Z]/.test(token.text) ? matchCase(token.text, inflected) : inflected;
      return { licence: { start: token.start, end: verb.end, affirmative, verbFirst: true }, anchor: token, after: v + 1 };
    }
    const pronoun = NEGATIVE_PRONOUNS[token.lower];
    if (pronoun)
      return {
        licence: { start: token.start, end: token.end, affirmative: matchCase(token.text, pronoun), verbFirst: false },
        anchor: token,
        after: j + 1,
      };
  }
  return undefined;
}

/** Rewrites a negation together with the negative-polarity item it licenses, as one short edit. */
const rewriteNegativePolarity: NegationRule = (sentence, k, context) => {
  const found = licenceFor(sentence, k);
  const at = polarityAt(sentence, k);
  if (!at || !found) return [];
  const { licence, anchor, after } = found;
  // "isn't slow at all" → "is really slow"; "doesn't help at all" → "helps a lot"
  const item = at.replace === "a lot" && !licence.verbFirst ? { ...at, insert: "really", replace: "" } : at;
  const t = sentence.tokens;
  const between = t.slice(after, item.first);
  if (between.length > 5 || between.some((b) => b.code)) return [];
  const itemStart = t[item.first].start;
  const itemEnd = t[item.last].end;
  let middle = context.text.slice(licence.end, itemStart);
  if (item.replace === "") middle = middle.replace(/\s+$/, "");
  const tail = item.replace === "" ? "" : item.replace;
  let head = licence.affirmative;
  if (item.insert) {
    // "is still used", "has already been", "still works", "something still imports it"
    head = licence.verbFirst
      ? `${matchCase(licence.affirmative, item.insert)} ${licence.affirmative.toLowerCase() === licence.affirmative ? licence.affirmative : licence.affirmative[0].toLowerCase() + licence.affirmative.slice(1)}`
      : `${licence.affirmative} ${item.insert}`;
    if (!licence.verbFirst && NEGATIVE_PRONOUNS[anchor.lower]) {
      // pronoun subject: the adverb goes before the verb that follows it
      const verb = t[after];
      if (!verb) return [];
      const rest = context.text.slice(verb.start, itemStart);
      const body = item.replace === "" ? rest.replace(/\s+$/, "") : rest;
      const replacement = `${licence.affirmative} ${item.insert} ${body}${tail}`;
      return [
        edit(
          anchor,
          licence.start,
          itemEnd,
          replacement,
          "polarity",
          76,
          `Rewrites "${context.text.slice(licence.start, itemEnd)}" with its licence as "${replacement}"`,
        ),
      ];
    }
  }
  const replacement = `${head}${middle}${tail}`;
  return [
    edit(
      anchor,
      licence.start,
      itemEnd,
      replacement,
      "polarity",
      76,
      `Rewrites "${context.text.slice(licence.start, itemEnd)}" with its licence as "${replacement}"`,
    ),
  ];
};

export const POLARITY_RULES: NegationRule[] = [rewriteNegativePolarity];
