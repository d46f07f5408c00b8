import { describe, expect, test } from "vitest";
import { isBotAuthor } from "./is-bot-author";
import { DEFAULT_RULE_CONFIG, parseRuleConfig, type RuleConfig } from "./rule-config";

const config = DEFAULT_RULE_CONFIG;

describe("isBotAuthor drops automation", () => {
  test.each([
    ["Dependabot via REST", "dependabot[bot]", "Bot", /account type Bot/],
    ["GitHub Actions via GraphQL (no suffix)", "github-actions", "Bot", /account type Bot/],
    ["pre-commit.ci", "pre-commit-ci[bot]", "Bot", /account type Bot/],
    ["CodeRabbit review", "coderabbitai[bot]", "Bot", /account type Bot/],
    ["[bot] suffix even when the type is missing", "renovate[bot]", null, /ends with "\[bot\]"/],
    ["[bot] suffix in capitals on an unknown app", "Acme-Release-Notes[BOT]", "User", /ends with "\[bot\]"/],
    ["Codecov's commenter is a User account", "codecov-commenter", "User", /known-bot list \(as "codecov-commenter"\)/],
    ["known list ignores case", "CodeCov-Commenter", "User", /known-bot list/],
    ["pep8speaks (User account)", "pep8speaks", "User", /known-bot list/],
    ["matplotlib's backport bot", "meeseeksmachine", "User", /known-bot list/],
    ["Kubernetes prow", "k8s-ci-robot", "User", /known-bot list/],
    ["SymPy bot", "sympy-bot", "User", /known-bot list/],
    ["PyTorch merge bot", "pytorchmergebot", "User", /known-bot list/],
    ["unlisted -bot account", "napari-bot", "User", /pattern \/\(\^\|\[-_\.\]\)bot\(\[-_\.\]\|\$\)\/i/],
    ["unlisted bot- prefix", "bot-ci-runner", "User", /bot name pattern/],
    ["unlisted -robot account", "openshift-ci-robot", "User", /pattern \/\(\^\|\[-_\.\]\)robot\$\/i/],
    ["unlisted merge bot glued to the name", "scipy-mergebot", "User", /bot name pattern/],
    ["Codecov under another name", "codecov-report", "User", /known-bot list|bot name pattern/],
  ])("%s: %s", (_name, login, accountType, rationale) => {
    const decision = isBotAuthor({ login, accountType }, config);
    expect(decision.rule).toBe("bot_author");
    expect(decision.verdict).toBe("drop");
    expect(decision.rationale).toMatch(rationale);
  });
});

describe("isBotAuthor keeps people", () => {
  test.each([
    ["surname containing 'bot'", "abbott"],
    ["'robot' inside a word", "robotics-dev"],
    ["Talbot", "talbot"],
    ["login starting with 'bot'", "botond-k"],
    ["'bot' at a segment start but not a segment", "r-botelho"],
    ["Cabot", "cabot-lee"],
    ["sabotage", "sabotage-ml"],
    ["bottle maintainer", "bottle-py"],
    ["lookalike of a listed bot", "dependabot-fan"],
    ["'robot' as a leading segment", "robot-arm-lab"],
    ["plain maintainer", "mkowalski"],
  ])("%s: %s", (_name, login) => {
    const decision = isBotAuthor({ login, accountType: "User" }, config);
    expect(decision.verdict).toBe("keep");
    expect(decision.rationale).toBe(`Author "${login}" is a User account, not in the known-bot list, and matches no bot name pattern.`);
  });

  test("a deleted account (null login) is not a bot", () => {
    expect(isBotAuthor({ login: null, accountType: null }, config)).toEqual({
      rule: "bot_author",
      verdict: "keep",
      rationale: "Author account was deleted (no login; GitHub shows it as ghost); a deleted user is not a bot.",
    });
  });
  test("the 'ghost' placeholder login is not a bot either", () => {
    expect(isBotAuthor({ login: "ghost", accountType: "User" }, config).verdict).toBe("keep");
  });
  test("migrated (Mannequin) and Organization accounts are kept", () => {
    expect(isBotAuthor({ login: "svn-import-jsmith", accountType: "Mannequin" }, config).rationale).toMatch(/a Mannequin account/);
    expect(isBotAuthor({ login: "python", accountType: "Organization" }, config).verdict).toBe("keep");
  });
});

describe("isBotAuthor follows edits to the config", () => {
  const edited = (edit: Partial<RuleConfig>): RuleConfig => {
    const result = parseRuleConfig({ ...DEFAULT_RULE_CONFIG, ...edit });
    if (!result.ok) throw new Error(result.errors.join("; "));
    return result.config;
  };
  test("an added pattern catches a house CI account", () => {
    const login = { login: "ci-runner-7", accountType: "User" };
    expect(isBotAuthor(login, config).verdict).toBe("keep");
    expect(isBotAuthor(login, edited({ botNamePatterns: ["^ci-runner-\\d+$"] })).rationale).toBe(
      'Author "ci-runner-7" matches bot name pattern /^ci-runner-\\d+$/i.',
    );
  });
  test("removing an entry and its pattern lets the account through", () => {
    const cfg = edited({
      knownBots: DEFAULT_RULE_CONFIG.knownBots.filter((b) => !b.startsWith("codecov")),
      botNamePatterns: DEFAULT_RULE_CONFIG.botNamePatterns.filter((p) => !p.includes("codecov")),
    });
    expect(isBotAuthor({ login: "codecov-commenter", accountType: "User" }, cfg).verdict).toBe("keep");
  });
  test("a listed entry written with [bot] matches the GraphQL login without it", () => {
    const cfg = edited({ knownBots: ["acme-release[bot]"] });
    expect(isBotAuthor({ login: "acme-release", accountType: "User" }, cfg).rationale).toBe(
      'Author "acme-release" is in the known-bot list (as "acme-release[bot]").',
    );
  });
});
