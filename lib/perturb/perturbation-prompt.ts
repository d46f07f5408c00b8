import { composeDataPrompt, UNTRUSTED_DATA_NOTICE } from "@/lib/llm/prompt-data";

// The model's proposal prompt (issue #42: the model proposes, a critic filters). Changing its wording
// means bumping the version: the version is part of the LLM cache key, so answers to an older wording
// are never reused, and recorded answers (fixtures/model-recordings) are keyed by the exact request.
export const PERTURBATION_PROMPT_VERSION = "perturb-proposals.v3";

export type LlmPerturbationKind = "negation" | "symbol";

/** Paper §2's definitions of the two text perturbations, with its own examples. */
const KIND_RULES: Record<LlmPerturbationKind, string> = {
  negation: [
    "Negation: reverse exactly ONE technical claim the comment makes about the code (what it does, a value, a condition, " +
      "a consequence), so that the comment becomes wrong about this code. Examples: " +
      '"These imports are not used" → "These imports are used"; "This leaks the handle" → "This releases the handle"; ' +
      '"not used anymore" → "still used"; "gets the id, not the object" → "gets the object, not the id".',
    'Only a claim about the code counts. Never turn around a request or instruction ("Please rename…"), a plain question, ' +
      'a suggestion, thanks, or the writer\'s opinion, wish or history ("I think", "I\'d prefer", "we used to"): that leaves ' +
      "the comment as right as before.",
    "The edited comment must still read as one reviewer's coherent comment. If reversing an expression would make another " +
      "sentence of the comment contradict it (the next sentence explains or builds on the original claim), choose another " +
      "claim or propose nothing.",
  ].join(" "),
  symbol: [
    "Symbol: replace ONE code element the comment refers to (a function, method, class, field, variable, constant, " +
      "config key or file of the reviewed code) with a different name, in every mention of it, keeping every other word, " +
      "so that the comment now points at the wrong thing. Example: function test_nanmedian → test_nanmedian_impl.",
    "Prefer a name of the same kind that occurs in the code shown (listed under code_identifiers); an invented name only " +
      "as a believable variant of a name the change itself introduces. Never rename library or language API " +
      "(String, Exception, List.of, json.loads, Array.prototype.flat) or a keyword, and never swap in one.",
    "The result must still read naturally: no sentence may now contradict another.",
  ].join(" "),
};

export const MAX_LLM_PROPOSALS = 3;

/** At most this much of the commented file's patch goes into the prompt. */
const SURROUNDING_PATCH_CAP = 6_000;

/** The commented file's part of the patch (the whole patch for a comment on no file), capped. */
export function surroundingPatch(patch: string, path: string | null): string {
  const sections = patch.split(/(?=^diff --git )/m);
  const own = path ? sections.filter((s) => s.startsWith(`diff --git a/${path} `) || s.includes(` b/${path}\n`)) : sections;
  const text = (own.length > 0 ? own : sections).join("");
  return text.length > SURROUNDING_PATCH_CAP ? `${text.slice(0, SURROUNDING_PATCH_CAP)}\n…` : text;
}

export function perturbationSystemPrompt(kind: LlmPerturbationKind): string {
  return [
    "You help build a benchmark of code-review comments labelled technically trustworthy or not.",
    "You are given a review comment that experts confirmed is technically correct for the code it was written on.",
    `Propose up to ${MAX_LLM_PROPOSALS} minimally edited versions of it that are technically WRONG about this code while ` +
      "still reading as a plausible comment by the same reviewer, best first. Each proposal makes one edit only: one " +
      "contiguous stretch of words, or two phrases exchanged. Never change anything inside code blocks, links or quoted text.",
    KIND_RULES[kind],
    "Propose nothing (an empty list) rather than a weak proposal: a bad candidate wastes three experts' time.",
    "For each proposal give the complete edited comment and one sentence on why it is now wrong about the code.",
    UNTRUSTED_DATA_NOTICE,
  ].join("\n\n");
}

export function perturbationUserPrompt(
  kind: LlmPerturbationKind,
  parent: {
    body: string;
    path: string | null;
    diffHunk: string | null;
    prTitle: string;
    surroundingPatch?: string | null;
    /** Identifiers and members found in the code (code-identifiers.ts), for symbol swaps. */
    codeIdentifiers: readonly string[];
  },
): string {
  return composeDataPrompt(`Propose ${kind} perturbations of the review comment below.`, {
    pull_request_title: parent.prTitle,
    review_comment: parent.body,
    commented_file: parent.path,
    diff_hunk: parent.diffHunk,
    ...(parent.surroundingPatch && parent.surroundingPatch !== parent.diffHunk ? { surrounding_patch: parent.surroundingPatch } : {}),
    ...(kind === "symbol" ? { code_identifiers: parent.codeIdentifiers.join("\n") } : {}),
  });
}
