import { acknowledgementTokens, prepareForAcknowledgement } from "./acknowledgement-tokens";
import { compileRuleConfig, type CompiledRuleConfig } from "./compile-rule-config";
import type { RuleConfig } from "./rule-config";
import { dropDecision, keepDecision, type RuleDecision } from "./rule-decision";

export const ACKNOWLEDGEMENT_RULE = "acknowledgement";

const HOW_COMPARED = "compared ignoring case, punctuation, repeated letters, mentions and extra emoji";

/**
 * Paper §2: drop comments that "match a predefined list of brief acknowledgments".
 * A comment matches when it is made entirely of listed phrases (plus connectors such as "and",
 * and decoration such as emoji or "@alice"), with at least one real acknowledgement:
 * "Done, thanks! 👍" matches; "Done, but I think X should be Y because…" does not.
 */
export function isAcknowledgement(comment: { body: string }, config: RuleConfig): RuleDecision {
  const compiled = compileRuleConfig(config);
  const { tokens, refused } = acknowledgementTokens(prepareForAcknowledgement(comment.body), (token, kind) =>
    compiled.vocabulary.has(token) ? "keep" : kind === "symbol" ? "skip" : "refuse",
  );
  if (refused !== null) {
    return keepDecision(ACKNOWLEDGEMENT_RULE, `Comment contains "${refused}", which is in no acknowledgement phrase.`);
  }
  if (tokens.length === 0) {
    return keepDecision(ACKNOWLEDGEMENT_RULE, "Comment contains no acknowledgement phrase.");
  }
  const matched = segmentIntoPhrases(tokens, compiled);
  if (matched === "connectors-only") {
    return keepDecision(ACKNOWLEDGEMENT_RULE, "Comment contains only connecting words, no acknowledgement phrase.");
  }
  if (matched === null) {
    return keepDecision(
      ACKNOWLEDGEMENT_RULE,
      `Comment's words all occur in acknowledgement phrases but do not form listed phrases ("${tokens.join(" ")}").`,
    );
  }
  const phrases = matched.map((entry) => `"${entry}"`).join(" + ");
  return dropDecision(ACKNOWLEDGEMENT_RULE, `Comment is a brief acknowledgement: ${phrases} (${HOW_COMPARED}).`);
}

type Step = { from: number; fromState: 0 | 1; acknowledgement: string | null };

/**
 * Splits tokens into listed phrases; state 1 means at least one acknowledgement (not only
 * connectors) has been used. Returns the acknowledgement entries in order, as the user wrote them.
 */
function segmentIntoPhrases(tokens: string[], compiled: CompiledRuleConfig): string[] | "connectors-only" | null {
  const n = tokens.length;
  // steps[state][position]: how that (position, state) was first reached
  const steps: (Step | undefined)[][] = [new Array(n + 1), new Array(n + 1)];
  steps[0][0] = { from: -1, fromState: 0, acknowledgement: null };
  for (let i = 0; i < n; i++) {
    for (const state of [0, 1] as const) {
      if (steps[state][i] === undefined) continue;
      let key = "";
      for (let len = 1; len <= compiled.longestPhraseTokens && i + len <= n; len++) {
        key = len === 1 ? tokens[i] : `${key} ${tokens[i + len - 1]}`;
        const entry = compiled.acknowledgementPhrases.get(key);
        if (entry !== undefined && steps[1][i + len] === undefined) {
          steps[1][i + len] = { from: i, fromState: state, acknowledgement: entry };
        }
        if (compiled.connectorPhrases.has(key) && steps[state][i + len] === undefined) {
          steps[state][i + len] = { from: i, fromState: state, acknowledgement: null };
        }
      }
    }
  }
  if (steps[1][n] === undefined) return steps[0][n] === undefined ? null : "connectors-only";
  const entries: string[] = [];
  let position = n;
  let state: 0 | 1 = 1;
  while (position > 0) {
    const step = steps[state][position] as Step;
    if (step.acknowledgement !== null) entries.push(step.acknowledgement);
    position = step.from;
    state = step.fromState;
  }
  return entries.reverse();
}
