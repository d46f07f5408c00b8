import { sameLogin } from "./github-login";
import { dropDecision, keepDecision, type RuleDecision } from "./rule-decision";

export const PR_AUTHOR_COMMENT_RULE = "pr_author_comment";

/**
 * Paper §2: "one data instance for every review comment written by a contributor other than
 * the PR author". Deleted accounts (null login) cannot be matched to anyone, so they are kept.
 */
export function isPrAuthorComment(input: { commentAuthorLogin: string | null; pullRequestAuthorLogin: string | null }): RuleDecision {
  const { commentAuthorLogin: commenter, pullRequestAuthorLogin: prAuthor } = input;
  if (commenter === null) {
    return keepDecision(PR_AUTHOR_COMMENT_RULE, "Comment author account was deleted, so it cannot be matched to the PR author.");
  }
  if (prAuthor === null) {
    return keepDecision(PR_AUTHOR_COMMENT_RULE, `PR author account was deleted, so comment author "${commenter}" cannot be matched to it.`);
  }
  if (sameLogin(commenter, prAuthor)) {
    return dropDecision(
      PR_AUTHOR_COMMENT_RULE,
      `Comment author "${commenter}" is the PR author; only comments by other contributors are instances.`,
    );
  }
  return keepDecision(PR_AUTHOR_COMMENT_RULE, `Comment author "${commenter}" is not the PR author "${prAuthor}".`);
}
