import { composeDataPrompt, UNTRUSTED_DATA_NOTICE } from "@/lib/llm/prompt-data";

// The LLM proposal prompt. Changing its wording means bumping the version: the version is part of
// the LLM cache key, so answers to an older wording are never reused.
export const PERTURBATION_PROMPT_VERSION = "perturb-proposals.v2";

export type LlmPerturbationKind = "negation" | "symbol";

/** Paper §2's definitions of the two text perturbations, with its own examples. */
const KIND_RULES: Record<LlmPerturbationKind, string> = {
  negation:
    "Negation: reverse exactly ONE claim the comment makes about the code, e.g. " +
    '"These imports are not used" → "These imports are used", "This leaks the handle" → "This releases the handle", ' +
    '"not used anymore" → "still used", "gets the id, not the object" → "gets the object, not the id". ' +
    'Never negate a request or a plain question ("Could you add…?", "Please rename…"); a rhetorical question only where it asserts. ' +
    "Keep every other word, and never change code spans, code blocks or links.",
  symbol:
    "Symbol: replace ONE code element of the repository itself (a function, class, variable, attribute or file path it defines) " +
    "with a different plausible name, in every mention of it, keeping the surrounding wording, e.g. replacing function " +
    "test_nanmedian with test_nanmedian_impl. Never rename library or builtin API (Exception, asyncio.get_event_loop, " +
    "Array.prototype.flat). Prefer a name from the known symbols when it makes the claim wrong; invented names must be real " +
    "words in the name's style. Change nothing else.",
};

export const MAX_LLM_PROPOSALS = 5;

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
  parent: {
    body: string;
    path: string | null;
    diffHunk: string | null;
    prTitle: string;
    knownSymbols: readonly string[];
    surroundingPatch?: string | null;
  },
): string {
  return composeDataPrompt(`Propose ${kind} perturbations of the review comment below.`, {
    pull_request_title: parent.prTitle,
    review_comment: parent.body,
    commented_file: parent.path,
    diff_hunk: parent.diffHunk,
    ...(parent.surroundingPatch ? { surrounding_patch: parent.surroundingPatch } : {}),
    ...(kind === "symbol" ? { known_symbols: parent.knownSymbols.join("\n") } : {}),
  });
}
