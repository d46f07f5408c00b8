import { z } from "zod";
import { ACKNOWLEDGEMENT_RULE, isAcknowledgement } from "./is-acknowledgement";
import { BOT_AUTHOR_RULE, CommentAuthorSchema, isBotAuthor } from "./is-bot-author";
import { isOversizedPatch, PATCH_SIZE_RULE } from "./is-oversized-patch";
import { isPrAuthorComment, PR_AUTHOR_COMMENT_RULE } from "./is-pr-author-comment";
import { isShortComment, SHORT_COMMENT_RULE } from "./is-short-comment";
import { isShortLgtm, LGTM_PREFIX_RULE } from "./is-short-lgtm";
import { isThinPrDescription, PR_DESCRIPTION_RULE, type PullRequestRuleInput } from "./is-thin-pr-description";
import type { RuleConfig } from "./rule-config";
import type { RuleDecision, RuleVerdict } from "./rule-decision";

export const InstanceRuleInputSchema = z
  .object({
    commentBody: z.string(),
    commentAuthor: CommentAuthorSchema,
    pullRequestAuthorLogin: z.string().nullable(),
    /** length of the PR's patch in characters, when already stored */
    patchChars: z.number().int().nonnegative().optional(),
    /** the patch text itself, measured when patchChars is absent */
    patch: z.string().optional(),
  })
  .refine((input) => input.patchChars !== undefined || input.patch !== undefined, {
    message: "give patchChars or patch so the patch-size rule can run",
    path: ["patchChars"],
  });
export type InstanceRuleInput = z.infer<typeof InstanceRuleInputSchema>;

// The order the paper lists them (§2): who may form an instance first, then the rule filter.
// The funnel attributes each drop to the first rule that dropped it, so the order is fixed.
export const INSTANCE_RULE_ORDER = [
  PR_AUTHOR_COMMENT_RULE,
  BOT_AUTHOR_RULE,
  PATCH_SIZE_RULE,
  SHORT_COMMENT_RULE,
  ACKNOWLEDGEMENT_RULE,
  LGTM_PREFIX_RULE,
] as const;
export const PULL_REQUEST_RULE_ORDER = [PR_DESCRIPTION_RULE] as const;

export type RuleFilterOutcome = {
  verdict: RuleVerdict;
  /** every rule's decision, in rule order, so reviewers see all reasons, not just the first */
  decisions: RuleDecision[];
  /** the first dropping rule: the one the funnel counts this drop against */
  droppedBy: RuleDecision | null;
};

function outcomeOf(decisions: RuleDecision[]): RuleFilterOutcome {
  const droppedBy = decisions.find((d) => d.verdict === "drop") ?? null;
  return { verdict: droppedBy === null ? "keep" : "drop", decisions, droppedBy };
}

export function applyInstanceRules(input: InstanceRuleInput, config: RuleConfig): RuleFilterOutcome {
  const comment = { body: input.commentBody };
  const patch = input.patchChars !== undefined ? { patchChars: input.patchChars } : { patch: input.patch ?? "" };
  return outcomeOf([
    isPrAuthorComment({
      commentAuthorLogin: input.commentAuthor.login,
      pullRequestAuthorLogin: input.pullRequestAuthorLogin,
    }),
    isBotAuthor(input.commentAuthor, config),
    isOversizedPatch(patch, config),
    isShortComment(comment, config),
    isAcknowledgement(comment, config),
    isShortLgtm(comment, config),
  ]);
}

export function applyPullRequestRules(input: PullRequestRuleInput, config: RuleConfig): RuleFilterOutcome {
  return outcomeOf([isThinPrDescription(input, config)]);
}
