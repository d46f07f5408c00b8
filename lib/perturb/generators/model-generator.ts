import { z } from "zod";
import { cachedCompleteJson, type LlmCache } from "@/lib/llm/cache";
import type { LlmClient } from "@/lib/llm/client";
import { codeIdentifiers, promptIdentifiers } from "../code-identifiers";
import {
  MAX_LLM_PROPOSALS,
  PERTURBATION_PROMPT_VERSION,
  perturbationSystemPrompt,
  perturbationUserPrompt,
  surroundingPatch,
} from "../perturbation-prompt";
import { asSnapshot, type ProposedCandidate } from "../proposed-candidate";
import { describeCandidate } from "../rule-proposals";
import type { CandidateGenerator, GeneratorInput, GeneratorResult, WithheldProposal } from "./candidate-generator";
import { withheldText } from "./candidate-generator";
import { critique, criticRefusal } from "./critic";
import { ruleGenerator } from "./rule-generator";
import { symbolNameProblem } from "./symbol-names";

// The model generator (issue #42 item 2, the paper's method): the model proposes text edits, each goes
// through the sanity checks, then the critic; what either refuses is withheld with its reason. For
// location the moves are the pull request's other places (the rules list them) and the critic filters.

const LlmPerturbationAnswerSchema = z.object({
  proposals: z
    .array(z.object({ perturbed_comment: z.string().min(1).max(65_536), rationale: z.string().max(2_000) }))
    .max(MAX_LLM_PROPOSALS * 2),
});

/** At most this many location moves go to the critic, best first. */
const LOCATION_CRITIC_CAP = 5;

/** The code a model and its critic read for a text edit: the commented file's part of the patch. */
export function codeForModel(input: GeneratorInput): string {
  return input.patch ? surroundingPatch(input.patch, input.comment.path) : (input.comment.diffHunk ?? "");
}

async function textProposals(client: LlmClient, input: GeneratorInput, cache: LlmCache | undefined) {
  const kind = input.kind === "symbol" ? "symbol" : "negation";
  const code = codeForModel(input);
  const ids = codeIdentifiers([input.comment.diffHunk ?? "", code], "listed");
  const request = {
    system: perturbationSystemPrompt(kind),
    user: perturbationUserPrompt(kind, {
      ...input.comment,
      prTitle: input.prTitle,
      surroundingPatch: code,
      codeIdentifiers: promptIdentifiers(ids),
    }),
    schema: LlmPerturbationAnswerSchema,
    schemaName: `perturbation_${kind}_proposals`,
    temperature: 0.7,
  };
  return cache
    ? cachedCompleteJson(client, cache, { ...request, promptVersion: PERTURBATION_PROMPT_VERSION })
    : client.completeJson(request);
}

/** The model's proposals as candidates (origin llm), each with its sanity verdict; nothing filtered yet. */
async function proposedCandidates(client: LlmClient, input: GeneratorInput, cache: LlmCache | undefined) {
  const result = await textProposals(client, input, cache);
  const original = asSnapshot(input.comment);
  const seen = new Set<string>();
  const candidates: ProposedCandidate[] = [];
  result.value.proposals.forEach((p, index) => {
    if (p.perturbed_comment === input.comment.body) return;
    const candidate = describeCandidate(
      input.kind,
      original,
      { ...original, body: p.perturbed_comment },
      { origin: "llm", rule: `llm:${result.model}`, rationale: p.rationale, score: MAX_LLM_PROPOSALS * 2 - index },
    );
    if (seen.has(candidate.key)) return;
    seen.add(candidate.key);
    if (input.kind === "symbol" && candidate.selfCheck.ok) {
      const problem = symbolNameProblem(input.comment.body, p.perturbed_comment, [
        input.comment.diffHunk ?? "",
        input.patch,
        ...(input.files ?? []),
      ]);
      if (problem) candidate.selfCheck = { ok: false, reason: problem };
    }
    candidates.push(candidate);
  });
  return { candidates, model: result.model, cached: result.cached };
}

/** Sanity-checked candidates through the critic: what passes, and what is withheld with why. */
async function filterByCritic(
  client: LlmClient,
  input: GeneratorInput,
  candidates: readonly ProposedCandidate[],
  cache: LlmCache | undefined,
): Promise<{ shown: ProposedCandidate[]; withheld: WithheldProposal[] }> {
  const code = codeForModel(input);
  const verdicts = await Promise.all(
    candidates.map((c) => (c.selfCheck.ok ? critique(client, c, { original: asSnapshot(input.comment), code }, { cache }) : null)),
  );
  const shown: ProposedCandidate[] = [];
  const withheld: WithheldProposal[] = [];
  candidates.forEach((c, i) => {
    const verdict = verdicts[i];
    if (!verdict) {
      withheld.push({
        key: c.key,
        text: withheldText(c),
        perturbed: c.perturbed,
        reason: c.selfCheck.reason,
        origin: c.origin,
        by: "check",
      });
      return;
    }
    const refusal = criticRefusal(verdict);
    if (refusal)
      withheld.push({ key: c.key, text: withheldText(c), perturbed: c.perturbed, reason: refusal, origin: c.origin, by: "critic" });
    else shown.push({ ...c, critic: verdict });
  });
  return { shown, withheld };
}

export function modelGenerator(client: LlmClient, options: { cache?: LlmCache } = {}): CandidateGenerator {
  return {
    origin: "llm",
    async propose(input: GeneratorInput): Promise<GeneratorResult> {
      if (input.kind === "location") {
        // the moves are the pull request's other places; the critic says which make the comment wrong
        const moves = await ruleGenerator().propose(input);
        const top = moves.candidates.slice(0, LOCATION_CRITIC_CAP);
        const { shown, withheld } = await filterByCritic(client, input, top, options.cache);
        return {
          candidates: shown,
          withheld: [...moves.withheld, ...withheld],
          model: client.model,
          ...(shown.length === 0 ? { reason: moves.reason ?? "The critic refused every move of this comment." } : {}),
        };
      }
      const proposed = await proposedCandidates(client, input, options.cache);
      const { shown, withheld } = await filterByCritic(client, input, proposed.candidates, options.cache);
      return {
        candidates: shown,
        withheld,
        model: proposed.model,
        cached: proposed.cached,
        ...(shown.length === 0
          ? {
              reason:
                proposed.candidates.length === 0
                  ? `The model (${proposed.model}) proposed no ${input.kind} edit of this comment.`
                  : `The model's ${proposed.candidates.length} proposal${proposed.candidates.length === 1 ? "" : "s"} did not pass the checks and the critic (listed below with why).`,
            }
          : {}),
      };
    },
  };
}
