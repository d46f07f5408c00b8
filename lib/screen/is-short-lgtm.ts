import { countCharacters, formatCount, plural, trimComment } from "./measure-comment-text";
import type { RuleConfig } from "./rule-config";
import { dropDecision, keepDecision, type RuleDecision } from "./rule-decision";

export const LGTM_PREFIX_RULE = "lgtm_prefix";

// Markdown emphasis around the approval ("**LGTM** 🚀") does not change what it says.
const LEADING_EMPHASIS = /^[*_~]+/;

/** Paper §2: drop comments that "begin with 'LGTM' and contain fewer than 30 characters". */
export function isShortLgtm(comment: { body: string }, config: RuleConfig): RuleDecision {
  const trimmed = trimComment(comment.body);
  // NFKC folds full-width "ＬＧＴＭ" into "LGTM".
  const opening = trimmed.slice(0, 16).normalize("NFKC").replace(LEADING_EMPHASIS, "").toLowerCase();
  if (!opening.startsWith("lgtm")) {
    return keepDecision(LGTM_PREFIX_RULE, `Comment does not begin with "LGTM".`);
  }
  const chars = countCharacters(trimmed);
  const limit = formatCount(config.lgtmMaxChars);
  const size = `${plural(chars, "character")} after trimming`;
  if (chars < config.lgtmMaxChars) {
    return dropDecision(LGTM_PREFIX_RULE, `Comment begins with "LGTM" and is ${size} (fewer than ${limit}).`);
  }
  return keepDecision(
    LGTM_PREFIX_RULE,
    `Comment begins with "LGTM" but is ${size} (drops only below ${limit}), so it says more than approval.`,
  );
}
