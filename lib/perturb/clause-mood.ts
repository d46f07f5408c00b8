import { CLAUSE_BREAK, type Sentence, type Token } from "./prose-tokens";

// What each stretch of a review-comment sentence does (issue #18): negation reverses a claim, so
// it edits only stretches that assert something about the code, and a rhetorical question only
// where it asserts ("Shouldn't this be `>=`?"), never a request or a plain question.

/**
 * assertive: a claim ("This import is not used"); rhetorical: a negative question that asserts
 * ("Doesn't this leak the socket?"); question: a plain question ("Is this still needed?");
 * request: an imperative, a suggestion or a courtesy ("Please add…", "We should…", "Thanks!").
 */
export type Mood = "assertive" | "rhetorical" | "question" | "request";

/** A stretch of a sentence between punctuation breaks (commas, colons, semicolons, dashes). */
export type Chunk = { first: number; last: number; mood: Mood };

const LEAD_INS = new Set(["nit", "also", "so", "and", "but", "then", "hmm", "ok", "okay", "minor", "optional", "fyi", "note"]);
const AUXILIARIES = new Set([
  "is",
  "are",
  "was",
  "were",
  "am",
  "do",
  "does",
  "did",
  "can",
  "could",
  "should",
  "would",
  "will",
  "must",
  "may",
  "might",
  "has",
  "have",
  "had",
  "shall",
]);
const WH_WORDS = new Set(["why", "how", "what", "where", "when", "which", "who", "whose"]);
const REQUEST_OPENERS = new Set([
  "please",
  "let's",
  "lets",
  "let",
  "consider",
  "maybe",
  "perhaps",
  "suggestion",
  "thanks",
  "thank",
  "lgtm",
  "cheers",
  "see",
  "nice",
  "great",
]);
const VERDICT_VERBS = new Set(["looks", "look", "sounds", "seems"]);
const APPROVALS = new Set(["good", "great", "fine", "ok", "okay", "reasonable", "nice", "sensible", "right"]);
const IMPERATIVE_ADVERBS = new Set([
  "always",
  "never",
  "just",
  "also",
  "simply",
  "maybe",
  "perhaps",
  "probably",
  "better",
  "rather",
  "either",
]);
const SUGGESTING_SUBJECTS = new Set(["we", "you", "i'd", "we'd", "you'd"]);
const SUGGESTING_MODALS = new Set(["should", "can", "could", "might", "may", "must", "need", "want", "would", "shall", "'d"]);

function isNegatedAuxiliary(token: Token): boolean {
  return !token.code && (/n't$/.test(token.lower) || token.lower === "cannot");
}

function chunkRanges(sentence: Sentence): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let start = 0;
  sentence.tokens.forEach((token, i) => {
    if (i > 0 && CLAUSE_BREAK.test(token.gapBefore)) {
      ranges.push([start, i - 1]);
      start = i;
    }
  });
  ranges.push([start, sentence.tokens.length - 1]);
  return ranges;
}

function firstContent(sentence: Sentence, first: number, last: number): number {
  let i = first;
  while (i < last && LEAD_INS.has(sentence.tokens[i].lower)) i++;
  return i;
}

/** An imperative verb opens the stretch: "Use …", "Add a test", "Rename this". */
function opensWithImperative(token: Token, next?: Token): boolean {
  if (token.code || token.subordinate) return false;
  if (next && /^\s*\d/.test(next.gapBefore)) return false; // "line 89 still calls …": a noun with its number
  if (token.tags.has("Imperative")) return true;
  return token.tags.has("Verb") && token.tags.has("Infinitive") && !token.tags.has("Noun") && !token.tags.has("Gerund");
}

function isRequest(sentence: Sentence, start: number, last: number): boolean {
  const t = sentence.tokens;
  const head = t[start];
  if (!head || head.code) return false;
  if (REQUEST_OPENERS.has(head.lower) || opensWithImperative(head, t[start + 1])) return true;
  // "always use brackets", "never call this twice", "just return early": an adverb before the imperative
  const next = t[start + 1];
  if (IMPERATIVE_ADVERBS.has(head.lower) && next && !next.code && (opensWithImperative(next) || next.tags.has("Infinitive"))) return true;
  if (head.lower === "don't" || (head.lower === "do" && t[start + 1]?.lower === "not")) return true; // "Don't call this in the loop"
  if (head.lower === "how" && t[start + 1]?.lower === "about") return true;
  // a verdict with no subject is a courtesy, not a claim about the code: "Looks good to me", "Sounds fine"
  if (VERDICT_VERBS.has(head.lower) && APPROVALS.has(t[start + 1]?.lower ?? "")) return true;
  if (head.lower === "no" && t[start + 1]?.lower === "need") return false;
  // "We should also update…", "You can remove this", "I'd rather…"
  for (let i = start; i <= Math.min(last, start + 2); i++) {
    if (t[i].code) continue;
    const subject = t[i].lower;
    const next = t[i + 1];
    const afterNext = t[i + 2];
    if (SUGGESTING_SUBJECTS.has(subject)) {
      if (next && (SUGGESTING_MODALS.has(next.lower) || (next.lower === "also" && afterNext && SUGGESTING_MODALS.has(afterNext.lower))))
        return true;
      if (subject.endsWith("'d")) return true;
      // "you don't need to bundle jquery": an instruction, not a claim about the code
      const negated = next?.lower;
      const infinitive = /^(need|have)$/.test(afterNext?.lower ?? "") && t[i + 3]?.lower === "to";
      if (subject === "you" && (negated === "needn't" || (/^(don't|dont)$/.test(negated ?? "") && infinitive))) return true;
    }
    // "we are missing a test for …", "you're missing the null check": asks for what is missing
    const verb = /^(we're|you're)$/.test(subject) ? next : /^(we|you)$/.test(subject) && next?.lower === "are" ? afterNext : undefined;
    if (verb && !verb.code && verb.lower === "missing") return true;
  }
  return false;
}

/** Subjects an inverted auxiliary stands before in a question: "can we", "was this", "is there", "does the". */
const QUESTION_SUBJECTS = new Set([
  "we",
  "you",
  "i",
  "this",
  "that",
  "it",
  "these",
  "those",
  "there",
  "they",
  "he",
  "she",
  "the",
  "our",
  "your",
]);
/** Auxiliaries whose inversion also opens a condition: "Should you need it, …", "Had we known, …", "Were it …, …". */
const CONDITIONAL_INVERSIONS = new Set(["should", "had", "were"]);

/** The sentence opens with an auxiliary before its subject: a question, with or without its mark. */
function opensQuestion(sentence: Sentence, start: number, hasLaterStretch: boolean): boolean {
  const head = sentence.tokens[start];
  const subject = sentence.tokens[start + 1];
  if (!head || head.code || !subject || subject.code || start > 0) return false;
  const word = head.lower;
  if (!AUXILIARIES.has(word) && !isNegatedAuxiliary(head)) return false;
  if (!QUESTION_SUBJECTS.has(subject.lower)) return false;
  return !(CONDITIONAL_INVERSIONS.has(word) && hasLaterStretch);
}

/** Words that, last before a question mark, ask for confirmation of what the sentence says. */
const TAG_WORDS = new Set(["right", "yes", "no", "correct", "true", "ok", "okay", "eh", "huh", "yeah", "innit"]);

/** "…, right?", "… yes?", "…, isn't it?", "…, don't we?": a statement turned into a question by its tag. */
function endsWithTag(sentence: Sentence): boolean {
  const t = sentence.tokens;
  const last = t[t.length - 1];
  if (!last || last.code) return false;
  if (TAG_WORDS.has(last.lower)) return true;
  const previous = t[t.length - 2];
  return !!previous && isNegatedAuxiliary(previous) && previous.index > 1 && /^(it|we|you|they|he|she|i|there|that|this)$/.test(last.lower);
}

/** The mood of each punctuation-delimited stretch of a sentence. */
export function sentenceChunks(sentence: Sentence): Chunk[] {
  const ranges = chunkRanges(sentence);
  // "You use gpt-4 here, or gpt-3?": a question offering alternatives asks in every stretch
  const offersAlternatives = sentence.question && sentence.tokens.some((t) => t.lower === "or");
  // "This is an appsec concept right?", "…that we will check yes?": a tag run into the statement asks the reader to
  // confirm, it is a question; set off by a comma ("This is already on the image, right?") the statement still asserts
  const confirms = sentence.question && endsWithTag(sentence);
  return ranges.map(([first, last], k) => {
    const start = firstContent(sentence, first, last);
    const head = sentence.tokens[start];
    const inverted = !!head && !head.code && (AUXILIARIES.has(head.lower) || isNegatedAuxiliary(head) || WH_WORDS.has(head.lower));
    const asking = sentence.question && (k === ranges.length - 1 || inverted || offersAlternatives);
    // "this is just logging, it's not asserting anything?": a statement said with a question mark
    // asks for confirmation of what it asserts, unless it offers alternatives ("…, or gpt-3?")
    const declarative =
      !inverted &&
      !!head &&
      (head.code || head.tags.has("Pronoun") || head.tags.has("Determiner") || head.tags.has("Noun")) &&
      !head.tags.has("Verb") &&
      !offersAlternatives;
    // "can we get rid of this and hardcode it", "Was this our code @csrwng": an auxiliary before its subject
    // opens a question even when the writer left out the question mark ("Should you need it, …" is a condition)
    if (!sentence.question && k === 0 && opensQuestion(sentence, start, ranges.length > 1))
      return { first, last, mood: head && isNegatedAuxiliary(head) ? "rhetorical" : "question" };
    if (asking && declarative && !confirms) return { first, last, mood: isRequest(sentence, start, last) ? "request" : "assertive" };
    if (asking) {
      const why = head?.lower === "why" && sentence.tokens[start + 1]?.lower === "not";
      const rhetorical = (!!head && isNegatedAuxiliary(head)) || why;
      return { first, last, mood: rhetorical ? "rhetorical" : "question" };
    }
    return { first, last, mood: isRequest(sentence, start, last) ? "request" : "assertive" };
  });
}

/** The stretch a token belongs to. */
export function chunkOf(chunks: readonly Chunk[], index: number): Chunk | undefined {
  return chunks.find((c) => c.first <= index && index <= c.last);
}

/**
 * The negated auxiliary that frames a rhetorical question ("Doesn't this leak…?"): it is the
 * question's form, not a negation of its claim, so words inside may still be reversed.
 */
export function rhetoricalFrame(sentence: Sentence, i: number): number | undefined {
  const chunk = chunkOf(sentenceChunks(sentence), i);
  if (chunk?.mood !== "rhetorical") return undefined;
  const start = firstContent(sentence, chunk.first, chunk.last);
  return isNegatedAuxiliary(sentence.tokens[start]) ? start : undefined;
}
