import type { InlineAnchor, PerturbationKind } from "../candidate-schema";
import type { CandidateOrigin, PerturbedComment, ProposedCandidate } from "../proposed-candidate";

// One interface for every way a candidate is made (issue #42 item 1): given a comment and its code as
// the reviewer saw it, a generator returns candidates best first, each with its reason, and what it
// withheld with why. The stage (create, verify, list) never knows which generator made a candidate:
// it sees a ProposedCandidate with its origin.

export type GeneratorInput = {
  kind: PerturbationKind;
  comment: { id: string; body: string; path: string | null; diffHunk: string | null };
  prTitle: string;
  /** The code the reviewer saw: the pull request's patch, or the hunk alone where nothing more is known. */
  patch: string;
  /** Text of the files the change touches at its base commit, where a mirror has them. */
  files?: readonly string[];
  /** location: the pull request's other inline comments, whose places a move may borrow. */
  siblings: readonly InlineAnchor[];
};

/** A proposal that is not offered, with who refused it and why (nothing is dropped unseen). */
export type WithheldProposal = {
  key: string;
  text: string;
  /** The comment as the proposal would have made it. */
  perturbed: PerturbedComment;
  reason: string;
  origin: CandidateOrigin;
  /** "check": failed the sanity checks; "critic": the critic refused it. */
  by: "check" | "critic";
};

export type GeneratorResult = {
  candidates: ProposedCandidate[];
  withheld: WithheldProposal[];
  /** Why there is no candidate, when there is none. */
  reason?: string;
  /** The model that answered, for a model generator. */
  model?: string | null;
  cached?: boolean;
};

export type CandidateGenerator = {
  readonly origin: CandidateOrigin;
  propose(input: GeneratorInput): Promise<GeneratorResult>;
};

/** The text a withheld proposal is listed by: its comment, or for a move the place it would go to. */
export function withheldText(c: ProposedCandidate): string {
  return c.kind === "location" ? `${c.perturbed.path ?? ""}` : c.perturbed.body;
}
