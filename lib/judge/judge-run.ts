// A judge run from request to scores: createJudgeRun records the run and one task per example of
// the split (in an order shuffled by the run's seed); executeJudgeRun (the "judge" job) takes the
// pending tasks, a few at a time, each in its own sandbox, writing every step as it happens, so a
// crash loses at most the steps of the tasks then running, which the retry runs again; scoreJudgeRun
// turns the outcomes into the evaluation's report, as submitted and with the reviewers' repair credits.
import { z } from "zod";
import { type Config, judgeWorkDir } from "@/lib/config";
import { SplitNameSchema } from "@/lib/db/enums";
import type { Prisma, PrismaClient } from "@/lib/db/generated/client";
import { AppError, isAppError } from "@/lib/errors";
import { buildEvalReport } from "@/lib/evaluate/build-eval-report";
import { loadGold } from "@/lib/evaluate/load-gold";
import { RunNameSchema } from "@/lib/evaluate/record-eval-run";
import { seededRandom, shuffled } from "@/lib/random/seeded";
import { openMirror } from "@/lib/repo/mirror-path";
import { showNul } from "@/lib/untrusted-json";
import { type JudgeInput, loadJudgeInputs } from "./judge-inputs";
import { createJudgeModel, type JudgeModel } from "./judge-model";
import { type AgentSettings, AgentSettingsSchema, ContextPolicySchema } from "./paper-agent";
import { type AgentStep, runAgent, type Trajectory } from "./run-agent";
import { openTaskSandbox, removeLeftoverTaskDirs } from "./sandbox";

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
});
export type JudgeRunRequest = z.input<typeof JudgeRunRequestSchema>;

/** Records the run and its tasks; the caller queues the "judge" job. */
export async function createJudgeRun(
  prisma: PrismaClient,
  config: Pick<Config, "JUDGE_BASE_URL" | "JUDGE_MODEL" | "JUDGE_API_KEY">,
  request: JudgeRunRequest,
  actorId: string | null = null,
): Promise<{ runId: string; tasks: number }> {
  const r = JudgeRunRequestSchema.parse(request);
  const baseUrl = r.baseUrl ?? config.JUDGE_BASE_URL;
  const model = r.model ?? config.JUDGE_MODEL;
  if (!baseUrl || !model)
    throw new AppError("not_configured", "Name the judge model: a base URL and a model in the form, or JUDGE_BASE_URL and JUDGE_MODEL.");
  const settings = AgentSettingsSchema.parse(r.settings);
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
      // a key typed in the form is kept until the run ends; the configured one is read when needed
      apiKey: r.apiKey || null,
      settings: settings as Prisma.InputJsonValue,
      contextPolicy: r.contextPolicy,
      concurrency: r.concurrency,
      seed: r.seed,
      createdById: actorId,
      tasks: { createMany: { data: order.map((evalId, position) => ({ evalId, position })) } },
    },
  });
  await prisma.auditEvent.create({
    data: {
      actorId,
      action: "judge.run_created",
      subjectType: "judge_run",
      subjectId: run.id,
      details: { exportId: r.exportId, split: r.split, name: r.name, model, tasks: order.length, contextPolicy: r.contextPolicy },
    },
  });
  return { runId: run.id, tasks: order.length };
}

export interface ExecuteDeps {
  prisma: PrismaClient;
  config: Pick<Config, "MIRRORS_DIR" | "JUDGE_WORK_DIR" | "EMBEDDED_DB_DIR" | "JUDGE_API_KEY">;
  signal?: AbortSignal;
  progress?: (done: number, total: number) => Promise<void>;
  log?: (message: string, level?: "info" | "warn" | "error") => Promise<void>;
  /** test seam: the model (else the run's OpenAI-compatible endpoint) */
  model?: JudgeModel;
}

export interface ExecuteResult {
  runId: string;
  status: "succeeded" | "cancelled";
  done: number;
  total: number;
  submitted: number;
  invalid: number;
}

const SETUP_ERROR = "setup_error";

/** The "judge" job: runs the pending tasks of a run; safe to call again after a crash or a cancel. */
export async function executeJudgeRun(deps: ExecuteDeps, runId: string): Promise<ExecuteResult> {
  const { prisma } = deps;
  const run = await prisma.judgeRun.findUnique({ where: { id: runId } });
  if (!run) throw new AppError("not_found", `Judge run ${runId} does not exist`);
  const settings: AgentSettings = AgentSettingsSchema.parse(run.settings);
  const policy = ContextPolicySchema.parse(run.contextPolicy);
  // the checkouts of a killed run's tasks go before new ones are made
  const leftovers = removeLeftoverTaskDirs(judgeWorkDir(deps.config));
  if (leftovers.length) await deps.log?.(`removed ${leftovers.length} task folder(s) a stopped run left in ${judgeWorkDir(deps.config)}`);
  // a task a crashed attempt left running starts over (its partial steps are replaced)
  await prisma.judgeTask.updateMany({ where: { runId, status: "running" }, data: { status: "pending", steps: [], startedAt: null } });
  await prisma.judgeRun.update({ where: { id: runId }, data: { status: "running", startedAt: run.startedAt ?? new Date(), error: null } });

  const { inputs, unavailable } = await loadJudgeInputs(prisma, run.exportId, run.split, policy, [
    settings.systemPrompt,
    settings.userPrompt,
  ]);
  for (const u of unavailable) {
    const updated = await prisma.judgeTask.updateMany({
      where: { runId, evalId: u.evalId, status: "pending" },
      data: { status: "done", outcome: SETUP_ERROR, reason: u.reason, finishedAt: new Date() },
    });
    if (updated.count) await deps.log?.(`${u.evalId}: not judged: ${u.reason}`, "warn");
  }

  const model =
    deps.model ??
    createJudgeModel({
      baseUrl: run.baseUrl,
      model: run.model,
      apiKey: run.apiKey ?? deps.config.JUDGE_API_KEY,
      actionMode: settings.actionMode,
      temperature: settings.temperature,
    });
  const total = await prisma.judgeTask.count({ where: { runId } });
  const pending = await prisma.judgeTask.findMany({
    where: { runId, status: "pending" },
    orderBy: { position: "asc" },
    select: { id: true, evalId: true },
  });
  let done = total - pending.length;
  await deps.progress?.(done, total);

  let next = 0;
  const worker = async () => {
    while (next < pending.length && !deps.signal?.aborted) {
      const task = pending[next++];
      const input = inputs.get(task.evalId);
      if (input) await judgeOneTask(deps, task.id, input, model, settings);
      done++;
      await deps.progress?.(done, total);
    }
  };
  await Promise.all(Array.from({ length: Math.min(run.concurrency, Math.max(1, pending.length)) }, worker));

  const counts = await prisma.judgeTask.groupBy({ by: ["outcome"], where: { runId, status: "done" }, _count: { _all: true } });
  const submitted = counts.find((c) => c.outcome === "submitted")?._count._all ?? 0;
  const finished = counts.reduce((n, c) => n + c._count._all, 0);
  if (deps.signal?.aborted) {
    await prisma.judgeRun.update({ where: { id: runId }, data: { status: "cancelled", finishedAt: new Date(), apiKey: null } });
    return { runId, status: "cancelled", done: finished, total, submitted, invalid: finished - submitted };
  }
  await scoreJudgeRun(prisma, runId);
  await prisma.judgeRun.update({ where: { id: runId }, data: { status: "succeeded", finishedAt: new Date(), apiKey: null } });
  return { runId, status: "succeeded", done: finished, total, submitted, invalid: finished - submitted };
}

async function judgeOneTask(deps: ExecuteDeps, taskId: string, input: JudgeInput, model: JudgeModel, settings: AgentSettings) {
  const { prisma } = deps;
  await prisma.judgeTask.update({ where: { id: taskId }, data: { status: "running", startedAt: new Date(), steps: [] } });
  const steps: AgentStep[] = [];
  let trajectory: Trajectory;
  let sandbox: Awaited<ReturnType<typeof openTaskSandbox>> | null = null;
  try {
    sandbox = await openTaskSandbox({
      taskFiles: input.files,
      mirrorGitDir: openMirror(deps.config.MIRRORS_DIR, input.repo).gitDir,
      baseCommit: input.baseCommit,
      workRoot: judgeWorkDir(deps.config),
    });
    trajectory = await runAgent({
      model,
      sandbox,
      settings,
      signal: deps.signal,
      onStep: async (step) => {
        steps.push(step);
        await prisma.judgeTask.update({ where: { id: taskId }, data: { steps: steps as unknown as Prisma.InputJsonValue } });
      },
    });
  } catch (e) {
    const reason = isAppError(e) ? e.message : `the sandbox could not be made: ${e instanceof Error ? e.message : String(e)}`;
    await prisma.judgeTask.update({
      where: { id: taskId },
      data: { status: "done", outcome: SETUP_ERROR, reason, finishedAt: new Date() },
    });
    await deps.log?.(`${input.evalId}: not judged: ${reason}`, "warn");
    return;
  } finally {
    sandbox?.dispose();
  }
  if (trajectory.outcome === "cancelled") {
    // not an outcome of the model: the task is judged again when the run resumes
    await prisma.judgeTask.update({ where: { id: taskId }, data: { status: "pending", steps: [], startedAt: null } });
    return;
  }
  await prisma.judgeTask.update({
    where: { id: taskId },
    data: {
      status: "done",
      outcome: trajectory.outcome,
      prediction: trajectory.prediction,
      reason: trajectory.reason,
      steps: trajectory.steps as unknown as Prisma.InputJsonValue,
      promptTokens: trajectory.usage.promptTokens,
      completionTokens: trajectory.usage.completionTokens,
      elapsedMs: Math.round(trajectory.elapsedMs),
      finishedAt: new Date(),
    },
  });
}

/**
 * Predictions JSONL for the evaluation: a submission as {eval_id, prediction}; an agent that ended
 * without a valid one (invalid submission, a limit, the model unreachable) as its final output, which
 * the evaluation counts invalid; a task never judged (no sandbox) is left out, so it counts missing.
 */
export function predictionsJsonl(
  tasks: readonly { evalId: string; outcome: string | null; prediction: boolean | null; reason?: string | null }[],
  credited: ReadonlyMap<string, boolean> = new Map(),
): string {
  return tasks
    .flatMap((t): object[] => {
      const credit = credited.get(t.evalId);
      if (credit !== undefined) return [{ eval_id: t.evalId, prediction: credit }];
      if (t.outcome === "submitted" && t.prediction !== null) return [{ eval_id: t.evalId, prediction: t.prediction }];
      if (t.outcome && t.outcome !== SETUP_ERROR)
        return [{ eval_id: t.evalId, output: `no valid submission (${t.outcome}): ${t.reason ?? ""}` }];
      return [];
    })
    .map((p) => JSON.stringify(p))
    .join("\n");
}

/**
 * Scores the run twice through the evaluation (Table 2/3 metrics, bootstrap intervals): as submitted,
 * and with each repair credit counting its task as correct (the paper's rule ii). Both are EvalRuns,
 * so the evaluate page compares them with any other run.
 */
export async function scoreJudgeRun(prisma: PrismaClient, runId: string): Promise<void> {
  const run = await prisma.judgeRun.findUniqueOrThrow({
    where: { id: runId },
    select: { id: true, name: true, exportId: true, split: true, evalRunId: true, creditedEvalRunId: true },
  });
  const tasks = await prisma.judgeTask.findMany({
    where: { runId },
    select: { evalId: true, outcome: true, prediction: true, reason: true, repairCredit: { select: { id: true } } },
  });
  const gold = await loadGold(prisma, run.exportId, run.split);
  const goldOf = new Map(gold.map((g) => [g.evalId, g.trustworthy]));
  const judged = new Set(tasks.map((t) => t.evalId));
  const items = gold.filter((g) => judged.has(g.evalId));
  const credited = new Map<string, boolean>();
  for (const t of tasks) {
    const label = goldOf.get(t.evalId);
    if (t.repairCredit && label !== undefined) credited.set(t.evalId, label);
  }
  const report = (map?: ReadonlyMap<string, boolean>) =>
    showNul(buildEvalReport(items, [{ name: `${run.name}.jsonl`, text: predictionsJsonl(tasks, map) }]));
  // nothing to score yet (every task failed to start): the run page says why, task by task
  if (!tasks.some((t) => t.outcome && t.outcome !== SETUP_ERROR)) return;
  const upsert = async (id: string | null, name: string, value: ReturnType<typeof report>) => {
    if (id) {
      const updated = await prisma.evalRun.updateMany({ where: { id }, data: { report: value } });
      if (updated.count) return id;
    }
    const existing = await prisma.evalRun.findFirst({ where: { exportId: run.exportId, split: run.split, name }, select: { id: true } });
    if (existing) {
      await prisma.evalRun.update({ where: { id: existing.id }, data: { report: value } });
      return existing.id;
    }
    return (await prisma.evalRun.create({ data: { exportId: run.exportId, split: run.split, name, report: value } })).id;
  };
  const evalRunId = await upsert(run.evalRunId, run.name, report());
  const creditedEvalRunId = await upsert(run.creditedEvalRunId, `${run.name} + repair credit`, report(credited));
  await prisma.judgeRun.update({ where: { id: runId }, data: { evalRunId, creditedEvalRunId } });
}

export const RepairCreditRequestSchema = z.object({
  taskId: z.string().min(1),
  step: z.coerce.number().int().min(1, "Name the step where the model repaired the comment"),
  note: z.string().trim().min(1, "Say what the model found and how it repaired it").max(2_000),
});

/** A reviewer's repair credit on one task (rule ii), then the run is scored again. */
export async function grantRepairCredit(prisma: PrismaClient, input: z.input<typeof RepairCreditRequestSchema>, actorId: string) {
  const { taskId, step, note } = RepairCreditRequestSchema.parse(input);
  const task = await prisma.judgeTask.findUnique({ where: { id: taskId }, select: { runId: true, status: true, steps: true } });
  if (!task) throw new AppError("not_found", `Judge task ${taskId} does not exist`);
  if (task.status !== "done") throw new AppError("conflict", "Credit a repair once the task has finished");
  const steps = Array.isArray(task.steps) ? task.steps.length : 0;
  if (step > steps) throw new AppError("invalid_input", `The trajectory has ${steps} steps; step ${step} is not one of them`);
  await prisma.repairCredit.upsert({
    where: { taskId },
    create: { taskId, step, note, grantedById: actorId },
    update: { step, note, grantedById: actorId, createdAt: new Date() },
  });
  await prisma.auditEvent.create({
    data: { actorId, action: "judge.repair_credit", subjectType: "judge_task", subjectId: taskId, details: { step } },
  });
  await scoreJudgeRun(prisma, task.runId);
}

export async function revokeRepairCredit(prisma: PrismaClient, taskId: string, actorId: string) {
  const task = await prisma.judgeTask.findUnique({ where: { id: taskId }, select: { runId: true } });
  if (!task) throw new AppError("not_found", `Judge task ${taskId} does not exist`);
  await prisma.repairCredit.deleteMany({ where: { taskId } });
  await prisma.auditEvent.create({
    data: { actorId, action: "judge.repair_credit_revoked", subjectType: "judge_task", subjectId: taskId, details: {} },
  });
  await scoreJudgeRun(prisma, task.runId);
}

const SETTING_FIELDS = [
  "stepLimit",
  "wallTimeSeconds",
  "maxConsecutiveFormatErrors",
  "commandTimeoutSeconds",
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
    settings,
  };
}
