import { z } from "zod";
import { cachedCompleteJson, type LlmCache } from "@/lib/llm/cache";
import type { LlmClient } from "@/lib/llm/client";
import type { PerturbationKind } from "./candidate-schema";
import { negationRefusal } from "./claim-gate";
import type { Definition } from "./code-definitions";
import { isLibraryElement } from "./library-names";
import { asSnapshot, type ProposedCandidate } from "./proposed-candidate";
import {
  MAX_LLM_PROPOSALS,
  PERTURBATION_PROMPT_VERSION,
  perturbationSystemPrompt,
  perturbationUserPrompt,
  surroundingPatch,
} from "./perturbation-prompt";
import { describeCandidate } from "./rule-proposals";

const LlmPerturbationAnswerSchema = z.object({
  proposals: z
    .array(z.object({ perturbed_comment: z.string().min(1).max(65_536), rationale: z.string().max(2_000) }))
    .max(MAX_LLM_PROPOSALS * 2),
});

export type LlmProposalParent = {
  body: string;
  path: string | null;
  diffHunk: string | null;
  prTitle: string;
  /** Names in the repository or patch: a swap to one of them is marked "exists in repository". */
  knownSymbols: readonly string[];
  /** The names the reviewed code defines (collect-known-symbols): a proposed swap must use them as the rules do. */
  definitions?: readonly Definition[];
  /** Names listed to the model for symbol swaps (default: the first known ones); keep it short. */
  promptSymbols?: readonly string[];
  /** The pull request's patch: the model sees the commented file's part of it around the hunk. */
  patch?: string | null;
};

export type LlmProposals = { candidates: ProposedCandidate[]; model: string | null; cached: boolean; reason?: string };

/** At most this many names go into the prompt. */
const PROMPT_SYMBOL_CAP = 400;

/** Why a proposed swap is not one the rules would make, or undefined when it is. */
function swapRefusal(removed: readonly string[], added: readonly string[], definitions: readonly Definition[]): string | undefined {
  const byName = new Map(definitions.map((d) => [d.name, d]));
  const last = (n: string) => n.split(".").pop() ?? n;
  const from = removed.map((n) => byName.get(last(n))).find((d) => d !== undefined);
  if (!from) return `"${removed.join(" ")}" is not a name the reviewed code defines or uses.`;
  const to = added.map((n) => byName.get(last(n))).find((d) => d !== undefined);
  if (to && to.kind !== from.kind) return `"${to.name}" is a ${to.kind}, "${from.name}" a ${from.kind}: not the same kind of name.`;
  if (!to && from.origin !== "patch")
    return `"${added.join(" ")}" exists nowhere in the code, and "${from.name}" is not the change's own name.`;
  return undefined;
}

function removedNames(candidate: ProposedCandidate): string[] {
  return namesOf(candidate, "removed");
}

function addedNames(candidate: ProposedCandidate): string[] {
  return namesOf(candidate, "added");
}

function namesOf(candidate: ProposedCandidate, kind: "added" | "removed"): string[] {
  return candidate.diff
    .filter((s) => s.kind === kind)
    .flatMap((s) => s.text.split(/[\s`'"(),:;]+/))
    .map((t) => t.replace(/[.]+$/, ""))
    .filter(Boolean);
}

/**
 * Optional LLM proposals (same client as screening): each goes through the same self-check and
 * word diff as the rule candidates, so a proposal that edits two places or rewrites the comment is
 * shown failing, and cannot be created. Location moves come from the PR's other comments, not the LLM.
 */
export async function llmPerturbationProposals(
  client: LlmClient,
  parent: LlmProposalParent,
  kind: PerturbationKind,
  options: { cache?: LlmCache } = {},
): Promise<LlmProposals> {
  if (kind === "location") {
    return {
      candidates: [],
      model: null,
      cached: false,
      reason: "Location candidates are the PR's other commented hunks; the LLM proposes text edits only.",
    };
  }
  const request = {
    system: perturbationSystemPrompt(kind),
    user: perturbationUserPrompt(kind, {
      ...parent,
      knownSymbols: (parent.promptSymbols ?? parent.knownSymbols).slice(0, PROMPT_SYMBOL_CAP),
      surroundingPatch: parent.patch ? surroundingPatch(parent.patch, parent.path) : null,
    }),
    schema: LlmPerturbationAnswerSchema,
    schemaName: `perturbation_${kind}_proposals`,
    temperature: 0.7,
  };
  const result = options.cache
    ? await cachedCompleteJson(client, options.cache, { ...request, promptVersion: PERTURBATION_PROMPT_VERSION })
    : await client.completeJson(request);
  const original = asSnapshot(parent);
  const known = new Set(parent.knownSymbols);
  const seen = new Set<string>();
  const candidates: ProposedCandidate[] = [];
  result.value.proposals.forEach((p, index) => {
    if (p.perturbed_comment === parent.body) return;
    const candidate = describeCandidate(
      kind,
      original,
      { ...original, body: p.perturbed_comment },
      {
        origin: "llm",
        rule: `llm:${result.model}`,
        rationale: p.rationale,
        score: MAX_LLM_PROPOSALS * 2 - index,
      },
    );
    if (seen.has(candidate.key)) return;
    seen.add(candidate.key);
    if (kind === "symbol") {
      candidate.existsInRepository = addedNames(candidate).some((n) => known.has(n) || known.has(n.split(".").pop() ?? ""));
      // The same checks as the rule generator: library and builtin API is never the swapped element,
      // and the swap goes from a name the reviewed code has to one of the same kind it defines.
      const isLibrary = (n: string) => isLibraryElement({ element: n, name: n.split(".").pop() ?? n });
      const library = removedNames(candidate).find(isLibrary);
      // the rules never swap in library or builtin API either (`load_entry` → `json.loads`)
      const libraryTarget = addedNames(candidate).find(isLibrary);
      const refusal = library
        ? `"${library}" is library or builtin API, not the repository's own symbol.`
        : libraryTarget
          ? `"${libraryTarget}" is library or builtin API: a swap puts in a name of the reviewed code.`
          : parent.definitions
            ? swapRefusal(removedNames(candidate), addedNames(candidate), parent.definitions)
            : undefined;
      if (refusal && candidate.selfCheck.ok) candidate.selfCheck = { ok: false, reason: refusal };
    }
    if (kind === "negation" && candidate.selfCheck.ok) {
      // The same claim gate as the rules: never a request, a plain question, courtesy or the writer's own doing.
      const refusal = negationRefusal(parent.body, p.perturbed_comment);
      if (refusal) candidate.selfCheck = { ok: false, reason: `Edits no claim about the code: ${refusal}.` };
    }
    candidates.push(candidate);
  });
  return {
    candidates,
    model: result.model,
    cached: result.cached,
    ...(candidates.length === 0 ? { reason: "The model proposed no edit that differs from the comment." } : {}),
  };
}
