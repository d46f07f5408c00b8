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
 * Two rankings made one: each keeps its own order and the two alternate, `first`'s best first (its
 * best, `second`'s best, its second, …). An entry of `second` with the key of one of `first`'s is
 * left out, so it stands once, as `first`'s and in `first`'s place.
 */
export function alternate<T>(first: readonly T[], second: readonly T[], keyOf: (item: T) => string): T[] {
  const firstKeys = new Set(first.map(keyOf));
  const own = second.filter((item) => !firstKeys.has(keyOf(item)));
  const merged: T[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < Math.max(first.length, own.length); i++) {
    for (const item of [first[i], own[i]]) {
      if (item === undefined || seen.has(keyOf(item))) continue;
      seen.add(keyOf(item));
      merged.push(item);
    }
  }
  return merged;
}

/**
 * One ranking of the rules' candidates and the model's proposals, rules first. The same edit
 * proposed by both is shown once, as the rules' (its rationale names the rule that made it).
 */
export function mergeProposals(rules: readonly ProposedCandidate[], llm: readonly ProposedCandidate[]): ProposedCandidate[] {
  return alternate(rules, llm, (c) => c.key);
}
