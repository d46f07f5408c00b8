import type { Definition } from "./code-definitions";
import type { InlineAnchor, PerturbationKind, PerturbationResult, TextCandidate } from "./candidate-schema";
import { generateCandidates } from "./generate-candidates";
import { anchorLabel, asSnapshot, perturbationKey, type PerturbedComment, type ProposedCandidate } from "./proposed-candidate";
import { explainSelfCheck } from "./self-check";
import { wordDiff } from "./word-diff";

/** A confirmed-trustworthy comment and what its PR offers the generators. */
export type ParentComment = {
  /** Id of the comment in its PR (GitHub id, or the timeline entry id). */
  id: string;
  body: string;
  path: string | null;
  diffHunk: string | null;
  /** Anchors of the PR's other inline comments: where a location perturbation may move it. */
  siblings: InlineAnchor[];
  knownSymbols: readonly string[];
  /** The names the reviewed code defines (collect-known-symbols); symbol swaps come from these. */
  definitions?: readonly Definition[];
  /** The patch the instance is judged against: a location move must land on code it shows. */
  patch?: string | null;
};

export type Proposals = { candidates: ProposedCandidate[]; reason?: string };

/** Word diff, self-check and key for one resulting comment, whoever proposed it. */
export function describeCandidate(
  kind: PerturbationKind,
  original: PerturbedComment,
  perturbed: PerturbedComment,
  extra: Pick<ProposedCandidate, "origin" | "rule" | "rationale" | "score"> &
    Partial<Pick<ProposedCandidate, "existsInRepository" | "sameFile">>,
): ProposedCandidate {
  const diff = kind === "location" ? wordDiff(anchorLabel(original), anchorLabel(perturbed)) : wordDiff(original.body, perturbed.body);
  return {
    key: perturbationKey(perturbed),
    kind,
    perturbed,
    diff,
    selfCheck: explainSelfCheck(original, perturbed, kind),
    existsInRepository: extra.existsInRepository ?? null,
    sameFile: extra.sameFile ?? null,
    existingInstanceId: null,
    origin: extra.origin,
    rule: extra.rule,
    rationale: extra.rationale,
    score: extra.score,
  };
}

/**
 * The rule generators' candidates for one comment (paper §2: negation, symbol, location), best
 * first, each with its word diff and self-check verdict. Nothing is stored here.
 */
export function ruleProposals(kind: PerturbationKind, parent: ParentComment): Proposals {
  const original = asSnapshot(parent);
  if (kind === "negation" || kind === "symbol") {
    const result: PerturbationResult<TextCandidate & { existsInRepository?: boolean }> =
      kind === "negation"
        ? generateCandidates("negation", { text: parent.body })
        : generateCandidates("symbol", {
            text: parent.body,
            knownSymbols: [...parent.knownSymbols],
            ...(parent.definitions ? { definitions: [...parent.definitions] } : {}),
          });
    const candidates = result.candidates.map((c) =>
      describeCandidate(
        kind,
        original,
        { ...original, body: c.text },
        {
          origin: "rule",
          rule: c.rule,
          rationale: c.rationale,
          score: c.score,
          existsInRepository: c.existsInRepository,
        },
      ),
    );
    return { candidates, reason: result.reason };
  }
  if (!parent.path || !parent.diffHunk) {
    return { candidates: [], reason: "The comment is not an inline comment (no file path or diff hunk), so it has no location to move." };
  }
  const result = generateCandidates("location", {
    target: { id: parent.id, path: parent.path, diffHunk: parent.diffHunk },
    others: parent.siblings,
    body: parent.body,
    ...(parent.patch ? { patch: parent.patch } : {}),
  });
  const candidates = result.candidates.map((c) =>
    describeCandidate(
      "location",
      original,
      { body: original.body, path: c.path, diffHunk: c.diffHunk },
      {
        origin: "rule",
        rule: c.sameFile ? "same-file-hunk" : "other-file",
        rationale: c.rationale,
        score: c.score,
        sameFile: c.sameFile,
      },
    ),
  );
  return { candidates, reason: result.reason };
}
