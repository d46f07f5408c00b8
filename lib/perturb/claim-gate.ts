import { chunkOf, sentenceChunks } from "./clause-mood";
import type { NegationEdit } from "./negation-vocabulary";
import { analyseProse, type Sentence, type Token } from "./prose-tokens";

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
]);

const PERSONS = new Set(["i", "you", "we", "they", "he", "she", "people", "someone", "i'm", "you're", "we're", "they're"]);

const FIRST_PERSON = new Set(["i", "i'm", "i've", "i'd", "i'll", "me", "im", "my"]);

/** "I think / I believe / I guess …" frame a claim that follows; other first-person verbs are the writer's own doing. */
const OPINION_FRAMES = new Set([
  "think",
  "believe",
  "guess",
  "suspect",
  "assume",
  "feel",
  "bet",
  "sure",
  "pretty",
  "fairly",
  "reckon",
  "surprised",
  "see",
  "saw",
  "seen",
  "notice",
  "noticed",
  "found",
  "find",
]);

/** Where a new statement with its own subject starts: the first-person frame before it does not reach past. */
const CONTRASTS = new Set(["but", "however", "though", "although", "yet", "as", "because", "since", "so"]);

/**
 * "should" states an expectation ("`pip install` should have picked it up", "it shouldn't
 * matter", "this should be safe") only before these; otherwise it is an instruction
 * ("This should be `interface`", "`localsecrets` should be updated too").
 */
const EXPECTATION_VERBS = new Set([
  "have",
  "work",
  "works",
  "matter",
  "fail",
  "pass",
  "break",
  "happen",
  "succeed",
  "hold",
  "compile",
  "run",
  "return",
  "affect",
  "change",
  "cause",
  "help",
  "fix",
  "solve",
]);
const EXPECTATION_STATES = new Set([
  "fine",
  "safe",
  "enough",
  "ok",
  "okay",
  "able",
  "possible",
  "impossible",
  "handled",
  "covered",
  "available",
  "true",
  "false",
  "null",
  "empty",
  "equal",
  "same",
  "correct",
  "valid",
  "unreachable",
  "reachable",
  "unused",
]);

function isInstruction(sentence: Sentence, at: number): boolean {
  const anchor = sentence.tokens[at];
  if (!/^(should|shouldn't|must|mustn't)$/.test(anchor.lower)) return false;
  const [next, afterNext, third] = nextWords(sentence, at, 3);
  if (!next) return true;
  const verb = next.lower === "not" || next.lower === "also" || next.lower === "still" ? afterNext : next;
  if (!verb) return true;
  if (EXPECTATION_VERBS.has(verb.lower)) return false;
  const state = verb === next ? afterNext : third;
  if (verb.lower === "be" && state && (EXPECTATION_STATES.has(state.lower) || state.lower === "the" || state.lower === "a")) return false;
  return true;
}

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

/** Where the statement holding token `at` starts: after the last contrast or causal connective before it. */
function statementStart(sentence: Sentence, at: number): number {
  let from = 0;
  for (let k = 0; k < at; k++) if (CONTRASTS.has(sentence.tokens[k].lower)) from = k + 1;
  return from;
}

/**
 * The writer speaking of themselves: a first-person subject earlier in the statement (up to a
 * "but", "as", "because" …), unless it only frames a claim ("I think this leaks" keeps "this leaks").
 */
function firstPersonStatement(sentence: Sentence, at: number): boolean {
  const from = statementStart(sentence, at);
  for (let k = at - 1; k >= from; k--) {
    const token = sentence.tokens[k];
    if (!FIRST_PERSON.has(token.lower)) continue;
    const next = sentence.tokens.slice(k + 1, at).find((t) => !t.code && t.lower !== "really" && t.lower !== "do");
    return !(next && OPINION_FRAMES.has(next.lower));
  }
  return false;
}

/**
 * Words that make a sentence about code: its parts, its behaviour, its build and tests. A sentence
 * with none of these, no code span and no identifier-shaped word ("I like this idea", "That looks
 * fine") makes no claim about the code (issue #28 item 1: find the claim first).
 */
const TECHNICAL_WORDS = new Set(
  (
    "function functions method methods class classes variable variables field fields property properties parameter parameters argument arguments " +
    "type types value values return returns returned returning call calls called calling caller callers callback callbacks object objects instance instances " +
    "file files line lines path paths module modules package packages import imports library libraries dependency dependencies api apis endpoint endpoints " +
    "test tests tested testing assert assertion spec specs fixture mock build builds compile compiles compiler lint linter format formatting " +
    "error errors exception exceptions throw throws thrown raise raises raised panic crash crashes fail fails failed failure bug bugs leak leaks " +
    "null nil none undefined empty default defaults config configuration option options flag flags setting settings env environment key keys " +
    "string strings int integer number numbers bool boolean array arrays list lists map maps dict set sets tuple struct interface interfaces enum " +
    "thread threads lock locks mutex async await sync concurrent race loop loops iteration index indexes query queries database table tables column columns schema " +
    "cache cached request requests response responses server client header headers http url port socket connection timeout retry retries " +
    "memory allocation buffer pointer reference references copy copies mutate mutates mutable immutable state log logs logging logger message messages " +
    "version versions release deprecated deprecation backwards compatible compatibility break breaks breaking change changes changed patch commit branch merge " +
    "check checks checked validate validation condition conditions branch case cases edge input output inputs outputs data payload event events handler handlers " +
    "convention conventions declared declaration declarations defined definition scope global local static public private protected constructor initialization init " +
    "parse parser parsing serialize serialization encode decode json yaml xml sql regex docs docstring comment comments documentation readme script scripts command commands " +
    "run runs running executes executed execution process processes job jobs task tasks queue worker workers service services user users permission permissions auth " +
    "ci pipeline docker image images container containers model models prompt prompts token tokens context window windows binary block blocks byte bytes bit bits " +
    "plugin plugins component components feature features extension extensions implementation implementations helper helpers util utils wrapper wrappers " +
    "parent child children base derived subclass subclasses superclass inherit inherits override overrides abstract generic generics template templates " +
    "code snippet logic algorithm performance slow fast optimize optimization overhead cost complexity duplicate duplicates duplicated unused dead " +
    "stream streams work works worked working rename renamed released needed necessary unnecessary redundant required " +
    "quote quotes quoted indent indentation whitespace space spaces tab tabs bracket brackets brace braces semicolon comma style naming"
  ).split(" "),
);

/** "This …", "It …", "That's …": on a review thread these point at the code under the comment. */
const DEICTIC_OPENERS = new Set(["this", "it", "that", "these", "those", "it's", "that's", "its"]);

function isTechnical(sentence: Sentence): boolean {
  const opener = sentence.tokens.find((t) => !t.code);
  if (opener && DEICTIC_OPENERS.has(opener.lower)) return true;
  return sentence.tokens.some(
    (t) =>
      t.code ||
      TECHNICAL_WORDS.has(t.lower.replace(/[^a-z]/g, "")) ||
      /[a-z][A-Z]|_[a-z]|^[A-Z]{2,}$|\d|^[A-Za-z_]\w+\.[A-Za-z_]\w+/.test(t.text),
  );
}

/** Words that hedge a statement into the writer's impression: "It looks like…", "I think…", "probably". */
const HEDGES = new Set([
  "think",
  "believe",
  "guess",
  "suppose",
  "assume",
  "suspect",
  "seems",
  "seem",
  "looks",
  "probably",
  "maybe",
  "perhaps",
  "might",
  "apparently",
  "hopefully",
]);

/**
 * How plainly the statement an edit sits in makes a technical claim about the code (issue #28
 * item 1: find the claim first). The statement runs from the last "but/because/so…" before the
 * edit to the end of the edit's clause: code it names (spans, identifier-shaped words, up to 2) and
 * words of code (up to 2), a "This …/It …" opener pointing at the code, less for a hedge ("It looks
 * like", "I think"), a first-person subject or a question. Negation edits rank by it, so the claim
 * of a conversational comment ("I have some ideas, but the JSON parser is doing its job") wins over
 * the writer's impressions and courtesy.
 */
export function claimStrength(sentence: Sentence, at: number): number {
  const anchor = sentence.tokens[at];
  const from = statementStart(sentence, at);
  const statement = sentence.tokens.filter((t, k) => k >= from && (k <= at || t.clause === anchor?.clause));
  const words = statement.filter((t) => !t.code);
  const code = statement.filter((t) => t.code || /[a-z][A-Z]|_[a-z]|^[A-Za-z_]\w+\.[A-Za-z_]\w+/.test(t.text)).length;
  const technical = words.filter((t) => TECHNICAL_WORDS.has(t.lower.replace(/[^a-z]/g, ""))).length;
  const opener = words[0];
  let strength = Math.min(2, code) + Math.min(2, technical);
  if (opener && DEICTIC_OPENERS.has(opener.lower)) strength += 1;
  if (words.some((t) => HEDGES.has(t.lower))) strength -= 2;
  if (words.some((t) => FIRST_PERSON.has(t.lower) || t.lower === "we")) strength -= 1;
  if (sentence.question) strength -= 1;
  return strength;
}

/** Why this edit does not reverse a claim about the code, or undefined when it does. */
export function refusalOf(edit: NegationEdit, sentence: Sentence): string | undefined {
  const { anchor } = edit;
  const tokens = sentence.tokens;
  const at = anchor.index;
  const before = tokens.slice(0, at);
  const following = nextWords(sentence, at, 3);
  if (anchor.quoted) return "someone else's words, quoted";
  if (!isTechnical(sentence)) return "no claim about the code: the sentence names nothing of it";
  if (MENTAL.has(plain(anchor)) || following.slice(0, 1).some((t) => MENTAL.has(t.lower))) return "the writer's own state of mind";
  if (FIRST_PERSON.has(anchor.lower) || firstPersonStatement(sentence, at)) return "the writer's own state of mind";
  const opener = tokens.find((t) => !t.code);
  if (opener && (opener.lower === "not" || opener.lower === "unsure") && tokens[opener.index + 1]?.lower === "sure")
    return "the writer's own state of mind";
  if (tokens.some((t) => SUGGESTION_MARKERS.has(t.lower))) return "a suggestion, not a claim";
  if (before.some((t) => REQUEST_WORDS.has(t.lower) && (t.clause === anchor.clause || anchor.subordinate))) return "a request, not a claim";
  if (tokens.some((t, k) => (t.lower === "for" || t.lower === "to") && tokens[k + 1]?.lower === "me")) return "the writer's own experience";
  const statement = before.slice(statementStart(sentence, at));
  if (HEDGING_MODALS.has(plain(anchor)) || statement.some((t) => HEDGING_MODALS.has(plain(t)) || t.lower.endsWith("'d"))) {
    return "a hedged suggestion, not a claim";
  }
  // "what you were saying was …": a report of someone's words or thoughts, not of the code
  const reported = (k: number) =>
    statement.slice(Math.max(0, k - 3), k).some((t) => PERSONS.has(t.lower)) &&
    !(OPINION_FRAMES.has(statement[k].lower) && FIRST_PERSON.has(statement[k - 1]?.lower ?? ""));
  if (statement.some((t, k) => MENTAL.has(t.lower) && reported(k))) {
    return "a report of someone's words or thoughts";
  }
  if (opener?.lower === "in" && tokens[opener.index + 1]?.lower === "order" && anchor.clause === opener.clause)
    return "a purpose ('in order to'), not a claim";
  if (isInstruction(sentence, at)) return "an instruction ('should'), not a claim";
  const previous = previousWord(sentence, at);
  if (previous?.lower === "here" && /^(is|are|'s)$/.test(anchor.lower)) return "a presentation ('here is'), not a claim";
  if (following.slice(0, 2).some((t) => EVALUATIVE.has(t.lower)) && edit.rule !== "antonym") return "an evaluation of taste, not a claim";
  if (!INSERTIONS.has(edit.rule) && following.slice(0, 1).some((t) => FOCUS_WORDS.has(t.lower))) {
    return "a focus word turns the reversal into 'more than'";
  }
  // "this shouldn't be required" → "this shouldn't be not required": the clause is negative already
  const negative = (t: Token) => !t.code && (NEGATIONS.has(t.lower) || /n't$/.test(t.lower));
  const replaced = tokens.filter((t) => t.start < edit.end && t.end > edit.start);
  if (/\bnot\b/.test(edit.after) && !replaced.some(negative)) {
    const negatesAlready = tokens.some((t) => t.end <= edit.start && t.clause === anchor.clause && negative(t));
    if (negatesAlready) return "a double negative";
  }
  if (INSERTIONS.has(edit.rule)) {
    const afterInsertion = tokens.filter((t) => !t.code && t.start >= edit.end).slice(0, 2);
    const beforeInsertion = tokens.filter((t) => !t.code && t.end <= edit.start).pop();
    if (beforeInsertion && /^(even|still|just)$/.test(beforeInsertion.lower) && /^\s*not\b/.test(edit.after))
      return "a focus word before the negation";
    // "as it is in all other methods": a comparison with the rest of the code, not a claim about this
    const twoBefore = tokens.slice(Math.max(0, at - 2), at).map((t) => t.lower);
    if (/^(is|are|was|were|does|do|did)$/.test(anchor.lower) && twoBefore[0] === "as" && /^(it|they|this|that)$/.test(twoBefore[1] ?? "")) {
      return "a comparison ('as it is'), not a claim";
    }
    // "is not even called" is a plain (stronger) negation; "is not just", "is not still" ask for "more than"
    if (afterInsertion.some((t) => FOCUS_WORDS.has(t.lower) && t.lower !== "even"))
      return "a focus word turns the negation into 'more than'";
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
    if (INSERTIONS.has(edit.rule) || edit.after.includes("not")) {
      if (FOCUS_WORDS.has(previous.lower) || previous.lower === "only") return "a focus word before the verb: 'only did not work'";
    }
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
    // "With the lock file pinned, …": the participle of a with-phrase, no finite verb
    const clauseOpener = tokens.find((t) => t.clause === anchor.clause && !t.code);
    if (clauseOpener && /^(with|without)$/.test(clauseOpener.lower) && /ed$|en$/.test(anchor.lower))
      return "a participle, not a finite verb";
    if (
      edit.rule === "main-verb" &&
      (anchor.tags.has("Noun") || anchor.tags.has("Plural") || !anchor.tags.has("Verb") || MODAL_WORDS.has(plain(anchor)))
    ) {
      return "not a verb";
    }
  }
  return undefined;
}

/**
 * The same gate for a negation written elsewhere (an LLM's proposal, issue #28 item 5): the first
 * word it changes stands for the edit. Undefined when it edits a claim about the code; otherwise
 * why not (a request, a plain question, the writer's own doing, …).
 */
export function negationRefusal(original: string, perturbed: string): string | undefined {
  let start = 0;
  while (start < original.length && original[start] === perturbed[start]) start++;
  if (start >= original.length && original.length === perturbed.length) return "the comment is unchanged";
  let end = original.length;
  let perturbedEnd = perturbed.length;
  while (end > start && perturbedEnd > start && original[end - 1] === perturbed[perturbedEnd - 1]) {
    end--;
    perturbedEnd--;
  }
  const analysis = analyseProse(original);
  for (const sentence of analysis.sentences) {
    if (start < sentence.start || start > sentence.end) continue;
    const anchor = sentence.tokens.find((t) => t.end > start && !t.code) ?? sentence.tokens[sentence.tokens.length - 1];
    if (!anchor) continue;
    const chunk = chunkOf(sentenceChunks(sentence), anchor.index);
    if (!chunk || chunk.mood === "request") return "a request, not a claim";
    if (chunk.mood === "question") return "a plain question: reversing it asks the same thing";
    const edit: NegationEdit = {
      start,
      end,
      after: perturbed.slice(start, perturbedEnd),
      rule: "proposed",
      base: 0,
      anchor,
      rationale: "",
    };
    return refusalOf(edit, sentence);
  }
  return "the edit is outside the comment's prose (code, a link or markup)";
}
