import type { PerturbationKind } from "./candidate-schema";
import { PERTURBATION_KINDS } from "./perturbation-counts";
import { recordOf } from "@/lib/record-of";
import { ruleProposals, type ParentComment } from "./rule-proposals";

export type KindTally = { comments: number; withCandidates: number; candidates: number; selfCheckPass: number; failures: string[] };
export type GeneratorTally = Record<PerturbationKind, KindTally>;

/** Runs every rule generator over the comments and counts candidates and self-check passes per kind. */
export function tallyGeneratorOutput(parents: readonly (ParentComment & { label?: string })[]): GeneratorTally {
  const tally: GeneratorTally = recordOf(
    PERTURBATION_KINDS,
    (): KindTally => ({ comments: 0, withCandidates: 0, candidates: 0, selfCheckPass: 0, failures: [] }),
  );
  for (const parent of parents) {
    for (const kind of PERTURBATION_KINDS) {
      const row = tally[kind];
      const { candidates } = ruleProposals(kind, parent);
      row.comments++;
      if (candidates.length > 0) row.withCandidates++;
      row.candidates += candidates.length;
      for (const c of candidates) {
        if (c.selfCheck.ok) row.selfCheckPass++;
        else row.failures.push(`${parent.label ?? parent.id}: ${c.selfCheck.reason} ${JSON.stringify(c.perturbed.body.slice(0, 120))}`);
      }
    }
  }
  return tally;
}

/** `name=value` lines for a report (scripts/perturb-report.ts). */
export function formatTally(tally: GeneratorTally): string[] {
  return PERTURBATION_KINDS.flatMap((k) => [
    `comments_${k}=${tally[k].comments}`,
    `with_candidates_${k}=${tally[k].withCandidates}`,
    `candidates_${k}=${tally[k].candidates}`,
    `self_check_pass_${k}=${tally[k].selfCheckPass}`,
  ]);
}
