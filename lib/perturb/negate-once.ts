import { isInsideProse } from "./code-spans";
import type { PerturbationResult, TextCandidate } from "./candidate-schema";
import { ADDITION_RULES } from "./negation-addition-rules";
import { REMOVAL_RULES } from "./negation-removal-rules";
import type { NegationEdit, RuleContext } from "./negation-vocabulary";
import { analyseProse, type Sentence } from "./prose-tokens";

const RULES = [...REMOVAL_RULES, ...ADDITION_RULES];

/**
 * Ranking favours the comment's main claim: the first sentence, its main clause, a statement
 * rather than a question, the author's own words rather than quoted text, earlier words.
 */
function scoreEdit(edit: NegationEdit, sentence: Sentence): { score: number; where: string } {
  const { anchor } = edit;
  let score = edit.base;
  score += sentence.index === 0 ? 20 : sentence.index === 1 ? 10 : 0;
  if (anchor.subordinate) score -= 15;
  if (sentence.question) score -= 20;
  if (anchor.quoted) score -= 50;
  score -= Math.min(10, anchor.index * 0.5);
  const notes = [
    `sentence ${sentence.index + 1}`,
    anchor.subordinate ? "subordinate clause" : "main clause",
    ...(sentence.question ? ["question"] : []),
    ...(anchor.quoted ? ["quoted text"] : []),
  ];
  return { score: Math.round(score * 10) / 10, where: notes.join(", ") };
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
  const byText = new Map<string, TextCandidate>();
  for (const sentence of analysis.sentences) {
    for (let i = 0; i < sentence.tokens.length; i++) {
      for (const rule of RULES) {
        for (const edit of rule(sentence, i, context)) {
          const before = text.slice(edit.start, edit.end);
          if (before === edit.after || !isInsideProse(analysis.segments, edit.start, edit.end)) continue;
          const perturbed = text.slice(0, edit.start) + edit.after + text.slice(edit.end);
          const { score, where } = scoreEdit(edit, sentence);
          const candidate: TextCandidate = {
            text: perturbed, start: edit.start, end: edit.end, before, after: edit.after,
            rationale: `${edit.rationale} (${where}).`, score, rule: edit.rule,
          };
          const existing = byText.get(perturbed);
          if (!existing || existing.score < score) byText.set(perturbed, candidate);
        }
      }
    }
  }
  const candidates = [...byText.values()].sort((a, b) => b.score - a.score || a.start - b.start || a.text.localeCompare(b.text));
  if (candidates.length === 0) {
    return {
      candidates,
      reason: "No affirmative or negative expression to reverse: no auxiliary (is, can, should, does…), negation (not, never, no longer) or polarity word (needed, safe, possible, always…) in the prose.",
    };
  }
  return { candidates };
}
