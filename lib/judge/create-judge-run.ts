// A judge run's start: the request (form or CLI), checked; createJudgeRun records the run and one task per
// example of the split, in an order shuffled by the run's seed; the caller queues the "judge" job.
import { z } from "zod";
import { recordAudit } from "@/lib/audit/record-audit";
import type { Config } from "@/lib/config";
import { SplitNameSchema } from "@/lib/db/enums";
import type { PrismaClient } from "@/lib/db/generated/client";
import { toJsonInput } from "@/lib/db/json-input";
import { AppError } from "@/lib/errors";
import { RunNameSchema } from "@/lib/evaluate/record-eval-run";
import { seededRandom, shuffled } from "@/lib/random/seeded";
import { sealSecret, serverKey } from "@/lib/secret-box";
import { type JudgeModelOptions, requestOptionsOf } from "./judge-model";
import { AgentSettingsSchema, ContextPolicySchema } from "./paper-agent";
import { HeaderLinesSchema, sealHeaders } from "./request-headers";

export const JudgeRunRequestSchema = z.object({
  exportId: z.string().min(1, "Choose an export"),
  split: SplitNameSchema,
  name: RunNameSchema,
  baseUrl: z.url("Give the model's OpenAI-compatible base URL (…/v1)").optional(),
  model: z.string().trim().min(1).max(200).optional(),
  apiKey: z.string().max(500).optional(),
  contextPolicy: ContextPolicySchema.default("focused"),
  concurrency: z.coerce.number().int().min(1, "Concurrency is at least 1").max(16, "Concurrency is at most 16").default(4),
  seed: z.coerce.number().int().default(0),
  /** judge only the first N tasks in the seeded order (a small trial run); all when absent */
  limit: z.coerce.number().int().min(1).optional(),
  settings: AgentSettingsSchema.partial().default({}),
  /** extra request headers for a gateway ("Name: value" lines or a map): shown on the run page */
  headers: HeaderLinesSchema.optional(),
  /** extra headers that carry a secret: sealed like the key, names shown only, forgotten when the run ends */
  secretHeaders: HeaderLinesSchema.optional(),
});
export type JudgeRunRequest = z.input<typeof JudgeRunRequestSchema>;

/** Records the run and its tasks; the caller queues the "judge" job. */
export async function createJudgeRun(
  prisma: PrismaClient,
  config: Pick<Config, "JUDGE_BASE_URL" | "JUDGE_MODEL" | "JUDGE_API_KEY" | "WORKBENCH_SECRET" | "EMBEDDED_DB_DIR">,
  request: JudgeRunRequest,
  actorId: string | null = null,
  /** checks the endpoint before anything is recorded (the form and the CLI pass preflightJudgeModel) */
  preflight?: (options: JudgeModelOptions) => Promise<void>,
): Promise<{ runId: string; tasks: number }> {
  const r = JudgeRunRequestSchema.parse(request);
  const baseUrl = r.baseUrl ?? config.JUDGE_BASE_URL;
  const model = r.model ?? config.JUDGE_MODEL;
  if (!baseUrl || !model)
    throw new AppError("not_configured", "Name the judge model: a base URL and a model in the form, or JUDGE_BASE_URL and JUDGE_MODEL.");
  const settings = AgentSettingsSchema.parse(r.settings);
  const headers = r.headers ?? {};
  const secretHeaders = r.secretHeaders ?? {};
  const both = Object.keys(headers).filter((name) => Object.keys(secretHeaders).some((s) => s.toLowerCase() === name.toLowerCase()));
  if (both.length) throw new AppError("invalid_input", `Header ${both.join(", ")} is given both plain and secret; give it once.`);
  await preflight?.({
    baseUrl,
    model,
    apiKey: r.apiKey || config.JUDGE_API_KEY,
    headers: { ...headers, ...secretHeaders },
    ...requestOptionsOf(settings),
  });
  const items = await prisma.exportItem.findMany({
    where: { exportId: r.exportId, split: r.split },
    select: { evalId: true },
    orderBy: { evalId: "asc" },
  });
  if (items.length === 0) throw new AppError("invalid_input", `The export has no ${r.split} examples to judge`);
  const taken = await prisma.judgeRun.findFirst({ where: { exportId: r.exportId, split: r.split, name: r.name }, select: { id: true } });
  if (taken)
    throw new AppError("duplicate", `A judge run named "${r.name}" already exists for this ${r.split} split; choose another name.`);
  const order = shuffled(
    items.map((i) => i.evalId),
    seededRandom(r.seed),
  ).slice(0, r.limit ?? items.length);
  const run = await prisma.judgeRun.create({
    data: {
      name: r.name,
      exportId: r.exportId,
      split: r.split,
      baseUrl,
      model,
      // a key typed in the form is kept, sealed, until the run ends; the configured one is read when needed
      apiKey: r.apiKey ? sealSecret(r.apiKey, serverKey(config)) : null,
      // what the run page shows: each plain header's value; a secret one's name only (null)
      ...(Object.keys(headers).length + Object.keys(secretHeaders).length
        ? { headers: { ...headers, ...Object.fromEntries(Object.keys(secretHeaders).map((name) => [name, null])) } }
        : {}),
      secretHeaders: sealHeaders(secretHeaders, serverKey(config)),
      settings: toJsonInput(settings),
      contextPolicy: r.contextPolicy,
      concurrency: r.concurrency,
      seed: r.seed,
      createdById: actorId,
      tasks: { createMany: { data: order.map((evalId, position) => ({ evalId, position })) } },
    },
  });
  await recordAudit(prisma, {
    actorId,
    action: "judge.run_created",
    subjectId: run.id,
    details: { exportId: r.exportId, split: r.split, name: r.name, model, tasks: order.length, contextPolicy: r.contextPolicy },
  });
  return { runId: run.id, tasks: order.length };
}

const SETTING_FIELDS = [
  "promptPricePerMillion",
  "completionPricePerMillion",
  "temperature",
  "maxTokens",
  "requestSeed",
  "reasoningEffort",
  "extraBody",
  "stepLimit",
  "wallTimeSeconds",
  "maxConsecutiveFormatErrors",
  "commandTimeoutSeconds",
  "endpointConcurrency",
  "outputLimitChars",
  "actionMode",
] as const;

/** The start form's flat fields → a run request: blank optional fields are absent, settings nested. */
export function judgeRunRequestFromForm(fields: Record<string, unknown>): JudgeRunRequest {
  const value = (name: string) => {
    const v = fields[name];
    return typeof v === "string" && v.trim() === "" ? undefined : v;
  };
  const settings: Record<string, unknown> = {};
  for (const name of SETTING_FIELDS) if (value(name) !== undefined) settings[name] = value(name);
  return {
    exportId: String(value("exportId") ?? ""),
    split: value("split") as JudgeRunRequest["split"],
    name: String(value("name") ?? ""),
    baseUrl: value("baseUrl") as string | undefined,
    model: value("model") as string | undefined,
    apiKey: value("apiKey") as string | undefined,
    contextPolicy: value("contextPolicy") as JudgeRunRequest["contextPolicy"],
    concurrency: value("concurrency") as number | undefined,
    seed: value("seed") as number | undefined,
    limit: value("limit") as number | undefined,
    headers: value("headers") as string | undefined,
    secretHeaders: value("secretHeaders") as string | undefined,
    settings,
  };
}
