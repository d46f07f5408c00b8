// Every audit event the workbench writes, one member per action with the subject it is about and the
// shape of its details (the way Documenso types its audit log): recordAudit refuses anything else, and
// readers get typed details back. Stored rows are append-only and older ones may not match a member
// (readAuditEvent falls back to the raw JSON), so a change here must keep old readers' wording working.
import { z } from "zod";
import {
  InstanceStageSchema,
  LabelValueSchema,
  PerturbationKindSchema,
  RoleSchema,
  SplitNameSchema,
  VerificationStatusSchema,
} from "@/lib/db/enums";
import { FilterSubject, FilterVerdict } from "@/lib/db/generated/enums";

/** The action's subject type: fixed per action, so a writer may leave it out. */
const subject = <const T extends string>(type: T) => z.literal(type).default(type);
/** Items screened by a filter are pull requests or comments (instances). */
const screenedItem = z.enum(FilterSubject);
/** A Date when written; stored, as JSON does, as its ISO string. */
const storedDate = z.union([z.date().transform((d) => d.toISOString()), z.iso.datetime()]);
const count = z.number().int().nonnegative();
/** An action that stores no details (NULL in the row). */
const noDetails = z.undefined().optional();

function auditAction<const A extends string, S extends z.ZodType<string, string | undefined>, D extends z.ZodType>(
  action: A,
  subjectType: S,
  details: D,
) {
  return z.strictObject({
    action: z.literal(action),
    subjectType,
    subjectId: z.string().min(1),
    /** null for the system: a CLI, a job, a failed sign-in */
    actorId: z.string().min(1).nullish(),
    /** the moment of the change the event records; the database's now() when absent */
    at: z.date().optional(),
    details,
  });
}

const stageChange = z.strictObject({ from: InstanceStageSchema, to: InstanceStageSchema, finalLabel: LabelValueSchema.nullish() });

const annotation = [
  auditAction("instance.assign", subject("instance"), z.strictObject({ overlap: count, annotators: z.array(z.string()) })),
  auditAction("assignment.reassign", subject("instance"), z.strictObject({ from: z.string(), to: z.string() })),
  auditAction("assignment.skip", subject("instance"), z.strictObject({ reason: z.string() })),
  auditAction("instance.flag", subject("instance"), z.strictObject({ note: z.string() })),
  auditAction("discussion.reply", subject("instance"), z.strictObject({ note: z.string(), resolved: count })),
  auditAction("label.submit", subject("instance"), z.strictObject({ value: LabelValueSchema })),
  auditAction("label.change", subject("instance"), z.strictObject({ value: LabelValueSchema, previous: LabelValueSchema })),
  auditAction("instance.stage", subject("instance"), stageChange),
  auditAction(
    "instance.adjudicate",
    subject("instance"),
    z.strictObject({ value: LabelValueSchema, labels: z.array(z.strictObject({ annotator: z.string(), value: LabelValueSchema })) }),
  ),
  auditAction(
    "instance.send_back",
    subject("instance"),
    z.strictObject({
      note: z.string(),
      previousLabels: z.array(z.strictObject({ annotator: z.string(), value: LabelValueSchema, rationale: z.string(), at: storedDate })),
    }),
  ),
  auditAction(
    "instance.reopen",
    subject("instance"),
    z.strictObject({
      note: z.string(),
      previous: z.strictObject({ adjudicator: z.string(), value: LabelValueSchema, rationale: z.string(), at: storedDate }),
    }),
  ),
  auditAction("setting.update", subject("setting"), z.strictObject({ from: count, to: count })),
] as const;

const screening = [
  auditAction("screen.rules.save", subject("setting"), z.strictObject({ fingerprint: z.string() })),
  auditAction("screen.rules.reset", subject("setting"), noDetails),
  auditAction(
    "screen.llm.error",
    screenedItem,
    z.strictObject({
      runId: z.string(),
      filterKey: z.string(),
      promptVersion: z.string(),
      model: z.string(),
      code: z.string(),
      message: z.string(),
      attempts: count,
    }),
  ),
  auditAction(
    "screen.manual.decide",
    screenedItem,
    z.strictObject({
      filterKey: z.string(),
      verdict: z.enum(FilterVerdict),
      // present when dropping the item withdrew it from annotation
      withdrawn: z.array(z.string()).optional(),
      labelsKept: z.array(z.string()).optional(),
    }),
  ),
  auditAction(
    "screen.audit.create",
    subject("audit_sample"),
    z.strictObject({ filterKey: z.string(), population: count, size: count, seed: z.number().int() }),
  ),
  auditAction("screen.audit.adjudicate", subject("audit_item"), z.strictObject({ llmCorrect: z.boolean(), note: z.string() })),
  auditAction(
    "instance.withdraw",
    subject("instance"),
    z.strictObject({ reason: z.string(), withdrawn: z.array(z.string()), labelsKept: z.array(z.string()) }),
  ),
] as const;

const perturbation = [
  auditAction(
    "perturb.create",
    subject("instance"),
    z.strictObject({
      parentId: z.string(),
      kind: PerturbationKindSchema,
      origin: z.enum(["rule", "llm", "expert"]),
      rule: z.string(),
      rationale: z.string(),
      key: z.string(),
    }),
  ),
  auditAction(
    "perturb.edit",
    subject("instance"),
    z.strictObject({
      previousBody: z.string(),
      body: z.string(),
      note: z.string(),
      discarded: z.array(z.strictObject({ verifierId: z.string(), decision: VerificationStatusSchema })),
    }),
  ),
  auditAction(
    "perturb.verify",
    subject("instance"),
    z.strictObject({
      decision: VerificationStatusSchema,
      note: z.string(),
      edited: z.boolean(),
      accepted: count,
      required: count,
      verification: VerificationStatusSchema,
    }),
  ),
  auditAction(
    "perturb.withdraw",
    subject("instance"),
    z.strictObject({ decision: VerificationStatusSchema, accepted: count, required: count }),
  ),
  auditAction("perturb.settle", subject("instance"), z.strictObject({ verification: VerificationStatusSchema, requiredVerifiers: count })),
  auditAction("perturb.settings.required_verifiers", subject("setting"), z.strictObject({ previous: count, value: count })),
  auditAction(
    "perturb.settings.targets",
    subject("setting"),
    z.strictObject({ previous: z.record(PerturbationKindSchema, count), value: z.record(PerturbationKindSchema, count) }),
  ),
] as const;

const release = [
  auditAction(
    "snapshot.final_diff_chosen",
    subject("patch_snapshot"),
    z.strictObject({ snapshots: z.array(z.string()), instances: count }),
  ),
  auditAction("snapshot.left_out", subject("patch_snapshot"), z.strictObject({ snapshots: z.array(z.string()), instances: count })),
  auditAction(
    "split.create",
    subject("splitRun"),
    z.strictObject({ seed: z.number().int(), testShare: z.number(), validationShare: z.number(), instances: count }),
  ),
  auditAction("export.create", subject("export"), z.strictObject({ splitRunId: z.string(), contentHash: z.string() })),
  auditAction("export.push", subject("export"), z.strictObject({ repoId: z.string(), commit: z.string(), by: z.string() })),
  auditAction(
    "dataset.import",
    subject("import"),
    z.strictObject({ files: z.array(z.strictObject({ name: z.string(), sha256: z.string(), rows: count })) }),
  ),
] as const;

const evaluation = [
  auditAction(
    "evaluate.run_recorded",
    subject("eval_run"),
    z.strictObject({ exportId: z.string(), split: SplitNameSchema, name: z.string(), n: count, accuracy: z.number().nullable() }),
  ),
  auditAction(
    "evaluate.run_deleted",
    subject("eval_run"),
    z.strictObject({ name: z.string(), exportId: z.string(), split: SplitNameSchema }),
  ),
  auditAction("evaluate.sample_loaded", subject("export"), noDetails),
  auditAction("evaluate.sample_removed", subject("export"), noDetails),
  auditAction(
    "judge.run_created",
    subject("judge_run"),
    z.strictObject({
      exportId: z.string(),
      split: SplitNameSchema,
      name: z.string(),
      model: z.string(),
      tasks: count,
      contextPolicy: z.string(),
    }),
  ),
  auditAction("judge.run_resumed", subject("judge_run"), z.strictObject({ tasks: count })),
  auditAction("judge.repair_credit", subject("judge_task"), z.strictObject({ step: z.number().int() })),
  auditAction("judge.repair_credit_revoked", subject("judge_task"), z.strictObject({})),
] as const;

const teaching = [
  auditAction(
    "teach.run_created",
    subject("supervision_run"),
    z.strictObject({ judgeRunId: z.string(), round: count, model: z.string(), prefixes: count, allowNonTrain: z.boolean() }),
  ),
  auditAction("teach.run_cancelled", subject("supervision_run"), noDetails),
  auditAction("teach.run_resumed", subject("supervision_run"), z.strictObject({ prefixes: count })),
] as const;

const accounts = [
  auditAction("session.sign_in", subject("user"), noDetails),
  // subjectId is the login typed, which may name no account
  auditAction("session.sign_in_failed", subject("login"), z.strictObject({ address: z.string().nullable() })),
  auditAction("user.created", subject("user"), z.strictObject({ roles: z.array(RoleSchema) })),
  auditAction("user.updated", subject("user"), z.strictObject({ roles: z.array(RoleSchema) })),
  auditAction("demo.seed", subject("database"), noDetails),
  // the overview funnel's targets (lib/overview/pipeline-funnel.ts); null: back to the paper's
  auditAction(
    "overview.funnel_targets",
    subject("setting"),
    z.strictObject({ targets: z.record(z.string(), count.nullable()).nullable() }),
  ),
] as const;

const crawl = [
  // a person accepts pull requests the crawl gave up on as missing: later runs stop saying partial for them
  auditAction(
    "crawl.hole.accept",
    subject("repository"),
    z.strictObject({
      holes: z.array(z.strictObject({ key: z.string(), prNumber: z.number().int().nullable(), reason: z.string(), attempts: count })),
    }),
  ),
] as const;

export const AuditEventSchema = z.discriminatedUnion("action", [
  ...crawl,
  ...annotation,
  ...screening,
  ...perturbation,
  ...release,
  ...evaluation,
  ...teaching,
  ...accounts,
]);

/** What a writer passes to recordAudit (subject types that are fixed per action may be left out). */
export type AuditEventInput = z.input<typeof AuditEventSchema>;
/** An event as stored and read back: dates in details are ISO strings. */
export type AuditEvent = z.output<typeof AuditEventSchema>;
export type AuditAction = AuditEvent["action"];
export type AuditEventOf<A extends AuditAction> = Extract<AuditEvent, { action: A }>;

export const AUDIT_ACTIONS: readonly AuditAction[] = AuditEventSchema.options.map((o) => o.shape.action.value);
