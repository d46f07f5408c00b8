import { z } from "zod";
import { formatCount, plural } from "./measure-comment-text";
import type { RuleConfig } from "./rule-config";
import { dropDecision, keepDecision, type RuleDecision } from "./rule-decision";

export const PR_DESCRIPTION_RULE = "pr_description_length";

export const PullRequestRuleInputSchema = z.object({
  // GitHub returns null, not "", for a PR opened with an empty description.
  body: z.string().nullable(),
});
export type PullRequestRuleInput = z.infer<typeof PullRequestRuleInputSchema>;

// PR templates leave "<!-- Describe your change -->" hints that GitHub hides when rendering;
// an unterminated "<!--" hides everything after it, so it is cut to the end as well.
const HTML_COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
// "- [ ]" / "* [x]" checkbox markup of template checklists is not prose.
const CHECKBOX = /^[ \t]*(?:[-*+]|\d+[.)])[ \t]+\[[ xX]?\]/gm;
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Words a reader sees: whitespace-separated runs that contain a letter or digit. */
export function countDescriptionWords(body: string | null): number {
  if (body === null) return 0;
  const prose = body.replace(HTML_COMMENT, " ").replace(CHECKBOX, " ");
  let words = 0;
  for (const piece of prose.split(/\s+/)) if (HAS_LETTER_OR_DIGIT.test(piece)) words++;
  return words;
}

/** Paper §2: exclude PRs "whose problem descriptions contain fewer than 40 words". */
export function isThinPrDescription(pullRequest: PullRequestRuleInput, config: RuleConfig): RuleDecision {
  const words = countDescriptionWords(pullRequest.body);
  const rationale =
    `PR description has ${plural(words, "word")} (minimum ${formatCount(config.minPrDescriptionWords)}), ` +
    "not counting HTML comments and checklist markup.";
  return words < config.minPrDescriptionWords ? dropDecision(PR_DESCRIPTION_RULE, rationale) : keepDecision(PR_DESCRIPTION_RULE, rationale);
}
