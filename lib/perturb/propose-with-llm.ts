import type { PrismaClient } from "@/lib/db/generated/client";
import type { LlmCache } from "@/lib/llm/cache";
import type { LlmClient } from "@/lib/llm/client";
import type { PerturbationKind } from "./candidate-schema";
import { identifiersInPatch } from "./collect-known-symbols";
import { llmPerturbationProposals } from "./llm-proposals";
import { loadPerturbationParent } from "./load-perturbation-parent";
import { splitByChecks } from "./merge-proposals";
import { knownSymbolsFor, markExisting, type PerturbationProposals } from "./propose-perturbations";

/** LLM proposals for a stored parent, marked like the rule candidates (nothing stored). */
export async function proposeWithLlm(
  prisma: PrismaClient,
  parentId: string,
  kind: PerturbationKind,
  options: { client: LlmClient; cache?: LlmCache; mirrorsDir?: string },
): Promise<PerturbationProposals & { model: string | null; cached: boolean }> {
  const parent = await loadPerturbationParent(prisma, parentId);
  // The prompt lists the patch's names; the repository's (when mirrored) only decide the badge.
  const patchNames = identifiersInPatch(parent.pullRequest.patch);
  const known = kind === "symbol" ? await knownSymbolsFor(parent, options.mirrorsDir) : null;
  const result = await llmPerturbationProposals(
    options.client,
    {
      ...parent.comment,
      prTitle: parent.pullRequest.title,
      knownSymbols: known?.symbols ?? [],
      definitions: known?.definitions,
      promptSymbols: [...patchNames.identifiers, ...patchNames.paths],
      patch: parent.pullRequest.patch,
    },
    kind,
    { cache: options.cache },
  );
  // Every candidate shown passed the rules' checks; the others are listed with why (issue #28 item 5).
  const { shown, withheld } = splitByChecks(result.candidates);
  const candidates = markExisting(shown, parent);
  return {
    parentId,
    kind,
    candidates,
    total: candidates.length,
    ...(withheld.length > 0 ? { withheld } : {}),
    model: result.model,
    cached: result.cached,
    ...(result.reason
      ? { reason: result.reason }
      : candidates.length === 0
        ? { reason: `Every proposal of the model failed the checks the rules' candidates pass (${withheld.length} withheld).` }
        : {}),
    ...(known ? { symbols: { count: known.symbols.length, fromRepository: known.fromRepository, note: known.note } } : {}),
  };
}
