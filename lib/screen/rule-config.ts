import { z } from "zod";
import { acknowledgementKey } from "./acknowledgement-tokens";
import { normaliseLogin } from "./github-login";

// Thresholds and lists of the paper's rule-based filter (§2, "CRJudgeBench Construction").
// They are edited in the screening UI, so every message names the field and says what to fix.

/** Bump when a rule's logic changes (not when thresholds change: those are recorded as config). */
export const RULE_SET_VERSION = "crjudgebench-rules/1.0.0";

/** Flags every bot-name pattern is compiled with; validation uses the same ones. */
export const BOT_PATTERN_FLAGS = "i";

function wholeNumber(field: string, min: number, max: number) {
  return z
    .number({ error: `${field} must be a number` })
    .int({ error: (issue) => `${field} must be a whole number (got ${String(issue.input)})` })
    .min(min, { error: (issue) => `${field} must be at least ${min} (got ${String(issue.input)})` })
    .max(max, { error: (issue) => `${field} must be at most ${max} (got ${String(issue.input)})` });
}

type EntryCheck = (entry: string) => string | null;

/** A list of non-empty strings whose entries must be individually valid and, once keyed, distinct. */
function entryList(field: string, maxEntries: number, check: EntryCheck, key: (entry: string) => string) {
  return z
    .array(z.string({ error: `${field} entries must be text` }), { error: `${field} must be a list` })
    .max(maxEntries, { error: `${field} may hold at most ${maxEntries} entries` })
    .superRefine((entries, ctx) => {
      const firstIndexByKey = new Map<string, number>();
      entries.forEach((entry, i) => {
        const label = `${field}[${i}]`;
        if (entry.trim() === "") {
          ctx.addIssue({ code: "custom", path: [i], message: `${label} is empty` });
          return;
        }
        const problem = check(entry);
        if (problem !== null) {
          ctx.addIssue({ code: "custom", path: [i], message: `${label} ${problem}` });
          return;
        }
        const k = key(entry);
        const earlier = firstIndexByKey.get(k);
        if (earlier !== undefined) {
          ctx.addIssue({
            code: "custom",
            path: [i],
            message: `${label} ("${entry}") repeats ${field}[${earlier}] ("${entries[earlier]}") once normalised`,
          });
          return;
        }
        firstIndexByKey.set(k, i);
      });
    });
}

function checkBotPattern(source: string): string | null {
  if (source.length > 200) return "is longer than 200 characters";
  let regex: RegExp;
  try {
    regex = new RegExp(source, BOT_PATTERN_FLAGS);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return `is not a valid regular expression: ${reason}`;
  }
  // A pattern matching "" (e.g. "bot?" is fine, "b*" is not) matches every login.
  if (regex.test("")) return `matches an empty string, so it would flag every login as a bot`;
  return null;
}

function checkLogin(entry: string): string | null {
  if (/\s/.test(entry.trim())) return `("${entry}") must not contain spaces: a GitHub login is one word`;
  if (entry.length > 100) return "is longer than 100 characters";
  return null;
}

function checkPhrase(entry: string): string | null {
  if (entry.length > 200) return "is longer than 200 characters";
  if (acknowledgementKey(entry) === "") {
    return `("${entry}") has no words or emoji left after normalising, so it could never match`;
  }
  return null;
}

export const RuleConfigSchema = z.strictObject({
  // Paper: "code patches exceed 200,000 characters" are excluded.
  maxPatchChars: wholeNumber("maxPatchChars", 1, 1_000_000_000),
  // Paper: "fewer than 10 characters after trimming whitespace".
  minCommentChars: wholeNumber("minCommentChars", 0, 10_000),
  // Paper: "begin with 'LGTM' and contain fewer than 30 characters".
  lgtmMaxChars: wholeNumber("lgtmMaxChars", 0, 10_000),
  // Paper: PRs "whose problem descriptions contain fewer than 40 words".
  minPrDescriptionWords: wholeNumber("minPrDescriptionWords", 0, 100_000),
  botNamePatterns: entryList("botNamePatterns", 200, checkBotPattern, (s) => s),
  knownBots: entryList("knownBots", 2_000, checkLogin, normaliseLogin),
  acknowledgements: entryList("acknowledgements", 2_000, checkPhrase, acknowledgementKey),
  // Filler allowed between acknowledgement phrases ("Done and fixed in the latest commit").
  acknowledgementConnectors: entryList("acknowledgementConnectors", 500, checkPhrase, acknowledgementKey),
});
export type RuleConfig = z.infer<typeof RuleConfigSchema>;

export type RuleConfigParseResult = { ok: true; config: RuleConfig } | { ok: false; errors: string[] };

/** Validates a user-edited config; every error is a sentence naming the field, ready for the UI. */
export function parseRuleConfig(input: unknown): RuleConfigParseResult {
  const result = RuleConfigSchema.safeParse(input);
  if (result.success) return { ok: true, config: result.data };
  return { ok: false, errors: result.error.issues.map(describeIssue) };
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const label = issue.path
    .map((part, i) => (typeof part === "number" ? `[${part}]` : i === 0 ? String(part) : `.${String(part)}`))
    .join("");
  if (label === "" || issue.message.startsWith(label)) return issue.message;
  if (issue.code === "invalid_type" && issue.input === undefined) return `${label} is missing`;
  return `${label}: ${issue.message}`;
}

/** Short, stable fingerprint of a config so a FilterRun records exactly which thresholds ran. */
export function ruleConfigFingerprint(config: RuleConfig): string {
  const canonical = JSON.stringify(config, Object.keys(config).sort());
  let hash = 0x811c9dc5; // FNV-1a, 32-bit
  for (let i = 0; i < canonical.length; i++) {
    hash ^= canonical.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${RULE_SET_VERSION}+${hash.toString(16).padStart(8, "0")}`;
}

export const DEFAULT_RULE_CONFIG: RuleConfig = RuleConfigSchema.parse({
  maxPatchChars: 200_000,
  minCommentChars: 10,
  lgtmMaxChars: 30,
  minPrDescriptionWords: 40,
  // Name patterns in the spirit of Dey et al. (2020), anchored to login segments so people
  // such as "abbott", "talbot", "botond" or "robotics-dev" are not caught by a bare /bot/.
  botNamePatterns: [
    "(^|[-_.])bot([-_.]|$)",
    "(^|[-_.])robot$",
    "(ci|merge|test|build|deploy|release|review|triage|label|docs?|lint|sync|backport|update|issue)bot$",
    "^codecov(-[a-z]+)?$",
  ],
  // Compared case-insensitively and without "[bot]"; includes User-type accounts that post
  // automatically (codecov-commenter, pep8speaks, meeseeksmachine) which account type misses.
  knownBots: [
    "dependabot",
    "dependabot-preview",
    "renovate",
    "renovate-bot",
    "github-actions",
    "codecov",
    "codecov-commenter",
    "codecov-io",
    "coveralls",
    "pre-commit-ci",
    "coderabbitai",
    "mergify",
    "sonarcloud",
    "sonarqubecloud",
    "netlify",
    "vercel",
    "allcontributors",
    "all-contributors",
    "stale",
    "probot-stale",
    "greenkeeper",
    "snyk-bot",
    "imgbot",
    "imgbotapp",
    "deepsource-autofix",
    "deepsource-io",
    "sourcery-ai",
    "gemini-code-assist",
    "copilot-pull-request-reviewer",
    "copilot-swe-agent",
    "copilot",
    "changeset-bot",
    "codeclimate",
    "lgtm-com",
    "pull-assistant",
    "pyup-bot",
    "pep8speaks",
    "meeseeksmachine",
    "lumberbot-app",
    "review-notebook-app",
    "boring-cyborg",
    "facebook-github-bot",
    "pytorchbot",
    "pytorchmergebot",
    "pytorch-bot",
    "k8s-ci-robot",
    "sympy-bot",
    "conda-forge-linter",
    "conda-forge-admin",
    "conda-forge-webservices",
    "claassistant",
    "cla-bot",
    "googlebot",
    "google-cla",
    "copybara-service",
    "azure-pipelines",
    "azure-sdk",
    "msftbot",
    "issue-label-bot",
    "kodiakhq",
    "restyled-io",
    "codacy-production",
    "gitguardian",
    "github-advanced-security",
    "socket-security",
    "ellipsis-dev",
    "greptile-apps",
    "korbit-ai",
    "qodo-merge-pro",
    "sweep-ai",
    "dosubot",
    "graphite-app",
    "sentry-io",
    "codspeed-hq",
    "bors",
    "read-the-docs-community",
    "mypy-primer",
    "gitpod-io",
    "houndci-bot",
    "whitesource-bolt-for-github",
    "mend-bolt-for-github",
    "release-please",
    "openhands-agent",
    "devin-ai-integration",
  ],
  acknowledgements: [
    "thanks",
    "thank you",
    "thankyou",
    "thank u",
    "thx",
    "thanx",
    "thnx",
    "thks",
    "tks",
    "ty",
    "tysm",
    "tyvm",
    "thanks a lot",
    "thanks so much",
    "thank you so much",
    "thank you very much",
    "many thanks",
    "much appreciated",
    "appreciated",
    "cheers",
    "merci",
    "danke",
    "gracias",
    "thanks for the review",
    "thank you for the review",
    "thanks for reviewing",
    "thanks for the suggestion",
    "thanks for catching this",
    "thanks for catching that",
    "done",
    "fixed",
    "addressed",
    "updated",
    "changed",
    "resolved",
    "removed",
    "renamed",
    "reverted",
    "ok",
    "okay",
    "k",
    "okie",
    "alright",
    "nice",
    "cool",
    "great",
    "perfect",
    "awesome",
    "excellent",
    "lgtm",
    "sgtm",
    "good catch",
    "nice catch",
    "great catch",
    "good point",
    "fair point",
    "good idea",
    "will do",
    "on it",
    "agreed",
    "agree",
    "sure",
    "yes",
    "yep",
    "yup",
    "yeah",
    "sounds good",
    "makes sense",
    "got it",
    "noted",
    "ack",
    "my bad",
    "oops",
    "+1",
    ":+1:",
    ":thumbsup:",
    "👍",
    "👌",
    ":ok_hand:",
    "🎉",
    ":tada:",
    "🙏",
    ":pray:",
    "❤️",
    ":heart:",
    "✅",
    ":white_check_mark:",
    "🚀",
    ":rocket:",
    "💯",
    "🙌",
    ":raised_hands:",
    "😄",
    ":smile:",
    "😊",
    ":blush:",
  ],
  acknowledgementConnectors: [
    "and",
    "also",
    "now",
    "all",
    "again",
    "too",
    "as well",
    "both",
    "so",
    "very",
    "much",
    "really",
    "it",
    "this",
    "that",
    "here",
    "in",
    "with",
    "the latest commit",
    "latest commit",
    "the last commit",
    "the next commit",
    "a follow-up",
    "a follow-up pr",
  ],
});
