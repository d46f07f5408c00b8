import type { PerturbationKind } from "./candidate-schema";
import type { GeneratorInput } from "./generators/candidate-generator";
import { anchorLabel, asSnapshot, perturbationKey, type PerturbedComment, type ProposedCandidate } from "./proposed-candidate";
import { locationCandidates } from "./relocate-comment";
import { explainSelfCheck } from "./self-check";
import { wordDiff } from "./word-diff";

// The rules that earned their place (issue #42 item 5): location moves, which come from the pull
// request's other commented places. The negation and symbol rules were removed: on the fresh held-out
// set their top candidate was good for 6 of 41 and 2 of 12 comments (strict consensus of two raters
// who never saw them), and no single rule reached 60% on more than a handful of comments. Text edits
// come from the model (or an expert) now; without a model the page offers no text candidate and says why.

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
    critic: null,
    origin: extra.origin,
    rule: extra.rule,
    rationale: extra.rationale,
    score: extra.score,
  };
}

/** Why the rules offer nothing for a text kind. */
export const NO_TEXT_RULES =
  "No rule makes negation or symbol edits: they come from the model (set LLM_BASE_URL and LLM_MODEL) or from an expert, who can write one below.";

/**
 * The rules' candidates for one comment, best first, each with its word diff and self-check verdict:
 * location moves onto the pull request's other commented places. Nothing is stored here.
 */
export function ruleProposals(input: GeneratorInput): Proposals {
  if (input.kind !== "location") return { candidates: [], reason: NO_TEXT_RULES };
  const { comment } = input;
  if (!comment.path || !comment.diffHunk) {
    return { candidates: [], reason: "The comment is not an inline comment (no file path or diff hunk), so it has no location to move." };
  }
  const original = asSnapshot(comment);
  const result = locationCandidates({ id: comment.id, path: comment.path, diffHunk: comment.diffHunk }, [...input.siblings], {
    body: comment.body,
    ...(input.patch ? { patch: input.patch } : {}),
  });
  const candidates = result.candidates.map((c) =>
    describeCandidate(
      "location",
      original,
      { body: original.body, path: c.path, diffHunk: c.diffHunk },
      { origin: "rule", rule: c.sameFile ? "same-file-hunk" : "other-file", rationale: c.rationale, score: c.score, sameFile: c.sameFile },
    ),
  );
  return { candidates, reason: result.reason };
}
