import { BE, DO, HAVE, MODALS, type NegationEdit } from "./negation-vocabulary";
import { sentenceChunks } from "./clause-mood";
import type { Sentence, Token } from "./prose-tokens";

// Where a negation edit sits in the whole comment (issue #28 items 1–2): refusals that need more
// than the edited sentence. A presentation ending in a colon ("This is the results of my
// testing:"), an item of a task list, "not" beside a stance adverb ("was not actually meant", "can also not cause"), a
// predicate whose purpose follows it ("was `map` before to avoid duplicates") and a predicate the
// later sentence speaks of again ("It's not supported. If we are going to support this, …") would read
// as self-contradicting, clumsy or not as a claim once reversed. So does a statement about something
// other than this code: a house convention ("generally", "usually"), the prediction of what a
// requested change will do ("Can you replace X? This should solve it") and the purpose of a
// suggestion ("I would call it there, so we don't have duplicates"). Each returns why, or undefined.

/** Adverbs that carry the stance of the clause: "not" beside "actually" or "really" no longer reads. */
const STANCE_ADVERBS = new Set(["actually", "really", "basically", "already", "definitely", "certainly", "clearly"]);

/** Subjects of a presentation: "This is the results of my testing:", "Here are the numbers:". */
const PRESENTERS = new Set(["this", "these", "here", "that", "those", "below", "following"]);

/** Verbs of a purpose clause after "to": the predicate was done for this reason. */
const PURPOSE_VERBS = new Set(["avoid", "prevent", "ensure", "make", "keep", "allow", "support", "handle", "fix", "guarantee", "stop"]);

/** Words that make a statement a general convention rather than a claim about this code. */
const GENERIC_MARKERS = new Set(["generally", "usually", "typically", "conventionally"]);
/** Nouns naming a house rule ("Convention is to use TEST"); not "policy", which code has too ("the retry policy"). */
const CONVENTION_NOUNS = new Set(["convention", "conventions", "guideline", "guidelines"]);
const DEICTIC = new Set(["this", "that", "it", "these", "those", "it's", "that's"]);

/** "…(generally, there's always a space after commas)", "We usually avoid blank lines": a house rule, not this code. */
function statesConvention(sentence: Sentence, edit: NegationEdit): boolean {
  const words = sentence.tokens.filter((t) => !t.code);
  const generic = words.some(
    (t, k) =>
      GENERIC_MARKERS.has(t.lower) ||
      (t.lower === "in" && words[k + 1]?.lower === "general") ||
      (t.lower === "as" && words[k + 1]?.lower === "a" && words[k + 2]?.lower === "rule") ||
      // "Convention is to use TEST", "Our guidelines are …": the house rule is the subject
      (CONVENTION_NOUNS.has(t.lower) && t.end <= edit.start),
  );
  if (!generic) return false;
  const subject = words.filter((t) => t.end <= edit.start).pop();
  return !words.slice(0, Math.max(1, words.indexOf(edit.anchor))).some((t) => DEICTIC.has(t.lower)) || subject === undefined;
}

/** Every stretch of the sentence asks or requests: "Can you just replace X with Y?" */
function onlyAsks(sentence: Sentence | undefined): boolean {
  if (!sentence) return false;
  const chunks = sentenceChunks(sentence);
  return chunks.length > 0 && chunks.every((c) => c.mood === "request" || c.mood === "question");
}

/**
 * "Can you replace X with Y? I think this should solve the issue": after a request, "this should …"
 * predicts what the proposal will do, it says nothing of the code as it is.
 */
function predictsTheProposal(sentence: Sentence, edit: NegationEdit, previous: Sentence | undefined): boolean {
  if (!onlyAsks(previous)) return false;
  const before = sentence.tokens.filter((t) => !t.code && t.start <= edit.anchor.start);
  return before.some((t, k) => DEICTIC.has(t.lower) && /^(should|would|will)$/.test(before[k + 1]?.lower ?? ""));
}

/** "I would also call this method there, so we don't have duplicates": the purpose of a suggestion, not a claim. */
function purposeOfSuggestion(sentence: Sentence, edit: NegationEdit): boolean {
  const tokens = sentence.tokens;
  let so = -1;
  for (let k = edit.anchor.index - 1; k >= 0; k--) {
    if (tokens[k].lower === "so") {
      so = k;
      break;
    }
  }
  if (so <= 0) return false;
  const head = tokens.slice(0, so).filter((t) => !t.code);
  return (
    head.some(
      (t, k) => /^(i|we|you)$/.test(t.lower) && /^(would|could|might|should|can)$/.test(head[k + 1]?.lower ?? head[k + 2]?.lower ?? ""),
    ) || head.some((t) => /^(i'd|we'd|you'd)$/.test(t.lower))
  );
}

/**
 * "`pip install` should have picked it up", "it shouldn't matter", "this should work": "should" of
 * an expectation, the writer's forecast rather than a claim about what the code does.
 */
function statesExpectation(sentence: Sentence, edit: NegationEdit): boolean {
  const anchor = edit.anchor.lower;
  if (anchor === "should've") return true;
  if (anchor !== "should" && anchor !== "shouldn't") return false;
  const next = sentence.tokens.slice(edit.anchor.index + 1).filter((t) => !t.code && t.lower !== "not");
  const verb = next[0]?.lower ?? "";
  return (
    verb === "have" ||
    verb === "matter" ||
    verb === "work" ||
    (verb === "be" && /^(fine|ok|okay|enough|good|safe)$/.test(next[1]?.lower ?? ""))
  );
}

/**
 * "logic will have to move to bolt", "this would need to change": what the writer says must be
 * done, a request in the future tense; reversed it only withdraws the request.
 */
function prescribes(sentence: Sentence, edit: NegationEdit): boolean {
  if (!/^(will|would|'ll|won't|wouldn't)$/.test(edit.anchor.lower)) return false;
  const next = sentence.tokens.slice(edit.anchor.index + 1).filter((t) => !t.code && t.lower !== "not" && t.lower !== "also");
  return /^(have|need|want)$/.test(next[0]?.lower ?? "") && next[1]?.lower === "to";
}

/**
 * "The idea is that it would skip …", "this is because we attempt …": a copula that frames what
 * follows (an explanation, a reason) asserts nothing itself; "is not because" denies the framing
 * and leaves the claim after it standing.
 */
function framesWhatFollows(sentence: Sentence, edit: NegationEdit): boolean {
  if (!BE.has(edit.anchor.lower.replace(/n't$/, "")) && !/^(it's|that's|this's)$/.test(edit.anchor.lower)) return false;
  const next = sentence.tokens.slice(edit.anchor.index + 1).filter((t) => !t.code && t.lower !== "not")[0];
  return next !== undefined && /^(that|because|why|how|what|when|where|since)$/.test(next.lower);
}

/**
 * "The err is printed with a log.Error later on but that ends up after the stack trace": a "but"
 * clause that goes on about the same thing ("but that", "but it") builds on the claim; reversed,
 * the sentence no longer holds together.
 */
function continuedByBut(sentence: Sentence, edit: NegationEdit): boolean {
  const after = wordsAfter(sentence, edit).filter((t) => !t.code);
  return after.some((t, k) => t.lower === "but" && /^(that|it|this|they|these|those|it's|that's|they're)$/.test(after[k + 1]?.lower ?? ""));
}

/** Raw text of the line the sentence starts on, from its beginning. */
function lineOf(text: string, offset: number): string {
  const start = text.lastIndexOf("\n", offset - 1) + 1;
  const end = text.indexOf("\n", offset);
  return text.slice(start, end === -1 ? text.length : end);
}

/** The sentence's raw text ends with a colon: it introduces a table, a list, a trace or code. */
function introducesMaterial(text: string, sentence: Sentence, edit: NegationEdit): boolean {
  if (!/:\s*$/.test(text.slice(sentence.start, sentence.end))) return false;
  const words = sentence.tokens.filter((t) => !t.code);
  const at = words.indexOf(edit.anchor);
  return at >= 1 && at <= 2 && PRESENTERS.has(words[at - 1].lower) && /^(is|are|was|were|'s)$/.test(edit.anchor.lower);
}

/** "- [x] Maximum context length reached": a checklist item names a task, it asserts nothing. */
function isTaskItem(text: string, sentence: Sentence): boolean {
  return /^\s*(?:[-*+]|\d+[.)])\s+\[[ xX]\]/.test(lineOf(text, sentence.start));
}

/** The first prose word after the edit, skipping the words the edit replaces. */
function wordsAfter(sentence: Sentence, edit: NegationEdit): Token[] {
  return sentence.tokens.filter((t) => t.start >= edit.end);
}

/** "…was `map[string]bool` before to avoid duplicate selectors": a purpose that explains the predicate follows it. */
function hasPurposeClause(sentence: Sentence, edit: NegationEdit): boolean {
  const near = wordsAfter(sentence, edit).slice(0, 8);
  const stop = near.findIndex((t) => /[,;:]/.test(t.gapBefore));
  const stretch = stop === -1 ? near : near.slice(0, stop);
  return stretch.some((t, k) => t.lower === "to" && PURPOSE_VERBS.has(stretch[k + 1]?.lower ?? ""));
}

/** The word without its negation or contraction: "can't" and "cannot" → "can", "won't" → "will", "isn't" → "is". */
function positiveForm(word: string): string {
  const lower = word.toLowerCase().replace(/’/g, "'");
  if (lower === "can't" || lower === "cannot") return "can";
  if (lower === "won't") return "will";
  if (lower === "shan't") return "shall";
  return lower.replace(/n't$|'s$/, "");
}

/** "supported" and "support", "can" and "can't": one word in two forms (a shared stem of at least five letters). */
function sameWord(a: string, b: string): boolean {
  const x = positiveForm(a);
  const y = positiveForm(b);
  if (x === y) return true;
  let k = 0;
  while (k < x.length && x[k] === y[k]) k++;
  return k >= 5 && k >= Math.min(x.length, y.length) - 3;
}

/** Words too common to name a predicate: auxiliaries, pronouns of the code, negation, articles. */
const FUNCTION_WORDS = new Set([...BE, "be", "been", ...DO, ...HAVE, "it", "this", "that", "not", "no", "the", "and", "for"]);

/**
 * The predicate reversed by the edit is taken up again by a later sentence ("It's not supported.
 * If we are going to support this, …"; "everyone can use it. Me and few others can't"): reversed,
 * the two sentences contradict each other or say the same thing twice.
 */
function echoedLater(text: string, edit: NegationEdit, sentence: Sentence, later: readonly Sentence[]): boolean {
  const edited = sentence.tokens.filter((t) => t.start < edit.end && t.end > edit.start && !t.code && t.lower !== "not");
  // "It's not supported" → "It's supported": the predicate is the word the removed "not" stood before.
  const before = text.slice(edit.start, edit.end);
  const removesNot = /\bnot\b|n't/.test(before) && !/\bnot\b|n't/.test(edit.after);
  const following = removesNot ? wordsAfter(sentence, edit).find((t) => !t.code) : undefined;
  const predicate = [...edited, edit.anchor, ...(following ? [following] : [])];
  const words = predicate.map((t) => t.lower.replace(/'s$/, "")).filter((w) => w.length >= 3 && !FUNCTION_WORDS.has(w));
  return later.some((next) => next.tokens.some((t) => !t.code && words.some((w) => sameWord(w, t.lower))));
}

/** Why the edit does not reverse a claim, read from the comment around its sentence; undefined when it does. */
export function contextRefusal(text: string, edit: NegationEdit, sentence: Sentence, sentences: readonly Sentence[]): string | undefined {
  if (isTaskItem(text, sentence)) return "a task-list item, not a claim";
  if (introducesMaterial(text, sentence, edit)) return "a sentence introducing what follows (it ends in a colon)";
  if (/\bnot$|n't$/.test(edit.after.trim())) {
    const before = sentence.tokens.filter((t) => t.end <= edit.start).pop();
    const after = wordsAfter(sentence, edit)[0];
    if ([before, after].some((t) => t && !t.code && STANCE_ADVERBS.has(t.lower)))
      return "'not' beside a stance adverb ('was not actually', 'is really not')";
    const modal = before && sentence.tokens[before.index - 1];
    if (before?.lower === "also" && modal && MODALS.has(modal.lower)) return "'not' after a modal's 'also' ('can also not cause')";
  }
  if (hasPurposeClause(sentence, edit)) return "a purpose follows it and would contradict it";
  if (statesExpectation(sentence, edit)) return "an expectation ('should have', 'shouldn't matter'), not a claim about the code";
  if (prescribes(sentence, edit)) return "what the writer says must be done ('will have to'), a request, not a claim";
  if (framesWhatFollows(sentence, edit)) return "a copula framing what follows ('is that …', 'is because …'), not the claim itself";
  if (continuedByBut(sentence, edit)) return "a 'but that …' clause builds on it: reversed, the sentence no longer holds together";
  if (statesConvention(sentence, edit)) return "a general convention ('generally', 'usually'), not a claim about this code";
  const at = sentences.indexOf(sentence);
  if (predictsTheProposal(sentence, edit, sentences[at - 1])) return "a prediction about the proposed change ('this should solve it')";
  if (purposeOfSuggestion(sentence, edit)) return "the purpose of a suggestion ('I would …, so we don't …')";
  if (echoedLater(text, edit, sentence, sentences.slice(at + 1)))
    return "a later sentence speaks of the same predicate: reversed, the two contradict";
  return undefined;
}
