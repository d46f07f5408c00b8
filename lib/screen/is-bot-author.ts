import { z } from "zod";
import { compileRuleConfig } from "./compile-rule-config";
import { hasBotSuffix, normaliseLogin } from "./github-login";
import type { RuleConfig } from "./rule-config";
import { dropDecision, keepDecision, type RuleDecision } from "./rule-decision";

export const BOT_AUTHOR_RULE = "bot_author";

// REST `user.type` / GraphQL `author.__typename`: User, Bot, Organization, Mannequin, or null
// when the account was deleted (GitHub then shows "ghost").
export const CommentAuthorSchema = z.object({
  login: z.string().nullable(),
  accountType: z.string().nullable(),
});
export type CommentAuthor = z.infer<typeof CommentAuthorSchema>;

/** Paper §2: drop comments "authored by bot accounts, identified using predefined username patterns". */
export function isBotAuthor(author: CommentAuthor, config: RuleConfig): RuleDecision {
  const { login, accountType } = author;
  if (accountType === "Bot") {
    return dropDecision(BOT_AUTHOR_RULE, `Author ${quoteLogin(login)} has GitHub account type Bot.`);
  }
  if (login === null || login.trim() === "") {
    return keepDecision(BOT_AUTHOR_RULE, "Author account was deleted (no login; GitHub shows it as ghost); a deleted user is not a bot.");
  }
  if (hasBotSuffix(login)) {
    return dropDecision(BOT_AUTHOR_RULE, `Author "${login}" ends with "[bot]", the suffix of GitHub App accounts.`);
  }
  const compiled = compileRuleConfig(config);
  const listed = compiled.knownBots.get(normaliseLogin(login));
  if (listed !== undefined) {
    return dropDecision(BOT_AUTHOR_RULE, `Author "${login}" is in the known-bot list (as "${listed}").`);
  }
  for (const { source, regex } of compiled.botPatterns) {
    if (regex.test(login)) {
      return dropDecision(BOT_AUTHOR_RULE, `Author "${login}" matches bot name pattern /${source}/${regex.flags}.`);
    }
  }
  const typeNote = accountType === null ? "an account of unknown type" : `a ${accountType} account`;
  return keepDecision(BOT_AUTHOR_RULE, `Author "${login}" is ${typeNote}, not in the known-bot list, and matches no bot name pattern.`);
}

function quoteLogin(login: string | null): string {
  return login === null ? "(no login)" : `"${login}"`;
}
