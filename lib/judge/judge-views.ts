// What the judge pages show: the runs, one run's progress, scores and tasks (filterable by outcome,
// repository and source), and one task's trajectory beside its task files. Never the API key.
import { z } from "zod";
import type { SplitName } from "@/lib/db/enums";
import type { Prisma, PrismaClient } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { type EvalReport, EvalReportSchema } from "@/lib/evaluate/eval-report-schema";
import { loadGold } from "@/lib/evaluate/load-gold";
import type { GoldItem } from "@/lib/evaluate/score-run";
import { NOT_JUDGED_OUTCOMES } from "./judge-outcomes";
import { loadJudgeInputs } from "./judge-inputs";
import { AgentSettingsSchema, ContextPolicySchema, costOf } from "./paper-agent";
import { StoredHeadersSchema } from "./request-headers";
import { type AgentStep, AgentStepsSchema } from "./run-agent";

const RUN_SUMMARY_SELECT = {
  id: true,
  name: true,
  exportId: true,
  split: true,
  baseUrl: true,
  model: true,
  contextPolicy: true,
  concurrency: true,
  seed: true,
  status: true,
  jobId: true,
  error: true,
  createdAt: true,
  startedAt: true,
  finishedAt: true,
  evalRunId: true,
  creditedEvalRunId: true,
  retries: true,
  sandboxCaps: true,
  sandboxWarning: true,
  headers: true,
} as const;

export interface JudgeRunSummary {
  id: string;
  name: string;
  exportId: string;
  split: SplitName;
  model: string;
  contextPolicy: string;
  status: string;
  createdAt: Date;
  total: number;
  done: number;
  /** judged, without a valid submission (invalid, a limit) */
  invalid: number;
  notJudged: number;
  tokens: number;
  promptTokens: number;
  completionTokens: number;
  /** requests the provider failed that were sent again, over the whole run (attempts judged again included) */
  retries: number;
  /** the sandbox's caps where the tasks ran, and the warning of a host without per-task caps */
  sandboxCaps: string | null;
  sandboxWarning: string | null;
  /** extra request headers: a plain one's value, a sealed one's name with null */
  headers: Record<string, string | null>;
}

type TaskCounts = Pick<JudgeRunSummary, "total" | "done" | "invalid" | "notJudged" | "tokens" | "promptTokens" | "completionTokens">;
const noTasks = (): TaskCounts => ({ total: 0, done: 0, invalid: 0, notJudged: 0, tokens: 0, promptTokens: 0, completionTokens: 0 });

async function taskCounts(prisma: PrismaClient, runIds: string[]) {
  const rows = await prisma.judgeTask.groupBy({
    by: ["runId", "status", "outcome"],
    where: { runId: { in: runIds } },
    _count: { _all: true },
    _sum: { promptTokens: true, completionTokens: true },
  });
  const counts = new Map<string, TaskCounts>();
  for (const r of rows) {
    const c = counts.get(r.runId) ?? noTasks();
    c.total += r._count._all;
    if (r.status === "done") c.done += r._count._all;
    const notJudged = r.outcome !== null && NOT_JUDGED_OUTCOMES.has(r.outcome);
    if (r.status === "done" && r.outcome !== "submitted" && !notJudged) c.invalid += r._count._all;
    if (r.status === "done" && notJudged) c.notJudged += r._count._all;
    c.promptTokens += r._sum.promptTokens ?? 0;
    c.completionTokens += r._sum.completionTokens ?? 0;
    c.tokens = c.promptTokens + c.completionTokens;
    counts.set(r.runId, c);
  }
  return counts;
}

/** The newest runs first (the list page's 100, the overview's few). */
export async function listJudgeRuns(prisma: PrismaClient, { take = 100 }: { take?: number } = {}): Promise<JudgeRunSummary[]> {
  const runs = await prisma.judgeRun.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], take, select: RUN_SUMMARY_SELECT });
  const counts = await taskCounts(
    prisma,
    runs.map((r) => r.id),
  );
  return runs.map((r) => ({ ...r, headers: StoredHeadersSchema.parse(r.headers ?? {}), ...(counts.get(r.id) ?? noTasks()) }));
}

export const TaskFilterSchema = z.object({
  outcome: z.enum(["all", "correct", "wrong", "invalid", "limits", "not_judged", "credited", "pending"]).catch("all"),
  repo: z.string().optional().catch(undefined),
  source: z.string().optional().catch(undefined),
});
export type TaskFilter = z.infer<typeof TaskFilterSchema>;

export interface JudgeTaskRow {
  id: string;
  evalId: string;
  position: number;
  status: string;
  outcome: string | null;
  prediction: boolean | null;
  reason: string | null;
  steps: number;
  tokens: number;
  /** USD at the run's prices; null without prices */
  cost: number | null;
  elapsedMs: number | null;
  /** requests of this task the provider failed that were sent again */
  retries: number;
  /** the worker holding the task while it runs (host:pid) */
  workerId: string | null;
  /** attempts that took the task (more than one when a worker stopped or died mid-task) */
  attempts: number;
  repo: string | null;
  source: string | null;
  gold: boolean | null;
  /** correct / wrong as scored (before credit); null until scored */
  scored: string | null;
  credit: { step: number; note: string; by: string; at: Date } | null;
}

const LIMIT_OUTCOMES = new Set(["step_limit", "time_limit", "format_errors", "invalid_submission"]);

function matches(row: JudgeTaskRow, filter: TaskFilter): boolean {
  if (filter.repo && row.repo !== filter.repo) return false;
  if (filter.source && row.source !== filter.source) return false;
  switch (filter.outcome) {
    case "all":
      return true;
    case "correct":
    case "wrong":
      return row.scored === filter.outcome;
    case "invalid":
      return row.outcome === "invalid_submission";
    case "limits":
      return row.outcome !== null && LIMIT_OUTCOMES.has(row.outcome) && row.outcome !== "invalid_submission";
    case "not_judged":
      return row.outcome !== null && NOT_JUDGED_OUTCOMES.has(row.outcome);
    case "credited":
      return row.credit !== null;
    case "pending":
      return row.status !== "done";
  }
}

export interface JudgeRunView {
  run: JudgeRunSummary & {
    baseUrl: string;
    concurrency: number;
    seed: number;
    error: string | null;
    finishedAt: Date | null;
    jobId: string | null;
    evalRunId: string | null;
    /** USD at the run's prices; null without prices */
    cost: number | null;
  };
  settings: z.infer<typeof AgentSettingsSchema>;
  report: EvalReport | null;
  creditedReport: EvalReport | null;
  tasks: JudgeTaskRow[];
  /** the workers holding the run's running tasks now, with how many each */
  workers: { workerId: string; tasks: number }[];
  repositories: string[];
  sources: string[];
}

async function reportOf(prisma: PrismaClient, id: string | null): Promise<EvalReport | null> {
  if (!id) return null;
  const row = await prisma.evalRun.findUnique({ where: { id }, select: { report: true } });
  const parsed = EvalReportSchema.safeParse(row?.report);
  return parsed.success ? parsed.data : null;
}

const TASK_ROW_SELECT = {
  id: true,
  evalId: true,
  position: true,
  status: true,
  outcome: true,
  prediction: true,
  reason: true,
  promptTokens: true,
  completionTokens: true,
  elapsedMs: true,
  retries: true,
  workerId: true,
  attempts: true,
  repairCredit: { select: { step: true, note: true, createdAt: true, grantedBy: { select: { login: true } } } },
} as const;

type StoredTaskRow = Prisma.JudgeTaskGetPayload<{ select: typeof TASK_ROW_SELECT }>;

/** How many steps each task has, counted by the database instead of reading every trajectory. */
async function stepCounts(prisma: PrismaClient, runId: string): Promise<Map<string, number>> {
  const rows = await prisma.$queryRaw<{ id: string; steps: number }[]>`
    SELECT id, CASE WHEN jsonb_typeof(steps) = 'array' THEN jsonb_array_length(steps) ELSE 0 END AS steps
    FROM "JudgeTask" WHERE "runId" = ${runId}`;
  return new Map(rows.map((r) => [r.id, Number(r.steps)]));
}

function taskRowOf(
  t: StoredTaskRow,
  steps: number,
  gold: GoldItem | undefined,
  scored: string | null,
  settings: z.infer<typeof AgentSettingsSchema>,
): JudgeTaskRow {
  return {
    id: t.id,
    evalId: t.evalId,
    position: t.position,
    status: t.status,
    outcome: t.outcome,
    prediction: t.prediction,
    reason: t.reason,
    steps,
    tokens: t.promptTokens + t.completionTokens,
    cost: costOf({ prompt: t.promptTokens, completion: t.completionTokens }, settings),
    elapsedMs: t.elapsedMs,
    retries: t.retries,
    workerId: t.status === "running" ? t.workerId : null,
    attempts: t.attempts,
    repo: gold?.repo ?? null,
    source: gold?.source ?? null,
    gold: gold?.trustworthy ?? null,
    scored,
    credit: t.repairCredit
      ? { step: t.repairCredit.step, note: t.repairCredit.note, by: t.repairCredit.grantedBy.login, at: t.repairCredit.createdAt }
      : null,
  };
}

export async function loadJudgeRunView(prisma: PrismaClient, runId: string, filter: TaskFilter): Promise<JudgeRunView> {
  const run = await prisma.judgeRun.findUnique({ where: { id: runId }, select: { ...RUN_SUMMARY_SELECT, settings: true } });
  if (!run) throw new AppError("not_found", `Judge run ${runId} does not exist`);
  const [counts, tasks, steps, gold, report, creditedReport] = await Promise.all([
    taskCounts(prisma, [runId]),
    prisma.judgeTask.findMany({ where: { runId }, orderBy: { position: "asc" }, select: TASK_ROW_SELECT }),
    stepCounts(prisma, runId),
    loadGold(prisma, run.exportId, run.split).catch(() => []),
    reportOf(prisma, run.evalRunId),
    reportOf(prisma, run.creditedEvalRunId),
  ]);
  const goldOf = new Map(gold.map((g) => [g.evalId, g]));
  const scoredOf = new Map((report?.metrics.items ?? []).map((i) => [i.evalId, i.outcome]));
  const settings = AgentSettingsSchema.parse(run.settings);
  const runCounts = counts.get(runId) ?? noTasks();
  const rows = tasks.map((t) => taskRowOf(t, steps.get(t.id) ?? 0, goldOf.get(t.evalId), scoredOf.get(t.evalId) ?? null, settings));
  return {
    run: {
      ...run,
      headers: StoredHeadersSchema.parse(run.headers ?? {}),
      ...runCounts,
      cost: costOf({ prompt: runCounts.promptTokens, completion: runCounts.completionTokens }, settings),
    },
    settings,
    report,
    creditedReport,
    tasks: rows.filter((r) => matches(r, filter)),
    workers: workersOf(rows),
    repositories: [...new Set(rows.flatMap((r) => (r.repo ? [r.repo] : [])))].sort(),
    sources: [...new Set(rows.flatMap((r) => (r.source ? [r.source] : [])))].sort(),
  };
}

/** Which worker holds how many of the run's running tasks. */
function workersOf(rows: readonly JudgeTaskRow[]): { workerId: string; tasks: number }[] {
  const held = new Map<string, number>();
  for (const r of rows) if (r.workerId) held.set(r.workerId, (held.get(r.workerId) ?? 0) + 1);
  return [...held].map(([workerId, tasks]) => ({ workerId, tasks })).sort((a, b) => a.workerId.localeCompare(b.workerId));
}

export interface TrajectoryView {
  run: { id: string; name: string; model: string; contextPolicy: string; split: SplitName; exportId: string };
  task: JudgeTaskRow;
  steps: AgentStep[];
  /** what the judge saw in /testbed/task (rebuilt from the export; null when no longer available) */
  files: Record<string, string> | null;
  /** the same task in other runs of this export and split, for side by side */
  otherRuns: { runId: string; name: string; taskId: string; outcome: string | null; prediction: boolean | null }[];
}

export async function loadTrajectoryView(prisma: PrismaClient, runId: string, taskId: string): Promise<TrajectoryView> {
  // one task: its row, its steps, its task files; never the run's other trajectories or rows
  const task = await prisma.judgeTask.findUnique({
    where: { id: taskId },
    select: { ...TASK_ROW_SELECT, runId: true, steps: true },
  });
  if (!task || task.runId !== runId) throw new AppError("not_found", `Task ${taskId} is not part of judge run ${runId}`);
  const run = await prisma.judgeRun.findUniqueOrThrow({
    where: { id: runId },
    select: { id: true, name: true, model: true, contextPolicy: true, split: true, exportId: true, settings: true, evalRunId: true },
  });
  const settings = AgentSettingsSchema.parse(run.settings);
  const [gold, report, inputs, others] = await Promise.all([
    loadGold(prisma, run.exportId, run.split, { evalIds: [task.evalId] }).catch(() => []),
    reportOf(prisma, run.evalRunId),
    loadJudgeInputs(
      prisma,
      run.exportId,
      run.split,
      ContextPolicySchema.parse(run.contextPolicy),
      [settings.systemPrompt, settings.userPrompt],
      {
        evalIds: [task.evalId],
      },
    ).catch(() => null),
    prisma.judgeTask.findMany({
      where: { evalId: task.evalId, runId: { not: runId }, run: { exportId: run.exportId, split: run.split } },
      select: { id: true, runId: true, outcome: true, prediction: true, run: { select: { name: true } } },
    }),
  ]);
  const steps = AgentStepsSchema.parse(Array.isArray(task.steps) ? task.steps : []);
  const scored = report?.metrics.items.find((i) => i.evalId === task.evalId)?.outcome ?? null;
  return {
    run: { id: run.id, name: run.name, model: run.model, contextPolicy: run.contextPolicy, split: run.split, exportId: run.exportId },
    task: taskRowOf(task, steps.length, gold[0], scored, settings),
    steps,
    files: inputs?.inputs.get(task.evalId)?.files ?? null,
    otherRuns: others.map((o) => ({ runId: o.runId, name: o.run.name, taskId: o.id, outcome: o.outcome, prediction: o.prediction })),
  };
}
