import { countCharacters, formatCount, plural, trimComment } from "./measure-comment-text";
import type { RuleConfig } from "./rule-config";
import { dropDecision, keepDecision, type RuleDecision } from "./rule-decision";

export const SHORT_COMMENT_RULE = "short_comment";

/** Paper §2: drop comments with "fewer than 10 characters after trimming whitespace". */
export function isShortComment(comment: { body: string }, config: RuleConfig): RuleDecision {
  const chars = countCharacters(trimComment(comment.body));
  const minimum = `minimum ${formatCount(config.minCommentChars)}`;
  if (chars === 0 && config.minCommentChars > 0) {
    return dropDecision(SHORT_COMMENT_RULE, `Comment is empty after trimming (${minimum}).`);
  }
  const rationale = `Comment is ${plural(chars, "character")} after trimming (${minimum}).`;
  return chars < config.minCommentChars ? dropDecision(SHORT_COMMENT_RULE, rationale) : keepDecision(SHORT_COMMENT_RULE, rationale);
}
