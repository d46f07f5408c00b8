"use server";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { requireRole } from "@/lib/auth/current-user";
import { AccessDeniedError, NotSignedInError, type Role, type SessionUser } from "@/lib/auth/roles";
import { config } from "@/lib/config";
import { getPrisma } from "@/lib/db/server";
import { createDbLlmCache } from "@/lib/llm/db-cache";
import { isLlmError } from "@/lib/llm/llm-error";
import { AuditSampleError, createAuditSample, CreateAuditSampleRequestSchema } from "@/lib/screen/create-audit-sample";
import { ManualDecisionRequestSchema, ManualScreeningError, recordManualDecision } from "@/lib/screen/manual-screening";
import { adjudicateAuditItem, AuditReviewError, AuditReviewRequestSchema, submitAuditReview } from "@/lib/screen/review-audit-item";
import { ruleConfigFromForm, RULE_LIST_FIELDS, RULE_NUMBER_FIELDS } from "@/lib/screen/rule-config-form";
import { loadRuleConfig, resetRuleConfig, saveRuleConfig } from "@/lib/screen/rule-config-store";
import { runLlmScreening } from "@/lib/screen/run-llm-screening";
import { runRuleScreening } from "@/lib/screen/run-rule-screening";
import { RuleFilterKeySchema } from "@/lib/screen/screening-filters";
import { ScreeningBusyError } from "@/lib/screen/screening-lock";
import { LlmNotConfiguredError, screeningLlmClient } from "@/lib/llm/configured-llm";

// Thin shells: parse the form with zod, check the role on the server, call lib/screen, report.

export type ActionState = { message?: string; error?: string; errors?: string[] };

async function signedIn(...roles: Role[]): Promise<SessionUser | ActionState> {
  try {
    return await requireRole(...roles);
  } catch (e) {
    if (e instanceof AccessDeniedError || e instanceof NotSignedInError) return { error: e.message };
    throw e;
  }
}
const isUser = (u: SessionUser | ActionState): u is SessionUser => "id" in u;
const firstIssue = (e: z.ZodError) => e.issues[0]?.message ?? "The form is not valid.";

function afterScreening() {
  revalidatePath("/screen");
  revalidatePath("/");
}

export async function saveRulesAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const user = await signedIn("admin");
  if (!isUser(user)) return user;
  const fields: Record<string, string> = {};
  for (const name of [...RULE_NUMBER_FIELDS, ...RULE_LIST_FIELDS]) {
    const value = form.get(name);
    if (typeof value === "string") fields[name] = value;
  }
  const prisma = await getPrisma();
  const saved = await saveRuleConfig(prisma, ruleConfigFromForm(fields), user.id);
  if (!saved.ok) return { error: "The rule config was not saved. Fix these and save again:", errors: saved.errors };
  if (form.get("intent") !== "save-and-run") {
    revalidatePath("/screen");
    return { message: `Saved (${saved.fingerprint}). Re-run the rule filters to apply it.` };
  }
  let report;
  try {
    report = await runRuleScreening(prisma, saved.config);
  } catch (e) {
    if (e instanceof ScreeningBusyError) return { error: `Saved (${saved.fingerprint}), but not applied yet: ${e.message}` };
    throw e;
  }
  afterScreening();
  return { message: `Saved (${saved.fingerprint}) and re-ran ${report.runs.length} rule filters over ${report.instancesScreened} instances and ${report.pullRequestsScreened} PRs.` };
}

export async function resetRulesAction(): Promise<void> {
  const user = await requireRole("admin");
  await resetRuleConfig(await getPrisma(), user.id);
  revalidatePath("/screen");
  redirect("/screen/rules");
}

const RerunRequestSchema = z.object({ only: z.preprocess((v) => (v === "" || v === null ? undefined : v), RuleFilterKeySchema.optional()) });

export async function rerunRulesAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const user = await signedIn("admin");
  if (!isUser(user)) return user;
  const parsed = RerunRequestSchema.safeParse({ only: form.get("only") });
  if (!parsed.success) return { error: firstIssue(parsed.error) };
  const prisma = await getPrisma();
  const { config: ruleConfig } = await loadRuleConfig(prisma);
  let report;
  try {
    report = await runRuleScreening(prisma, ruleConfig, { only: parsed.data.only });
  } catch (e) {
    if (e instanceof ScreeningBusyError) return { error: e.message };
    throw e;
  }
  afterScreening();
  const dropped = report.runs.reduce((n, r) => n + r.dropped, 0);
  const what = parsed.data.only ? `the ${parsed.data.only} filter` : `all ${report.runs.length} rule filters`;
  const locked = report.stages.lockedButDropped > 0
    ? ` ${report.stages.lockedButDropped} instance(s) already in annotation would now be dropped; their stage was left alone.`
    : "";
  return { message: `Re-ran ${what} in ${(report.elapsedMs / 1000).toFixed(1)} s: ${dropped} drop decision(s).${locked}` };
}

const RunLlmRequestSchema = z.object({
  level: z.enum(["pr", "comment"], { error: "choose the PR audit or the comment screen" }),
  limit: z.coerce.number({ error: "limit must be a number" }).int("limit must be a whole number").min(1, "limit must be at least 1").max(5_000, "run at most 5,000 items from the page; use scripts/screen.ts for more"),
});

export async function runLlmAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const user = await signedIn("admin");
  if (!isUser(user)) return user;
  const parsed = RunLlmRequestSchema.safeParse({ level: form.get("level"), limit: form.get("limit") });
  if (!parsed.success) return { error: firstIssue(parsed.error) };
  const prisma = await getPrisma();
  try {
    const client = screeningLlmClient(config());
    const report = await runLlmScreening(prisma, { client, cache: createDbLlmCache(prisma) }, {
      level: parsed.data.level, limit: parsed.data.limit, concurrency: config().LLM_CONCURRENCY,
    });
    afterScreening();
    const stopped = report.stats.stoppedBecause ? ` Stopped early: ${report.stats.stoppedBecause}` : "";
    const firstError = report.errors[0] ? ` First error: ${report.errors[0].message}` : "";
    return {
      message: `${report.filterKey} (${report.promptVersion}, ${report.model}): ${report.stats.items} sent of ${report.eligible} waiting; ` +
        `kept ${report.kept}, dropped ${report.dropped}, errors ${report.stats.errors}, cache hits ${report.stats.cacheHits}.${stopped}${firstError}`,
    };
  } catch (e) {
    if (e instanceof LlmNotConfiguredError || e instanceof ScreeningBusyError || isLlmError(e)) return { error: e.message };
    throw e;
  }
}

export async function manualDecisionAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const user = await signedIn("admin");
  if (!isUser(user)) return user;
  const parsed = ManualDecisionRequestSchema.safeParse({
    level: form.get("level"), itemId: form.get("itemId"), verdict: form.get("verdict"), rationale: form.get("rationale") ?? "",
  });
  if (!parsed.success) return { error: firstIssue(parsed.error) };
  try {
    await recordManualDecision(await getPrisma(), parsed.data, user);
  } catch (e) {
    if (e instanceof ManualScreeningError) return { error: e.message };
    throw e;
  }
  afterScreening();
  revalidatePath("/screen/manual");
  return { message: parsed.data.verdict === "keep" ? "Kept." : "Dropped." };
}

export async function createAuditSampleAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const user = await signedIn("admin");
  if (!isUser(user)) return user;
  const parsed = CreateAuditSampleRequestSchema.safeParse({
    filterKey: form.get("filterKey"), confidence: form.get("confidence"), margin: form.get("margin"), seed: form.get("seed"),
  });
  if (!parsed.success) return { error: firstIssue(parsed.error) };
  let sampleId: string;
  try {
    sampleId = (await createAuditSample(await getPrisma(), parsed.data, user.id)).sampleId;
  } catch (e) {
    if (e instanceof AuditSampleError) return { error: e.message };
    throw e;
  }
  revalidatePath("/screen");
  redirect(`/screen/audit/${encodeURIComponent(sampleId)}`);
}

export async function auditReviewAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const adjudicating = form.get("intent") === "adjudicate";
  const user = await signedIn(...((adjudicating ? ["adjudicator", "admin"] : ["annotator", "adjudicator", "admin"]) as Role[]));
  if (!isUser(user)) return user;
  const parsed = AuditReviewRequestSchema.safeParse({ itemId: form.get("itemId"), llmCorrect: form.get("llmCorrect"), note: form.get("note") ?? "" });
  if (!parsed.success) return { error: firstIssue(parsed.error) };
  const prisma = await getPrisma();
  try {
    const request = { itemId: parsed.data.itemId, llmCorrect: form.get("llmCorrect") as "yes" | "no", note: parsed.data.note };
    const status = adjudicating ? await adjudicateAuditItem(prisma, request, user.id) : await submitAuditReview(prisma, request, user.id);
    revalidatePath("/screen/audit", "layout");
    revalidatePath("/screen");
    const said: Record<typeof status, string> = {
      awaiting_reviews: "Review saved. The second expert reviews it independently.",
      agreed: "Review saved: both experts agree.",
      needs_adjudication: "Review saved: the experts disagree, so a third expert adjudicates.",
      adjudicated: "Final decision saved.",
    };
    return { message: said[status] };
  } catch (e) {
    if (e instanceof AuditReviewError) return { error: e.message };
    throw e;
  }
}
