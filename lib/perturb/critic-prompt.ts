import { z } from "zod";
import { composeDataPrompt, UNTRUSTED_DATA_NOTICE } from "@/lib/llm/prompt-data";

// The critic (issue #42 item 3): a second model call that sees the original comment, the edited one and
// the code, and answers two questions. Bump the version with any change of wording.
// v2 (tuned on the dev round, issue #42): the original is correct, so reversing what it states is wrong
// even where the hunk cannot settle it; an edit a reader would spot without the code is not coherent.
export const CRITIC_PROMPT_VERSION = "perturb-critic.v2";

export type CriticKind = "negation" | "symbol" | "location";

export const CriticAnswerSchema = z.object({
  wrong_about_code: z.boolean(),
  coherent: z.boolean(),
  reason: z.string().max(1_000),
});
export type CriticAnswer = z.infer<typeof CriticAnswerSchema>;

const KIND_NOTE: Record<CriticKind, string> = {
  negation: "The edit is meant to reverse one claim the comment makes about the code.",
  symbol:
    "The edit is meant to swap one code element the comment refers to for another name. Renaming library or language API, " +
    "a keyword or a plain English word does not make the comment wrong about this code.",
  location: "The comment's text is unchanged; it has been moved onto another place of the pull request (the new code below).",
};

export function criticSystemPrompt(kind: CriticKind): string {
  return [
    "You check candidate hard negatives for a benchmark of code-review comments labelled technically trustworthy or not.",
    "The original review comment was confirmed technically correct for its code by experts. An edited version was made from it.",
    KIND_NOTE[kind],
    "Answer two questions about the edited comment, reading the code:",
    "1. wrong_about_code: is the edited comment now technically wrong about this code? The original comment is correct " +
      "(experts confirmed it), so an edit that reverses or replaces what it states or assumes about the code — a behaviour, " +
      "a value, a name, what the reviewer verified, a fact about code outside the lines shown — makes it wrong, even when " +
      "the code shown cannot settle it. A suggestion or question that now names the wrong element is wrong too. Answer " +
      "false only when the edited comment is as right as before: only a request, an opinion, a wish or courtesy changed, " +
      "the new wording means the same, or the comment still holds (or simply no longer applies) at the new name.",
    "2. coherent: would a careful reader who does not open the code take it for the reviewer's own comment? Answer false " +
      "when any of these holds: a sentence contradicts another, or the comment's reasons no longer support its question or " +
      'request; it is ungrammatical or unidiomatic (a dropped word, "isn\'t a way" where "isn\'t the only way" was meant); ' +
      "the edit is inside a code example, a suggestion block or quoted text; a swapped name is of another kind than the old " +
      "one (a method where a field or variable was named, a type where a variable was) or is absurd from the names alone " +
      '(a speed where a duration is meant, a new name said to be "used before").',
    "Give one or two sentences of reason. Be strict: a candidate you pass goes to three experts.",
    UNTRUSTED_DATA_NOTICE,
  ].join("\n\n");
}

export function criticUserPrompt(input: {
  kind: CriticKind;
  original: string;
  edited: string;
  code: string;
  /** location: where the comment was, and where it is moved. */
  originalPlace?: string;
  newPlace?: string;
}): string {
  return composeDataPrompt(`Check this ${input.kind} edit of a review comment.`, {
    original_comment: input.original,
    edited_comment: input.edited,
    ...(input.originalPlace ? { original_place: input.originalPlace } : {}),
    ...(input.newPlace ? { new_place: input.newPlace } : {}),
    code: input.code,
  });
}
