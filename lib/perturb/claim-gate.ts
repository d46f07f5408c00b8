import type { NegationEdit } from "./negation-vocabulary";
import type { Sentence, Token } from "./prose-tokens";

// Which negation edits reverse the comment's technical claim (issue #28 items 1–2), read from real
// review threads: a reviewer's own state of mind ("I noticed", "I thought", "I'm not sure"), a
// hedged suggestion ("would be clearer", "could be", "maybe"), a focus word ("not just", "not
// also"), a double negative ("will not be non-required", "is not … not `x`") and a noun or
// participle taken for a verb ("lines" → "does not line", "be used" → "be did not use") are not
// the claim, or no longer read as a sentence. Each returns why the edit is refused.

/** Verbs and adjectives of the writer's own mind or speech: negating them edits the writer, not the code. */
const MENTAL = new Set([
  "think",
  "thought",
  "notice",
  "noticed",
  "wonder",
  "wondered",
  "guess",
  "like",
  "liked",
  "prefer",
  "know",
  "knew",
  "mean",
  "meant",
  "feel",
  "felt",
  "believe",
  "suppose",
  "agree",
  "understand",
  "saying",
  "say",
  "said",
  "looked",
  "sure",
  "surprised",
  "unable",
  "able",
  "happy",
  "confused",
  "aware",
  "worried",
  "tried",
  "trying",
  "verified",
  "tested",
  "seeing",
  "see",
  "saw",
  "expect",
  "expected",
  "hope",
  "missing",
]);

const FIRST_PERSON = new Set(["i", "i'm", "i've", "i'd", "i'll", "me", "im", "my"]);

/** "I think / I believe / I guess …" frame a claim that follows; other first-person verbs are the writer's own doing. */
const OPINION_FRAMES = new Set(["think", "believe", "guess", "suspect", "assume", "feel", "bet", "sure", "pretty", "fairly", "reckon"]);

/** Where a new, contrasting statement starts: the first-person frame before it does not reach past. */
const CONTRASTS = new Set(["but", "however", "though", "although", "yet"]);

/** Evaluations of taste, not claims about the code: "This is fine", "Context windows are frustrating". */
const EVALUATIVE = new Set([
  "fine",
  "good",
  "great",
  "nice",
  "cool",
  "awesome",
  "frustrating",
  "annoying",
  "weird",
  "confusing",
  "interesting",
  "ugly",
  "cleaner",
  "better",
  "worse",
  "happy",
  "sad",
  "okay",
  "ok",
  "fun",
  "funny",
]);

const REQUEST_WORDS = new Set(["please", "let's", "lets", "pls", "plz"]);

/** Modals of a hypothesis or a suggestion: "would be clearer", "could be copied", "might be okay". */
const HEDGING_MODALS = new Set(["would", "could", "might", "may", "'d"]);

/** Words that make the sentence a suggestion rather than a claim about the code. */
const SUGGESTION_MARKERS = new Set(["maybe", "perhaps", "probably", "prefer", "suggest", "suggestion", "consider", "worth", "ideally"]);

/** A "not" before these reads as "more than": "is not just logging", "can not also cause". */
const FOCUS_WORDS = new Set(["just", "merely", "simply", "also", "even", "still", "too", "necessarily"]);

const NEGATIONS = new Set(["not", "n't", "no", "never", "nothing", "nobody", "without"]);

const DETERMINERS = new Set([
  "a",
  "an",
  "the",
  "some",
  "these",
  "those",
  "any",
  "no",
  "my",
  "your",
  "our",
  "their",
  "its",
  "his",
  "her",
  "blank",
  "few",
  "many",
  "more",
  "most",
]);

const MODAL_WORDS = new Set(["might", "may", "could", "would", "should", "can", "will", "must", "shall"]);

const PASSIVE_HEADS = new Set(["be", "been", "being", "is", "are", "was", "were", "get", "gets", "got", "to"]);

/** Rules that add a negation word to an affirmative verb ("is" → "is not", "avoid" → "do not avoid"). */
const INSERTIONS = new Set(["auxiliary", "be-contraction", "main-verb", "existential"]);

function nextWords(sentence: Sentence, from: number, count: number): Token[] {
  return sentence.tokens
    .slice(from + 1)
    .filter((t) => !t.code)
    .slice(0, count);
}

function previousWord(sentence: Sentence, at: number): Token | undefined {
  for (let k = at - 1; k >= 0; k--) if (!sentence.tokens[k].code) return sentence.tokens[k];
  return undefined;
}

/** Lower case without markdown emphasis: "_might_" → "might". */
function plain(token: Token): string {
  return token.lower.replace(/^[_*~]+|[_*~]+$/g, "");
}

/**
 * The writer speaking of themselves: a first-person subject earlier in the statement (up to a
 * "but"), unless it only frames a claim ("I think this leaks" keeps "this leaks").
 */
function firstPersonStatement(sentence: Sentence, at: number): boolean {
  let from = 0;
  for (let k = 0; k < at; k++) if (CONTRASTS.has(sentence.tokens[k].lower)) from = k + 1;
  for (let k = at - 1; k >= from; k--) {
    const token = sentence.tokens[k];
    if (!FIRST_PERSON.has(token.lower)) continue;
    const next = sentence.tokens.slice(k + 1, at).find((t) => !t.code && t.lower !== "really" && t.lower !== "do");
    return !(next && OPINION_FRAMES.has(next.lower));
  }
  return false;
}

/** Why this edit does not reverse a claim about the code, or undefined when it does. */
export function refusalOf(edit: NegationEdit, sentence: Sentence): string | undefined {
  const { anchor } = edit;
  const tokens = sentence.tokens;
  const at = anchor.index;
  const before = tokens.slice(0, at);
  const following = nextWords(sentence, at, 3);
  if (anchor.quoted) return "someone else's words, quoted";
  if (MENTAL.has(plain(anchor)) || following.slice(0, 1).some((t) => MENTAL.has(t.lower))) return "the writer's own state of mind";
  if (FIRST_PERSON.has(anchor.lower) || firstPersonStatement(sentence, at)) return "the writer's own state of mind";
  const opener = tokens.find((t) => !t.code);
  if (opener && (opener.lower === "not" || opener.lower === "unsure") && tokens[opener.index + 1]?.lower === "sure")
    return "the writer's own state of mind";
  if (tokens.some((t) => SUGGESTION_MARKERS.has(t.lower))) return "a suggestion, not a claim";
  if (before.some((t) => REQUEST_WORDS.has(t.lower) && (t.clause === anchor.clause || anchor.subordinate))) return "a request, not a claim";
  if (tokens.some((t, k) => (t.lower === "for" || t.lower === "to") && tokens[k + 1]?.lower === "me")) return "the writer's own experience";
  if (HEDGING_MODALS.has(plain(anchor)) || before.some((t) => HEDGING_MODALS.has(plain(t)) || t.lower.endsWith("'d"))) {
    return "a hedged suggestion, not a claim";
  }
  const previous = previousWord(sentence, at);
  if (previous?.lower === "here" && /^(is|are|'s)$/.test(anchor.lower)) return "a presentation ('here is'), not a claim";
  if (following.slice(0, 2).some((t) => EVALUATIVE.has(t.lower)) && edit.rule !== "antonym") return "an evaluation of taste, not a claim";
  if (!INSERTIONS.has(edit.rule) && following.slice(0, 1).some((t) => FOCUS_WORDS.has(t.lower))) {
    return "a focus word turns the reversal into 'more than'";
  }
  if (INSERTIONS.has(edit.rule)) {
    const afterInsertion = tokens.filter((t) => !t.code && t.start >= edit.end).slice(0, 2);
    if (afterInsertion.some((t) => FOCUS_WORDS.has(t.lower))) return "a focus word turns the negation into 'more than'";
    if (
      edit.rule === "auxiliary" &&
      previous &&
      (previous.tags.has("Modal") ||
        previous.tags.has("Auxiliary") ||
        /^(should|would|could|will|can|must|might|may)$/.test(previous.lower))
    ) {
      return "the negation belongs after the first auxiliary";
    }
    if (following.some((t) => /^non-[a-z]/.test(t.lower) || t.lower === "non")) return "a double negative";
    if (tokens.slice(at + 1).some((t) => t.clause === anchor.clause && NEGATIONS.has(t.lower))) return "a double negative";
  }
  if (edit.rule === "main-verb" || (edit.rule === "claim-verb" && !/^(is|are|was|were|does|do|did)$/.test(anchor.lower))) {
    if (!previous) return "no subject: an imperative or the writer's own doing";
    const twoBack = tokens[at - 2];
    if (/ed$/.test(anchor.lower) && twoBack && /^(get|gets|got|have|has|had|keep|keeps)$/.test(twoBack.lower))
      return "a participle, not a finite verb";
    if (
      PASSIVE_HEADS.has(previous.lower) ||
      anchor.tags.has("Participle") ||
      (/ed$|en$/.test(anchor.lower) && /^(if|when|as|once|unless)$/.test(previous.lower))
    ) {
      return "a participle, not a finite verb";
    }
    if (DETERMINERS.has(previous.lower) || previous.tags.has("Adjective")) return "a noun, not a verb";
    if (
      edit.rule === "main-verb" &&
      (anchor.tags.has("Noun") || anchor.tags.has("Plural") || !anchor.tags.has("Verb") || MODAL_WORDS.has(plain(anchor)))
    ) {
      return "not a verb";
    }
  }
  return undefined;
}
