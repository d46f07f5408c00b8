import { acknowledgementKey } from "./acknowledgement-tokens";
import { normaliseLogin } from "./github-login";
import { BOT_PATTERN_FLAGS, type RuleConfig } from "./rule-config";

// Lookup structures built once per config object; rules call this on every comment, so the
// result is cached by identity (configs are treated as immutable values once parsed).
export type CompiledRuleConfig = {
  /** normalised login → entry as the user wrote it (for rationales) */
  knownBots: Map<string, string>;
  botPatterns: { source: string; regex: RegExp }[];
  /** token key ("thank you") → entry as written ("Thank you") */
  acknowledgementPhrases: Map<string, string>;
  connectorPhrases: Set<string>;
  /** every token of every phrase: a comment word outside it ends the acknowledgement check */
  vocabulary: Set<string>;
  longestPhraseTokens: number;
};

const cache = new WeakMap<RuleConfig, CompiledRuleConfig>();

export function compileRuleConfig(config: RuleConfig): CompiledRuleConfig {
  const cached = cache.get(config);
  if (cached !== undefined) return cached;

  const knownBots = new Map<string, string>();
  for (const entry of config.knownBots) knownBots.set(normaliseLogin(entry), entry);

  const acknowledgementPhrases = new Map<string, string>();
  const connectorPhrases = new Set<string>();
  const vocabulary = new Set<string>();
  let longestPhraseTokens = 0;
  const addTokens = (key: string) => {
    const tokens = key.split(" ");
    longestPhraseTokens = Math.max(longestPhraseTokens, tokens.length);
    for (const token of tokens) vocabulary.add(token);
  };
  for (const entry of config.acknowledgements) {
    const key = acknowledgementKey(entry);
    if (key === "" || acknowledgementPhrases.has(key)) continue;
    acknowledgementPhrases.set(key, entry);
    addTokens(key);
  }
  for (const entry of config.acknowledgementConnectors) {
    const key = acknowledgementKey(entry);
    if (key === "") continue;
    connectorPhrases.add(key);
    addTokens(key);
  }

  const compiled: CompiledRuleConfig = {
    knownBots,
    botPatterns: config.botNamePatterns.map((source) => ({ source, regex: new RegExp(source, BOT_PATTERN_FLAGS) })),
    acknowledgementPhrases,
    connectorPhrases,
    vocabulary,
    longestPhraseTokens,
  };
  cache.set(config, compiled);
  return compiled;
}
