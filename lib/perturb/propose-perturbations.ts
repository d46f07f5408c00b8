import { z } from "zod";
import type { PrismaClient } from "@/lib/db/generated/client";
import type { LlmCache } from "@/lib/llm/cache";
import type { LlmClient } from "@/lib/llm/client";
import { perturbationKindSchema, type PerturbationKind } from "./candidate-schema";
import { collectKnownSymbols, openMirrorSymbolSource, type KnownSymbols } from "./collect-known-symbols";
import type { CandidateGenerator, GeneratorInput, WithheldProposal } from "./generators/candidate-generator";
import { modelGenerator } from "./generators/model-generator";
import { offerCandidates } from "./generators/offer-candidates";
import { ruleGenerator } from "./generators/rule-generator";
import { loadPerturbationParent, type PerturbationParent } from "./load-perturbation-parent";
import type { ProposedCandidate } from "./proposed-candidate";

export type ProposeOptions = {
  /** Where local git mirrors live (config MIRRORS_DIR); without it symbols come from the patch only. */
  mirrorsDir?: string;
  /** How many candidates to return, best first. */
  limit?: number;
  /** The configured model: with one, its candidates lead and the rules' follow (issue #42). */
  client?: LlmClient;
  cache?: LlmCache;
};

export type PerturbationProposals = {
  parentId: string;
  kind: PerturbationKind;
  candidates: ProposedCandidate[];
  /** All candidates offered, before `limit`. */
  total: number;
  reason?: string;
  /** symbol only: where the swap-in names came from. */
  symbols?: { count: number; fromRepository: boolean; note: string };
  /** Proposals that failed the checks or the critic: not offered, listed with why. */
  withheld: WithheldProposal[];
  /** The model that proposed and criticised, or null when only the rules were asked. */
  model: string | null;
  cached: boolean;
  /** A generator that could not answer (the model unreachable …), with its message. */
  failures: string[];
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

/** What the generators read for a stored parent: the comment and the code its reviewer saw. */
export async function generatorInputFor(
  parent: PerturbationParent,
  kind: PerturbationKind,
  mirrorsDir?: string,
): Promise<{ input: GeneratorInput; known: KnownSymbols | null }> {
  const known = kind === "symbol" ? await knownSymbolsFor(parent, mirrorsDir) : null;
  return {
    known,
    input: {
      kind,
      comment: { id: parent.comment.id, body: parent.comment.body, path: parent.comment.path, diffHunk: parent.comment.diffHunk },
      prTitle: parent.pullRequest.title,
      patch: parent.pullRequest.patch,
      siblings: parent.siblings,
      files: known?.files ?? [],
    },
  };
}

/**
 * Ranked candidates of one kind for a confirmed-trustworthy instance, with word diffs, self-check and
 * (with a model) critic verdicts: the model's first when one is configured, the rules' after. Nothing
 * is stored until an expert picks, edits or writes one (createPerturbation); the offer's counts are
 * kept so the queue can put the parents most likely to yield first.
 */
export async function proposePerturbations(
  prisma: PrismaClient,
  parentId: string,
  kind: PerturbationKind,
  options: ProposeOptions = {},
): Promise<PerturbationProposals> {
  const parent = await loadPerturbationParent(prisma, parentId);
  const { input, known } = await generatorInputFor(parent, kind, options.mirrorsDir);
  const generators: CandidateGenerator[] = options.client
    ? [modelGenerator(options.client, { cache: options.cache }), ruleGenerator()]
    : [ruleGenerator()];
  const offer = await offerCandidates(generators, input);
  const limit = options.limit ?? DEFAULT_PROPOSAL_LIMIT;
  const fromModel = offer.candidates.filter((c) => c.critic !== null).length;
  const counts = { offered: offer.candidates.length, fromModel, withheld: offer.withheld.length, model: offer.model };
  await prisma.perturbationOffer.upsert({
    where: { instanceId_kind: { instanceId: parentId, kind } },
    create: { instanceId: parentId, kind, ...counts },
    update: counts,
  });
  return {
    parentId,
    kind,
    candidates: markExisting(offer.candidates.slice(0, limit), parent),
    total: offer.candidates.length,
    withheld: offer.withheld,
    model: offer.model,
    cached: offer.cached,
    failures: offer.failures,
    ...(offer.reason ? { reason: offer.reason } : {}),
    ...(known ? { symbols: { count: known.symbols.length, fromRepository: known.fromRepository, note: known.note } } : {}),
  };
}

export const ProposalsQuerySchema = z.object({
  parentId: z.string().min(1, "Pick a confirmed-trustworthy instance."),
  kind: perturbationKindSchema,
});
