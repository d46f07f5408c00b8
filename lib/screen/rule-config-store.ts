import type { PrismaClient } from "@/lib/db/generated/client";
import { DEFAULT_RULE_CONFIG, parseRuleConfig, ruleConfigFingerprint, type RuleConfig } from "./rule-config";
import { recordAudit } from "@/lib/audit/record-audit";

// The editable rule config lives in the Setting table under one key; the schema in rule-config.ts
// validates it on the way in and on the way out.
const RULE_CONFIG_SETTING_KEY = "screen.rules";

export type StoredRuleConfig = {
  config: RuleConfig;
  source: "default" | "saved";
  updatedAt: Date | null;
  /** a saved value that no longer validates (e.g. after a schema change): the defaults are used instead */
  invalidSaved: string[] | null;
};

export async function loadRuleConfig(prisma: PrismaClient): Promise<StoredRuleConfig> {
  const row = await prisma.setting.findUnique({ where: { key: RULE_CONFIG_SETTING_KEY } });
  if (!row) return { config: DEFAULT_RULE_CONFIG, source: "default", updatedAt: null, invalidSaved: null };
  const parsed = parseRuleConfig(row.value);
  if (!parsed.ok) return { config: DEFAULT_RULE_CONFIG, source: "default", updatedAt: row.updatedAt, invalidSaved: parsed.errors };
  return { config: parsed.config, source: "saved", updatedAt: row.updatedAt, invalidSaved: null };
}

export type SaveRuleConfigResult = { ok: true; config: RuleConfig; fingerprint: string } | { ok: false; errors: string[] };

/** Validates and stores a config edited in the UI; every change is written to the audit log. */
export async function saveRuleConfig(prisma: PrismaClient, input: unknown, actorId: string | null): Promise<SaveRuleConfigResult> {
  const parsed = parseRuleConfig(input);
  if (!parsed.ok) return parsed;
  const fingerprint = ruleConfigFingerprint(parsed.config);
  await prisma.$transaction([
    prisma.setting.upsert({
      where: { key: RULE_CONFIG_SETTING_KEY },
      create: { key: RULE_CONFIG_SETTING_KEY, value: parsed.config },
      update: { value: parsed.config },
    }),
    recordAudit(prisma, { actorId, action: "screen.rules.save", subjectId: RULE_CONFIG_SETTING_KEY, details: { fingerprint } }),
  ]);
  return { ok: true, config: parsed.config, fingerprint };
}

/** Back to the paper's thresholds and lists. */
export async function resetRuleConfig(prisma: PrismaClient, actorId: string | null): Promise<void> {
  await prisma.$transaction([
    prisma.setting.deleteMany({ where: { key: RULE_CONFIG_SETTING_KEY } }),
    recordAudit(prisma, { actorId, action: "screen.rules.reset", subjectId: RULE_CONFIG_SETTING_KEY }),
  ]);
}
