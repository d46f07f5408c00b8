// A supervision run from a judge run: refuses a split other than train unless asked (test labels must
// not reach training data), picks the round (the judge run's earlier supervision's, else one past the
// export's last), selects every judged task's key-step prefixes from the stored steps and records one
// row per prefix for the per-prefix jobs. Tasks with no prefix are kept with why (the page and the CLI
// say it).
import { z } from "zod";
import { recordAudit } from "@/lib/audit/record-audit";
import type { Config } from "@/lib/config";
import type { PrismaClient } from "@/lib/db/generated/client";
import { toJsonInput } from "@/lib/db/json-input";
import { AppError } from "@/lib/errors";
import { NOT_JUDGED_OUTCOMES } from "@/lib/judge/judge-outcomes";
import { AgentSettingsSchema, ContextPolicySchema } from "@/lib/judge/paper-agent";
import { AgentStepsSchema } from "@/lib/judge/run-agent";
import { sealSecret, serverKey } from "@/lib/secret-box";
import { keyStepPrefixes } from "./key-step-prefixes";
import { studentHistory } from "./student-history";
import { loadTaskContexts } from "./task-context";
import { TeacherSettingsSchema } from "./teacher-settings";

export const SupervisionRequestSchema = z.object({
  judgeRunId: z.string().min(1),
  teacher: TeacherSettingsSchema,
  apiKey: z.string().max(500).optional(),
  round: z.coerce.number().int().min(1).max(100).optional(),
  /** supervise a validation or test run: never by default, and the manifest says it */
  allowNonTrain: z.boolean().default(false),
  /** only the first N tasks of the run (a trial) */
  limitTasks: z.coerce.number().int().min(1).optional(),
});
export type SupervisionRequest = z.input<typeof SupervisionRequestSchema>;

export async function createSupervisionRun(
  prisma: PrismaClient,
  config: Pick<Config, "WORKBENCH_SECRET" | "EMBEDDED_DB_DIR">,
  request: SupervisionRequest,
  actorId: string | null = null,
): Promise<{ runId: string; round: number; prefixes: number; tasks: number; skipped: { evalId: string; reason: string }[] }> {
  const r = SupervisionRequestSchema.parse(request);
  const judge = await prisma.judgeRun.findUnique({ where: { id: r.judgeRunId } });
  if (!judge) throw new AppError("not_found", `Judge run ${r.judgeRunId} does not exist`);
  if (judge.split !== "train" && !r.allowNonTrain)
    throw new AppError(
      "invalid_input",
      `Judge run "${judge.name}" is on the ${judge.split} split: supervising it would put ${judge.split} labels into training data. Supervise a train-split run, or allow another split explicitly (--allow-split).`,
    );
  const settings = AgentSettingsSchema.parse(judge.settings);
  if (settings.actionMode !== "tool")
    throw new AppError("invalid_input", "Supervision needs a judge run in tool mode: the paper's records are bash tool calls.");
  const round = r.round ?? (await defaultRound(prisma, judge.id, judge.exportId));
  const tasks = await prisma.judgeTask.findMany({
    where: { runId: judge.id, status: "done" },
    orderBy: { position: "asc" },
    select: { evalId: true, outcome: true, steps: true },
    ...(r.limitTasks ? { take: r.limitTasks } : {}),
  });
  const skipped: { evalId: string; reason: string }[] = [];
  const judged = tasks.filter((t) => {
    if (t.outcome !== null && !NOT_JUDGED_OUTCOMES.has(t.outcome)) return true;
    skipped.push({ evalId: t.evalId, reason: `not judged (${t.outcome ?? "unfinished"}): no rollout to supervise` });
    return false;
  });
  const { contexts, unavailable } = await loadTaskContexts(
    prisma,
    {
      exportId: judge.exportId,
      split: judge.split,
      contextPolicy: ContextPolicySchema.parse(judge.contextPolicy),
      prompts: [settings.systemPrompt, settings.userPrompt],
    },
    judged.map((t) => t.evalId),
  );
  skipped.push(...unavailable);
  const rows: { evalId: string; kind: string; afterStep: number; why: string }[] = [];
  for (const task of judged) {
    const context = contexts.get(task.evalId);
    if (!context) continue;
    const steps = AgentStepsSchema.parse(task.steps);
    const found = keyStepPrefixes(steps, studentHistory(settings, steps), context.comment);
    if (found.length === 0)
      skipped.push({
        evalId: task.evalId,
        reason: "no key step: no search for what the comment names, no look at the patch, no submission",
      });
    for (const p of found) rows.push({ evalId: task.evalId, kind: p.kind, afterStep: p.afterStep, why: p.why });
  }
  const run = await prisma.supervisionRun.create({
    data: {
      judgeRunId: judge.id,
      round,
      teacher: toJsonInput(r.teacher),
      apiKey: r.apiKey ? sealSecret(r.apiKey, serverKey(config)) : null,
      allowNonTrain: r.allowNonTrain,
      skipped: toJsonInput(skipped),
      createdById: actorId,
      prefixes: { createMany: { data: rows } },
    },
  });
  await recordAudit(prisma, {
    actorId,
    action: "teach.run_created",
    subjectId: run.id,
    details: { judgeRunId: judge.id, round, model: r.teacher.model, prefixes: rows.length, allowNonTrain: r.allowNonTrain },
  });
  return { runId: run.id, round, prefixes: rows.length, tasks: judged.length, skipped };
}

async function defaultRound(prisma: PrismaClient, judgeRunId: string, exportId: string): Promise<number> {
  const same = await prisma.supervisionRun.findFirst({ where: { judgeRunId }, orderBy: { round: "desc" }, select: { round: true } });
  if (same) return same.round;
  const last = await prisma.supervisionRun.findFirst({
    where: { judgeRun: { exportId } },
    orderBy: { round: "desc" },
    select: { round: true },
  });
  return (last?.round ?? 0) + 1;
}
