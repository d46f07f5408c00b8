import type { RuleConfig } from "./rule-config";

// The rule editor posts plain text fields; this turns them into the object RuleConfigSchema
// validates, without hiding mistakes: "" stays missing and "12k" stays a non-number, so the
// schema's messages ("minCommentChars must be a number") reach the user.

export const RULE_NUMBER_FIELDS = ["maxPatchChars", "minCommentChars", "lgtmMaxChars", "minPrDescriptionWords"] as const;
export const RULE_LIST_FIELDS = ["botNamePatterns", "knownBots", "acknowledgements", "acknowledgementConnectors"] as const;

type FormFields = Record<string, string | undefined>;

function numberField(raw: string | undefined): unknown {
  const text = raw?.trim().replace(/[,_\s]/g, "") ?? "";
  if (text === "") return undefined;
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
}

/** One entry per line; blank lines are layout, not entries. */
function listField(raw: string | undefined): string[] | undefined {
  if (raw === undefined) return undefined;
  return raw
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

export function ruleConfigFromForm(fields: FormFields): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of RULE_NUMBER_FIELDS) out[name] = numberField(fields[name]);
  for (const name of RULE_LIST_FIELDS) out[name] = listField(fields[name]);
  return out;
}

/** The inverse, to fill the form. */
export function ruleConfigToForm(config: RuleConfig): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of RULE_NUMBER_FIELDS) out[name] = String(config[name]);
  for (const name of RULE_LIST_FIELDS) out[name] = config[name].join("\n");
  return out;
}
