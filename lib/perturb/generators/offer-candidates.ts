import type { ProposedCandidate } from "../proposed-candidate";
import type { CandidateGenerator, GeneratorInput, GeneratorResult, WithheldProposal } from "./candidate-generator";

// What the page offers for one comment and kind (issue #42 item 2): the generators' candidates in the
// order the generators are given — the model's first when a model is configured, the rules' after —
// each edit once, in the first generator's place. The rules are the whole offer only without a model.

export type Offer = {
  candidates: ProposedCandidate[];
  withheld: WithheldProposal[];
  /** Why there is no candidate: each generator's reason, in order. */
  reason?: string;
  model: string | null;
  cached: boolean;
  /** A generator that failed (the model unreachable …): its message; the others' candidates still stand. */
  failures: string[];
};

export async function offerCandidates(generators: readonly CandidateGenerator[], input: GeneratorInput): Promise<Offer> {
  const results: Array<GeneratorResult | Error> = [];
  for (const g of generators) {
    try {
      results.push(await g.propose(input));
    } catch (error) {
      results.push(error instanceof Error ? error : new Error(String(error)));
    }
  }
  const seen = new Set<string>();
  const candidates: ProposedCandidate[] = [];
  const withheld: WithheldProposal[] = [];
  const reasons: string[] = [];
  const failures: string[] = [];
  let model: string | null = null;
  let cached = false;
  results.forEach((r, i) => {
    if (r instanceof Error) {
      failures.push(`${generators[i].origin === "llm" ? "The model" : "The rules"} could not propose: ${r.message}`);
      return;
    }
    for (const c of r.candidates) {
      if (seen.has(c.key)) continue;
      seen.add(c.key);
      candidates.push(c);
    }
    withheld.push(...r.withheld.filter((w) => !seen.has(w.key)));
    if (r.reason) reasons.push(r.reason);
    model ??= r.model ?? null;
    cached ||= r.cached ?? false;
  });
  return {
    candidates,
    withheld,
    model,
    cached,
    failures,
    ...(candidates.length === 0 && reasons.length > 0 ? { reason: reasons.join(" ") } : {}),
  };
}
