// The generators' rule names ("but-not", "same-file-hunk") as a reader says them: the candidate list
// and a perturbation's history show these words, never the name. A rule without an entry (a new one)
// reads as its name in words ("no-longer" → "no longer") until it gets its own.

const RULE_WORDS: Record<string, string> = {
  // negation and symbol: their rules were removed (#42); kept so perturbations they made still read in words
  antonym: "inserts “not” before a word",
  auxiliary: "negates an auxiliary verb",
  "auxiliary-not": "removes the “not” after an auxiliary verb",
  "bare-not": "removes a “not”",
  "be-contraction": "inserts “not” after a form of “be”",
  "but-not": "turns “but not” into “and”",
  "claim-verb": "negates the verb that makes the claim",
  contrast: "swaps the two sides of an “X, not Y” contrast",
  "do-support": "drops a “do not” negation",
  "even-if": "turns “even if” into “only if”",
  existential: "turns “there is” into “there is no”",
  imperative: "negates an instruction",
  "main-verb": "negates the main verb",
  "negated-auxiliary": "drops the negation of an auxiliary verb",
  "no-determiner": "removes a “no” before a noun",
  "no-longer": "replaces “no longer” with “still”",
  "no-need": "turns “no need” into a need",
  "no-to-any": "turns “no” into “any”",
  "none-of": "replaces “none of” with “all of”",
  "not-insertion": "inserts a “not”",
  polarity: "rewrites a negative-polarity phrase as its opposite",
  possession: "turns “has” into “has no”",
  quantifier: "swaps “all” or “any” for “no”",
  still: "replaces “still” with “no longer”",
  "why-not": "drops the “not” from “why not”",
  without: "replaces “without” with “with”",
  proposed: "an edit someone proposed, checked by the same rules",
  "existing-near-miss": "swaps a name for a similar one the repository defines",
  "defined-same-kind": "swaps a name for another of its kind the reviewed code defines",
  "invented-name": "swaps a name for a plausible one nobody defines",
  // location: lib/perturb/rule-proposals.ts
  "same-file-hunk": "moves the comment to another hunk of the same file",
  "other-file": "moves the comment to another file",
};

/** A rule name in words; "llm:<model>" names the model that proposed the edit. */
export function ruleInWords(rule: string): string {
  if (rule.startsWith("llm:")) return `proposed by the model ${rule.slice("llm:".length)}`;
  if (rule.startsWith("edited from "))
    return `edited by an expert from a candidate (${ruleInWords(rule.replace(/^edited from (?:model|rule|expert) /, ""))})`;
  return RULE_WORDS[rule] ?? rule.replace(/[-_]+/g, " ");
}

/** The rule names that have their own words (for the test that every generator's rule has them). */
export const RULES_IN_WORDS: readonly string[] = Object.keys(RULE_WORDS);
