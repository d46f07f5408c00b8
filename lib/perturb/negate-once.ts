import { isInsideProse } from "./code-spans";
import type { PerturbationResult, TextCandidate } from "./candidate-schema";
import { explainSelfCheck } from "./self-check";
import { claimStrength, refusalOf } from "./claim-gate";
import { contextRefusal } from "./claim-context";
import { chunkOf, sentenceChunks, type Chunk } from "./clause-mood";
import { ADDITION_RULES } from "./negation-addition-rules";
import { CLAIM_RULES } from "./negation-claim-rules";
import { POLARITY_RULES } from "./negation-polarity-rules";
import { REMOVAL_RULES } from "./negation-removal-rules";
import { LEXICAL_ANTONYMS, type NegationEdit, type RuleContext } from "./negation-vocabulary";
import { analyseProse, type ProseAnalysis, type Sentence } from "./prose-tokens";

const RULES = [...POLARITY_RULES, ...CLAIM_RULES, ...REMOVAL_RULES, ...ADDITION_RULES];

/** Inside a rhetorical question only these reverse what it asserts; the rest would ask another question. */
const RHETORICAL_RULES = new Set(["antonym", "claim-verb", "polarity"]);
/** Rules whose edit reverses the claim weakly ("without" → "with", "all" → "no"): kept only when nothing better exists. */
const FALLBACK_RULES = new Set(["without", "no-to-any", "quantifier", "possession", "none-of-any"]);

/**
 * Documented ranking score: the rule's base strength (polarity rewrite 76, contrast 78,
 * claim-verb antonym 74, dropped negation 70, inserted "not" 68, lexical antonym 62–64, weaker
 * forms below) + 3 per point of the statement's claim strength (lib/perturb/claim-gate claimStrength,
 * −2 to 5; where a sentence stands in the comment does not count) − 15 in a subordinate clause
 * − 5 inside a rhetorical question (− 15 for dropping its negated frame) − 4 after the sentence's first punctuation break − 50 in quoted text − 8 for a "not" put before a word that
 * has an exact opposite ("is not always" is weaker than "is never") − half a point per word
 * before the anchor (at most 10). Higher is the more plausible hard negative.
 */
function scoreEdit(edit: NegationEdit, sentence: Sentence, chunk: Chunk | undefined): { score: number; where: string } {
  const { anchor } = edit;
  let score = edit.base;
  const strength = claimStrength(sentence, anchor.index);
  score += 3 * Math.max(-2, Math.min(5, strength));
  if (anchor.subordinate) score -= 15;
  const rhetorical = chunk?.mood === "rhetorical";
  if (rhetorical) score -= RHETORICAL_RULES.has(edit.rule) ? 5 : 15; // dropping the frame only turns it into a plain question
  if (chunk && chunk.first > 0) score -= 4; // a later stretch usually supports the claim ("…: we retry three times now")
  if (anchor.quoted) score -= 50;
  const inserted = edit.after.trim().split(/\s+/).pop();
  const nextWord = sentence.tokens.find((t) => t.start >= edit.end && !t.code);
  if (/\bnot$/.test(edit.after) && inserted === "not" && nextWord && LEXICAL_ANTONYMS[nextWord.lower]) score -= 8;
  if (/\bnot$|n't$|not$/.test(edit.after) && nextWord && LEXICAL_ANTONYMS[nextWord.lower] && edit.rule === "auxiliary") score -= 8;
  score -= Math.min(10, anchor.index * 0.5);
  const notes = [
    `sentence ${sentence.index + 1}`,
    `claim strength ${strength}`,
    anchor.subordinate ? "subordinate clause" : "main clause",
    ...(rhetorical ? ["rhetorical question"] : []),
    ...(anchor.quoted ? ["quoted text"] : []),
  ];
  return { score: Math.round(score * 10) / 10, where: notes.join(", ") };
}

/**
 * Why an edit does not reverse a claim, or undefined when it does: never in a request or a plain question; in a rhetorical
 * question only the rules that reverse what it asserts ("Wouldn't it enable all plugins?" →
 * "…disable…"). Dropping the question's negated frame ("Shouldn't this be `>=`?" → "Should this
 * be `>=`?") or its "why not" only asks the same thing again. Then the claim gate
 * (lib/perturb/claim-gate): not the writer's state of mind, a suggestion, a focus word, a double
 * negative or a noun taken for a verb.
 */
function whyNotAClaim(
  edit: NegationEdit,
  sentence: Sentence,
  chunk: Chunk | undefined,
  analysis: ProseAnalysis,
  text: string,
): string | undefined {
  if (!chunk || chunk.mood === "request") return "a request, not a claim";
  if (chunk.mood === "question") return "a plain question";
  if (chunk.mood === "rhetorical" && !RHETORICAL_RULES.has(edit.rule))
    return "a rhetorical question: this edit would only ask it another way";
  return refusalOf(edit, sentence) ?? contextRefusal(text, edit, sentence, analysis.sentences);
}

/** The refused edits a comment with no candidate is explained by: the word, its sentence's opening and why. */
function explainRefusals(text: string, refused: ReadonlyArray<{ edit: NegationEdit; sentence: Sentence; why: string }>): string {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const { edit, sentence, why } of refused) {
    const key = `${sentence.index}:${why}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const opening = text.slice(sentence.start, sentence.end).replace(/\s+/g, " ").trim();
    const shown = opening.length > 60 ? `${opening.slice(0, 57)}…` : opening;
    lines.push(`"${edit.anchor.text}" in "${shown}": ${why}`);
  }
  const more = lines.length > 3 ? ` (and ${lines.length - 3} more)` : "";
  return `No claim to reverse. Considered and left alone: ${lines.slice(0, 3).join("; ")}${more}.`;
}

/** At most this many candidates per comment: one claim, reversed the few ways that read naturally. */
const MAX_NEGATIONS = 3;

type Found = { edit: NegationEdit; sentence: Sentence; chunk: Chunk | undefined };

/** Subordinators of a condition or a time, which the claim depends on rather than asserts. */
const CIRCUMSTANCE_OPENERS = new Set(["if", "when", "whenever", "before", "after", "until", "once", "unless", "while", "whether"]);

/** The edit sits in an if/when/before… clause ("…before the last chunk is flushed"): not a claim. */
function isCircumstance(found: Found): boolean {
  const { anchor } = found.edit;
  if (!anchor.subordinate) return false;
  const tokens = found.sentence.tokens;
  let k = anchor.index;
  while (k > 0 && tokens[k - 1].clause === anchor.clause) k--;
  return CIRCUMSTANCE_OPENERS.has(tokens[k].lower);
}

/**
 * Which edits survive their neighbours: a contrast swap or a polarity rewrite owns its stretch
 * (negating the verb of "gets the id, not the object" would say "does not get the id, not the
 * object"); a main-clause edit hides the if/when/before… clauses of its sentence; fallback rules stay
 * only when nothing better exists in the comment.
 */
function pruneEdits(found: readonly Found[], unclaimed: ReadonlySet<Sentence>): Found[] {
  const owners = found.filter((f) => f.edit.rule === "contrast" || f.edit.rule === "polarity" || f.edit.rule === "but-not");
  const owned = (f: Found) =>
    owners.some(
      (o) =>
        o !== f &&
        o.sentence === f.sentence &&
        o.edit.rule !== f.edit.rule &&
        ((o.chunk && f.chunk && (o.chunk === f.chunk || (o.edit.rule === "contrast" && f.chunk.last + 1 === o.chunk.first))) ||
          (f.edit.start < o.edit.end && o.edit.start < f.edit.end)),
    );
  // "is declared in the wrong block": "…in the right block" reads as a reviewer's slip, "is not declared in the wrong block" does not.
  const antonymChunks = new Set(found.filter((f) => f.edit.rule === "antonym").map((f) => f.chunk));
  let kept = found.filter((f) => !owned(f) && !(f.edit.rule === "auxiliary" && f.chunk && antonymChunks.has(f.chunk)));
  const mainSentences = new Set(kept.filter((f) => !f.edit.anchor.subordinate).map((f) => f.sentence));
  // "If the environment is isolated properly, it shouldn't matter": the condition of a main clause that is no claim is none either
  kept = kept.filter((f) => !isCircumstance(f) || (!mainSentences.has(f.sentence) && !unclaimed.has(f.sentence)));
  const strong = kept.filter((f) => !FALLBACK_RULES.has(f.edit.rule));
  return strong.length > 0 ? strong : kept;
}

/**
 * Every way to reverse exactly one affirmative/negative expression of a review comment
 * (paper §2, negation perturbation: "These imports are not used" → "These imports are used"),
 * best-first. Code spans, code blocks and URLs never change.
 */
export function negationCandidates(text: string): PerturbationResult<TextCandidate> {
  if (text.trim() === "") return { candidates: [], reason: "The comment is empty." };
  const analysis = analyseProse(text);
  if (analysis.sentences.length === 0) {
    return { candidates: [], reason: "The comment has no prose outside code, links and markup, so there is no statement to negate." };
  }
  const context: RuleContext = { text, contracted: analysis.contracted, apostrophe: analysis.apostrophe };
  const found: Found[] = [];
  /** Sentences whose main clause asks, requests or was refused as a claim. */
  const unclaimed = new Set<Sentence>();
  const refused: Array<{ edit: NegationEdit; sentence: Sentence; why: string }> = [];
  for (const sentence of analysis.sentences) {
    const chunks = sentenceChunks(sentence);
    if (sentence.tokens.some((t) => !t.subordinate && !t.code && /^(request|question)$/.test(chunkOf(chunks, t.index)?.mood ?? "")))
      unclaimed.add(sentence);
    for (let i = 0; i < sentence.tokens.length; i++) {
      for (const rule of RULES) {
        for (const edit of rule(sentence, i, context)) {
          const chunk = chunkOf(chunks, edit.anchor.index);
          const why = whyNotAClaim(edit, sentence, chunk, analysis, text);
          if (why === undefined) found.push({ edit, sentence, chunk });
          else {
            refused.push({ edit, sentence, why });
            if (!edit.anchor.subordinate) unclaimed.add(sentence);
          }
        }
      }
    }
  }
  const byText = new Map<string, TextCandidate>();
  const kept = pruneEdits(found, unclaimed);
  for (const f of found)
    if (!kept.includes(f) && isCircumstance(f) && unclaimed.has(f.sentence))
      refused.push({ ...f, why: "the condition of a main clause that makes no claim" });
  for (const { edit, sentence, chunk } of kept) {
    const before = text.slice(edit.start, edit.end);
    if (before === edit.after || (!edit.movesCode && !isInsideProse(analysis.segments, edit.start, edit.end))) continue;
    const perturbed = text.slice(0, edit.start) + edit.after + text.slice(edit.end);
    if (!explainSelfCheck(text, perturbed, "negation").ok) continue; // the page would show it as failing
    const { score, where } = scoreEdit(edit, sentence, chunk);
    const candidate: TextCandidate = {
      text: perturbed,
      start: edit.start,
      end: edit.end,
      before,
      after: edit.after,
      rationale: `${edit.rationale} (${where}).`,
      score,
      rule: edit.rule,
    };
    const existing = byText.get(perturbed);
    if (!existing || existing.score < score) byText.set(perturbed, candidate);
  }
  const candidates = [...byText.values()]
    .sort((a, b) => b.score - a.score || a.start - b.start || a.text.localeCompare(b.text))
    .slice(0, MAX_NEGATIONS);
  if (candidates.length === 0) {
    if (refused.length > 0) return { candidates, reason: explainRefusals(text, refused) };
    return {
      candidates,
      reason:
        "No claim to reverse: the prose is a request, a plain question or a courtesy, or has no auxiliary (is, can, should, does…), negation (not, never, no longer), claim verb (breaks, leaks, handles…) or polarity word (needed, safe, always…).",
    };
  }
  return { candidates };
}
