import type { LlmCache } from "@/lib/llm/cache";
import type { LlmClient } from "@/lib/llm/client";
import { llmPerturbationProposals } from "./llm-proposals";
import { alternate, splitByChecks } from "./merge-proposals";
import { outcomeOf, type RealKind, type RealOutcome, realCandidatesOf, realCodeContext } from "./real-benchmark";
import { editSpec, type RealCase, type RealJudgements } from "./real-eval-set";

// The real-comment set scored with an LLM configured (issue #28 items 5–6): for each comment and
// kind, the rules' candidates and the model's proposals that pass the same checks, alternating in one
// ranking as the perturbation page shows them, judged with the same judgements. A proposal nobody
// has judged yet counts as not good and is listed, to hand to a rater like the rules' candidates.

/** The one stretch where the proposal differs from the comment, as "before => after @start". */
export function editOf(original: string, perturbed: string): { before: string; after: string; start: number } | undefined {
  if (original === perturbed) return undefined;
  let start = 0;
  while (start < original.length && start < perturbed.length && original[start] === perturbed[start]) start++;
  let end = original.length;
  let perturbedEnd = perturbed.length;
  while (end > start && perturbedEnd > start && original[end - 1] === perturbed[perturbedEnd - 1]) {
    end--;
    perturbedEnd--;
  }
  // an edit inside a word covers the whole word, as the rules' edits are written ("load_entry" → "load_entry_impl")
  const word = (ch: string | undefined) => ch !== undefined && /\w/.test(ch);
  while (start > 0 && word(original[start - 1]) && (word(original[start]) || word(perturbed[start]))) start--;
  while (end < original.length && word(original[end]) && (word(original[end - 1]) || word(perturbed[perturbedEnd - 1]))) {
    end++;
    perturbedEnd++;
  }
  return { before: original.slice(start, end), after: perturbed.slice(start, perturbedEnd), start };
}

export type RealLlmCandidate = { id: string; kind: RealKind; spec: string; perturbed: string; origin: "rule" | "llm" };

/** The merged ranking for one comment and kind: rules and passing LLM proposals alternating, each edit once. */
export async function realRankingWithLlm(
  c: RealCase,
  files: Record<string, string>,
  cases: readonly RealCase[],
  kind: RealKind,
  client: LlmClient,
  cache?: LlmCache,
): Promise<RealLlmCandidate[]> {
  const context = realCodeContext(c, files, cases);
  const rules = realCandidatesOf(kind, c.body, context).map((k) => ({ spec: editSpec(k), perturbed: k.text, origin: "rule" as const }));
  const proposals = await llmPerturbationProposals(
    client,
    {
      body: c.body,
      path: null,
      diffHunk: c.hunk || null,
      prTitle: "",
      knownSymbols: context.knownSymbols,
      definitions: context.definitions,
      patch: context.code,
    },
    kind,
    { cache },
  );
  const llm = splitByChecks(proposals.candidates).shown.flatMap((p) => {
    const edit = editOf(c.body, p.perturbed.body);
    return edit ? [{ spec: editSpec(edit), perturbed: p.perturbed.body, origin: "llm" as const }] : [];
  });
  // as the page merges them: a proposal the rules also make is the rules' candidate, in the rules' place
  return alternate<Omit<RealLlmCandidate, "id" | "kind">>(rules, llm, (k) => k.perturbed).map((k) => ({ id: c.id, kind, ...k }));
}

/** Outcomes like realOutcomes, from the merged rankings. */
export async function realLlmOutcomes(
  cases: readonly RealCase[],
  files: Record<string, string>,
  judgements: RealJudgements,
  client: LlmClient,
  options: { all?: readonly RealCase[]; cache?: LlmCache } = {},
): Promise<{ outcomes: RealOutcome[]; rankings: RealLlmCandidate[][] }> {
  const outcomes: RealOutcome[] = [];
  const rankings: RealLlmCandidate[][] = [];
  for (const c of cases) {
    for (const kind of ["negation", "symbol"] as const) {
      const ranking = await realRankingWithLlm(c, files, options.all ?? cases, kind, client, options.cache);
      rankings.push(ranking);
      outcomes.push(
        outcomeOf(
          c,
          kind,
          judgements[c.id]?.[kind],
          ranking.map((k) => k.spec),
        ),
      );
    }
  }
  return { outcomes, rankings };
}
