import { z } from "zod";
import type { PrismaClient } from "@/lib/db/generated/client";
import { perturbationKindSchema, type PerturbationKind } from "./candidate-schema";
import { collectKnownSymbols, openMirrorSymbolSource, type KnownSymbols } from "./collect-known-symbols";
import { loadPerturbationParent, type PerturbationParent } from "./load-perturbation-parent";
import { splitByChecks, type WithheldProposal } from "./merge-proposals";
import type { ProposedCandidate } from "./proposed-candidate";
import { ruleProposals } from "./rule-proposals";

export type ProposeOptions = {
  /** Where local git mirrors live (config MIRRORS_DIR); without it symbols come from the patch only. */
  mirrorsDir?: string;
  /** How many candidates to return, best first. */
  limit?: number;
};

export type PerturbationProposals = {
  parentId: string;
  kind: PerturbationKind;
  candidates: ProposedCandidate[];
  /** All candidates the generator made, before `limit`. */
  total: number;
  reason?: string;
  /** symbol only: where the swap-in names came from. */
  symbols?: { count: number; fromRepository: boolean; note: string };
  /** Proposals that failed the checks: not shown as candidates, listed with why. */
  withheld?: WithheldProposal[];
};

const DEFAULT_PROPOSAL_LIMIT = 30;

/** The names a symbol swap may use for this parent: the patch, plus the mirror when it has the base commit. */
export async function knownSymbolsFor(parent: PerturbationParent, mirrorsDir: string | undefined): Promise<KnownSymbols> {
  if (!mirrorsDir) return collectKnownSymbols({ patch: parent.pullRequest.patch });
  const opened = await openMirrorSymbolSource({ mirrorsDir, fullName: parent.pullRequest.repo, commit: parent.pullRequest.baseSha });
  return collectKnownSymbols({ patch: parent.pullRequest.patch, repository: opened.source, unavailableReason: opened.reason });
}

/** Mark candidates that already exist as perturbed instances of this parent (any kind). */
export function markExisting(candidates: ProposedCandidate[], parent: PerturbationParent): ProposedCandidate[] {
  const byKey = new Map(parent.existing.map((e) => [e.key, e.id]));
  return candidates.map((c) => ({ ...c, existingInstanceId: byKey.get(c.key) ?? null }));
}

/**
 * Ranked rule candidates of one kind for a confirmed-trustworthy instance, with word diffs and
 * self-check verdicts. Nothing is stored until an expert picks one (createPerturbation).
 */
export async function proposePerturbations(
  prisma: PrismaClient,
  parentId: string,
  kind: PerturbationKind,
  options: ProposeOptions = {},
): Promise<PerturbationProposals> {
  const parent = await loadPerturbationParent(prisma, parentId);
  const known = kind === "symbol" ? await knownSymbolsFor(parent, options.mirrorsDir) : null;
  const result = ruleProposals(kind, {
    ...parent.comment,
    siblings: parent.siblings,
    knownSymbols: known?.symbols ?? [],
    definitions: known?.definitions,
    patch: parent.pullRequest.patch,
  });
  const limit = options.limit ?? DEFAULT_PROPOSAL_LIMIT;
  const { shown, withheld } = splitByChecks(result.candidates);
  return {
    parentId,
    kind,
    candidates: markExisting(shown.slice(0, limit), parent),
    total: shown.length,
    ...(withheld.length > 0 ? { withheld } : {}),
    ...(result.reason ? { reason: result.reason } : {}),
    ...(known ? { symbols: { count: known.symbols.length, fromRepository: known.fromRepository, note: known.note } } : {}),
  };
}

export const ProposalsQuerySchema = z.object({
  parentId: z.string().min(1, "Pick a confirmed-trustworthy instance."),
  kind: perturbationKindSchema,
  source: z.enum(["rule", "llm"]).default("rule"),
});
