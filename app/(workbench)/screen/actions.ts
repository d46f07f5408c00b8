"use server";
// Thin shells: formAction checks the role on the server and parses the form with zod; the work is
// in lib/screen; errors a user can act on are AppErrors and show on the form.
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { assertRole } from "@/lib/auth/roles";
import { config } from "@/lib/config";
import { getPrisma } from "@/lib/db/server";
import { formAction, plainAction } from "@/lib/http/form-action";
import type { FormState } from "@/lib/http/form-state";
import { screeningLlmClient } from "@/lib/llm/configured-llm";
import { getJobEngine } from "@/lib/jobs/server-engine";
import { createAuditSample, CreateAuditSampleRequestSchema } from "@/lib/screen/create-audit-sample";
import { ManualDecisionRequestSchema, recordManualDecision } from "@/lib/screen/manual-screening";
import { adjudicateAuditItem, AuditReviewRequestSchema, submitAuditReview } from "@/lib/screen/review-audit-item";
import { ruleConfigFromForm, RULE_LIST_FIELDS, RULE_NUMBER_FIELDS } from "@/lib/screen/rule-config-form";
import { resetRuleConfig, saveRuleConfig } from "@/lib/screen/rule-config-store";
import { RerunRulesRequestSchema, RunLlmScreeningRequestSchema } from "@/lib/screen/screening-requests";
import { chooseForUnavailable, UnavailableChoiceSchema } from "@/lib/snapshot/choose-unavailable";
import { counted, plural } from "@/lib/text/plural";

export type ActionState = FormState;

function afterScreening() {
  revalidatePath("/screen");
  revalidatePath("/");
}

// the rule form's fields are read by name (numbers and lists), then validated by saveRuleConfig
const RuleFieldsSchema = z.object({ intent: z.string().optional(), fields: z.record(z.string(), z.string()) });
const readRuleFields = (form: FormData) => ({
  intent: form.get("intent") ?? undefined,
  fields: Object.fromEntries(
    [...RULE_NUMBER_FIELDS, ...RULE_LIST_FIELDS].flatMap((name) => {
      const value = form.get(name);
      return typeof value === "string" ? [[name, value]] : [];
    }),
  ),
});

export const saveRulesAction = formAction(
  { roles: ["admin"], input: RuleFieldsSchema, read: readRuleFields },
  async (input, user): Promise<FormState> => {
    const prisma = await getPrisma();
    const saved = await saveRuleConfig(prisma, ruleConfigFromForm(input.fields), user.id);
    if (!saved.ok) return { ok: false, error: "The rule config was not saved. Fix these and save again:", errors: saved.errors };
    if (input.intent !== "save-and-run") {
      revalidatePath("/screen");
      return { message: `Saved (${saved.fingerprint}). Re-run the rule filters to apply it.` };
    }
    const queued = await (await getJobEngine()).enqueue("screen-rules", {}, { requestedById: user.id });
    afterScreening();
    return {
      message: queued.existing
        ? `Saved (${saved.fingerprint}). A rule screening is already queued or running; re-run once it ends to apply this config to every filter.`
        : `Saved (${saved.fingerprint}); the rule filters are queued to re-run (progress on /screen).`,
    };
  },
);

export const resetRulesAction = plainAction({ roles: ["admin"], input: z.object({}) }, async (_input, user) => {
  await resetRuleConfig(await getPrisma(), user.id);
  revalidatePath("/screen");
  redirect("/screen/rules");
});

export const rerunRulesAction = formAction({ roles: ["admin"], input: RerunRulesRequestSchema }, async (input, user) => {
  const queued = await (await getJobEngine()).enqueue("screen-rules", { only: input.only }, { requestedById: user.id });
  afterScreening();
  const what = input.only ? `the ${input.only} filter` : "all rule filters";
  return queued.existing
    ? "A rule screening is already queued or running; its progress shows below."
    : `Queued a re-run of ${what}; its progress shows below.`;
});

// no cap: the run is a job, split into shards that every worker shares
const RunLlmFormSchema = RunLlmScreeningRequestSchema.pick({ level: true, limit: true });

export const runLlmAction = formAction({ roles: ["admin"], input: RunLlmFormSchema }, async (input, user) => {
  screeningLlmClient(config()); // no LLM configured: say so now, not from inside a job
  const queued = await (await getJobEngine()).enqueue("screen-llm", { level: input.level, limit: input.limit }, { requestedById: user.id });
  afterScreening();
  const what = input.level === "pr" ? "The LLM PR audit" : "The LLM comment screen";
  return queued.existing
    ? `${what} is already queued or running; its progress shows below.`
    : `${what} is queued; its progress shows below.`;
});

export const manualDecisionAction = formAction({ roles: ["admin"], input: ManualDecisionRequestSchema }, async (input, user) => {
  await recordManualDecision(await getPrisma(), input, user);
  afterScreening();
  revalidatePath("/screen/manual");
  return input.verdict === "keep" ? "Kept." : "Dropped.";
});

export const createAuditSampleAction = formAction({ roles: ["admin"], input: CreateAuditSampleRequestSchema }, async (input, user) => {
  const { sampleId } = await createAuditSample(await getPrisma(), input, user.id);
  revalidatePath("/screen");
  redirect(`/screen/audit/${encodeURIComponent(sampleId)}`);
});

const AuditReviewFormSchema = AuditReviewRequestSchema.extend({ intent: z.enum(["review", "adjudicate"]).default("review") });

export const auditReviewAction = formAction(
  { roles: ["annotator", "adjudicator", "admin"], input: AuditReviewFormSchema },
  async ({ intent, itemId, llmCorrect, note }, user) => {
    const prisma = await getPrisma();
    const request = { itemId, llmCorrect: llmCorrect ? ("yes" as const) : ("no" as const), note };
    if (intent === "adjudicate") assertRole(user, "adjudicator", "admin");
    const status =
      intent === "adjudicate" ? await adjudicateAuditItem(prisma, request, user.id) : await submitAuditReview(prisma, request, user.id);
    revalidatePath("/screen/audit", "layout");
    revalidatePath("/screen");
    const said: Record<typeof status, string> = {
      awaiting_reviews: "Review saved. The second expert reviews it independently.",
      agreed: "Review saved: both experts agree.",
      needs_adjudication: "Review saved: the experts disagree, so a third expert adjudicates.",
      adjudicated: "Final decision saved.",
    };
    return said[status];
  },
);

export const chooseForUnavailableAction = formAction({ roles: ["admin"], input: UnavailableChoiceSchema }, async (input, user) => {
  const { snapshots, instances } = await chooseForUnavailable(await getPrisma(), input, user.id);
  revalidatePath("/screen");
  revalidatePath("/splits");
  if (snapshots === 0) return "Nothing to change: the choice was already made.";
  return input.choice === "final_diff"
    ? `${counted(instances, "instance")} of ${counted(snapshots, "snapshot")} ${plural(instances, "is", "are")} now judged on the PR's final diff, marked as such, and can enter splits.`
    : `${counted(instances, "instance")} of ${counted(snapshots, "snapshot")} ${plural(instances, "is", "are")} left out of the dataset.`;
});
