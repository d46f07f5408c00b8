import { composeDataPrompt, UNTRUSTED_DATA_NOTICE } from "@/lib/llm/prompt-data";

// The LLM proposal prompt. Changing its wording means bumping the version: the version is part of
// the LLM cache key, so answers to an older wording are never reused.
export const PERTURBATION_PROMPT_VERSION = "perturb-proposals.v1";

export type LlmPerturbationKind = "negation" | "symbol";

/** Paper §2's definitions of the two text perturbations, with its own examples. */
const KIND_RULES: Record<LlmPerturbationKind, string> = {
  negation:
    "Negation: reverse exactly ONE affirmative or negative expression of the comment, e.g. " +
    "\"These imports are not used\" → \"These imports are used\". Keep every other word, and never change code spans, code blocks or links.",
  symbol:
    "Symbol: replace exactly ONE referenced code element (a function, class, variable, attribute or file path) with a different " +
    "plausible name, keeping the surrounding wording, e.g. replacing function test_nanmedian with test_nanmedian_impl. Prefer a name " +
    "from the known symbols when it makes the claim wrong. Change nothing else.",
};

export const MAX_LLM_PROPOSALS = 5;

export function perturbationSystemPrompt(kind: LlmPerturbationKind): string {
  return [
    "You help build a benchmark of code-review comments labelled technically trustworthy or not.",
    "You are given a review comment that experts confirmed is technically correct for its pull request.",
    `Propose up to ${MAX_LLM_PROPOSALS} minimally edited versions of it that would be technically INCORRECT in this context ` +
      "while still reading as a plausible review comment. Each proposal makes one edit only.",
    KIND_RULES[kind],
    "For each proposal give the complete edited comment and one sentence on why it is now wrong.",
    UNTRUSTED_DATA_NOTICE,
  ].join("\n\n");
}

export function perturbationUserPrompt(
  kind: LlmPerturbationKind,
  parent: { body: string; path: string | null; diffHunk: string | null; prTitle: string; knownSymbols: readonly string[] },
): string {
  return composeDataPrompt(`Propose ${kind} perturbations of the review comment below.`, {
    pull_request_title: parent.prTitle,
    review_comment: parent.body,
    commented_file: parent.path,
    diff_hunk: parent.diffHunk,
    ...(kind === "symbol" ? { known_symbols: parent.knownSymbols.join("\n") } : {}),
  });
}
