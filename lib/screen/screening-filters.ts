import { z } from "zod";
import { INSTANCE_RULE_ORDER, PULL_REQUEST_RULE_ORDER } from "./apply-rule-filters";

// Every screening filter the funnel knows, in the paper's order (§2): PR rules, the LLM PR audit,
// then the instance rules and the LLM comment screen. `key` is FilterDecision.filterKey.

export const LLM_PR_FILTER = "llm:pr";
export const LLM_COMMENT_FILTER = "llm:comment";
export const LLM_FILTER_KEYS = [LLM_PR_FILTER, LLM_COMMENT_FILTER] as const;
export const LlmFilterKeySchema = z.enum(LLM_FILTER_KEYS);
export type LlmFilterKey = z.infer<typeof LlmFilterKeySchema>;

export const PR_RULE_KEYS: readonly string[] = PULL_REQUEST_RULE_ORDER;
export const INSTANCE_RULE_KEYS: readonly string[] = INSTANCE_RULE_ORDER;
const RULE_FILTER_KEYS = [...PULL_REQUEST_RULE_ORDER, ...INSTANCE_RULE_ORDER] as const;
export const RuleFilterKeySchema = z.enum(RULE_FILTER_KEYS, {
  error: (issue) => `unknown rule filter "${String(issue.input)}"; choose one of ${RULE_FILTER_KEYS.join(", ")}`,
});

/** promptVersion recorded on decisions a person made in the manual queue (model is null). */
export const MANUAL_PROMPT_VERSION = "manual";

export type ScreeningFilter = {
  key: string;
  subject: "pull_request" | "instance";
  kind: "rule" | "llm";
  label: string;
  /** what it drops, in the paper's words */
  description: string;
};

export const SCREENING_FILTERS: readonly ScreeningFilter[] = [
  {
    key: "pr_description_length",
    subject: "pull_request",
    kind: "rule",
    label: "PR description length",
    description: "PRs whose problem description has fewer than the minimum number of words.",
  },
  {
    key: LLM_PR_FILTER,
    subject: "pull_request",
    kind: "llm",
    label: "LLM PR audit",
    description: "PRs without a substantive, interpretable technical description, or that depend on information absent from the PR.",
  },
  {
    key: "pr_author_comment",
    subject: "instance",
    kind: "rule",
    label: "Comment by PR author",
    description: "Comments written by the PR author (only other contributors' comments are instances).",
  },
  {
    key: "bot_author",
    subject: "instance",
    kind: "rule",
    label: "Bot author",
    description: "Comments by bot accounts: account type Bot, the known-bot list, or bot name patterns.",
  },
  {
    key: "patch_size",
    subject: "instance",
    kind: "rule",
    label: "Oversized patch",
    description: "Comments on PRs whose patch exceeds the maximum number of characters.",
  },
  {
    key: "short_comment",
    subject: "instance",
    kind: "rule",
    label: "Short comment",
    description: "Comments with fewer than the minimum number of characters after trimming whitespace.",
  },
  {
    key: "acknowledgement",
    subject: "instance",
    kind: "rule",
    label: "Brief acknowledgement",
    description: 'Comments made only of listed acknowledgements ("Thanks!", "Done").',
  },
  {
    key: "lgtm_prefix",
    subject: "instance",
    kind: "rule",
    label: "Short LGTM",
    description: 'Comments that begin with "LGTM" and are shorter than the limit.',
  },
  {
    key: LLM_COMMENT_FILTER,
    subject: "instance",
    kind: "llm",
    label: "LLM comment screen",
    description: "Purely social or complimentary, vague, duplicated, or formatting/whitespace-only comments.",
  },
];

export function screeningFilter(key: string): ScreeningFilter {
  const filter = SCREENING_FILTERS.find((f) => f.key === key);
  if (!filter) throw new RangeError(`unknown screening filter "${key}"`);
  return filter;
}

// The catalogue and the rule order must not drift apart: the funnel relies on both.
for (const key of RULE_FILTER_KEYS) screeningFilter(key);
