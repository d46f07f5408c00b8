import type { ProposedCandidate } from "./proposed-candidate";

// Rule candidates and LLM proposals in one ranking (issue #28 item 5): every candidate shown has
// passed the same checks, whoever proposed it; a proposal that failed them is withheld with its
// reason, never shown as a candidate and never dropped without a word. Each keeps its origin, so the
// page labels it by source.

export type WithheldProposal = { key: string; text: string; reason: string };

/** Candidates that pass the checks, and the others with why they were withheld. */
export function splitByChecks(candidates: readonly ProposedCandidate[]): { shown: ProposedCandidate[]; withheld: WithheldProposal[] } {
  const shown: ProposedCandidate[] = [];
  const withheld: WithheldProposal[] = [];
  for (const c of candidates) {
    if (c.selfCheck.ok) shown.push(c);
    else
      withheld.push({
        key: c.key,
        text: c.kind === "location" ? `${c.perturbed.path ?? ""}` : c.perturbed.body,
        reason: c.selfCheck.reason,
      });
  }
  return { shown, withheld };
}

/**
 * One ranking of the rules' candidates and the model's proposals: each list keeps its own order and
 * the two alternate, rules first (the rules' best, the model's best, the rules' second, …). The same
 * edit proposed by both is shown once, as the rules' (its rationale names the rule that made it).
 */
export function mergeProposals(rules: readonly ProposedCandidate[], llm: readonly ProposedCandidate[]): ProposedCandidate[] {
  const ruleKeys = new Set(rules.map((c) => c.key));
  const own = llm.filter((c) => !ruleKeys.has(c.key));
  const merged: ProposedCandidate[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < Math.max(rules.length, own.length); i++) {
    for (const c of [rules[i], own[i]]) {
      if (!c || seen.has(c.key)) continue;
      seen.add(c.key);
      merged.push(c);
    }
  }
  return merged;
}
