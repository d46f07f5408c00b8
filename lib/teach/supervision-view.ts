// What the supervision run's page shows: the run (judge run, round, teacher settings, status, counts,
// tokens and cost, skipped tasks with why) and each prefix with the student's side (the key step, the
// end of its history, its candidate action) beside the teacher's (each action's explanation, evidence,
// command, observation, the reviewer's decision, or the refusal's reason).
import { z } from "zod";
import type { PrismaClient } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { AgentSettingsSchema, ContextPolicySchema } from "@/lib/judge/paper-agent";
import { AgentStepsSchema } from "@/lib/judge/run-agent";
import { keyStepPrefixes } from "./key-step-prefixes";
import { type SupervisionTally, tallySupervisionRun } from "./run-supervision";
import { type HistoryMessage, HistoryMessageSchema, studentHistory } from "./student-history";
import { loadTaskContexts } from "./task-context";
import { TeacherSettingsSchema } from "./teacher-settings";
import { ReviewDecisionSchema, TeachingActionSchema } from "./teaching-action";

const ExecutionSchema = z.object({ returncode: z.number(), observation: z.string(), timedOut: z.boolean() });

export async function loadSupervisionView(prisma: PrismaClient, runId: string, options: { evalId?: string } = {}) {
  const run = await prisma.supervisionRun.findUnique({ where: { id: runId }, include: { judgeRun: true } });
  if (!run) throw new AppError("not_found", `Supervision run ${runId} does not exist`);
  const teacher = TeacherSettingsSchema.parse(run.teacher);
  const tally: SupervisionTally = await tallySupervisionRun(prisma, runId);
  const cost =
    teacher.promptPricePerMillion === undefined && teacher.completionPricePerMillion === undefined
      ? null
      : (tally.inputTokens * (teacher.promptPricePerMillion ?? 0) + tally.outputTokens * (teacher.completionPricePerMillion ?? 0)) /
        1_000_000;
  const prefixes = await prisma.supervisionPrefix.findMany({
    where: { runId, ...(options.evalId ? { evalId: options.evalId } : {}) },
    orderBy: [{ evalId: "asc" }, { afterStep: "asc" }],
    include: { actions: { orderBy: { position: "asc" } } },
    take: 200,
  });
  const settings = AgentSettingsSchema.parse(run.judgeRun.settings);
  const tasks = await prisma.judgeTask.findMany({
    where: { runId: run.judgeRunId, evalId: { in: [...new Set(prefixes.map((p) => p.evalId))] } },
    select: { id: true, evalId: true, steps: true },
  });
  const { contexts } = await loadTaskContexts(
    prisma,
    {
      exportId: run.judgeRun.exportId,
      split: run.judgeRun.split,
      contextPolicy: ContextPolicySchema.parse(run.judgeRun.contextPolicy),
      prompts: [settings.systemPrompt, settings.userPrompt],
    },
    tasks.map((t) => t.evalId),
  );
  const studentSide = new Map<string, { taskId: string; prefixes: ReturnType<typeof keyStepPrefixes> }>();
  for (const t of tasks) {
    const context = contexts.get(t.evalId);
    const steps = AgentStepsSchema.parse(t.steps);
    studentSide.set(t.evalId, {
      taskId: t.id,
      prefixes: context ? keyStepPrefixes(steps, studentHistory(settings, steps), context.comment) : [],
    });
  }
  return {
    run: {
      id: run.id,
      round: run.round,
      status: run.status,
      error: run.error,
      allowNonTrain: run.allowNonTrain,
      createdAt: run.createdAt,
      judgeRun: { id: run.judgeRun.id, name: run.judgeRun.name, model: run.judgeRun.model, split: run.judgeRun.split },
      skipped: z.array(z.object({ evalId: z.string(), reason: z.string() })).parse(run.skipped),
    },
    teacher,
    tally,
    cost,
    prefixes: prefixes.map((p) => {
      const side = studentSide.get(p.evalId);
      const found = side?.prefixes.find((f) => f.afterStep === p.afterStep && f.kind === p.kind);
      return {
        id: p.id,
        evalId: p.evalId,
        taskId: side?.taskId ?? null,
        kind: p.kind,
        afterStep: p.afterStep,
        why: p.why,
        status: p.status,
        ended: p.ended,
        replayNotes: z.array(z.string()).parse(p.replayNotes),
        // the student's side: the prefix's last messages and what it did next
        historyLength: found?.history.length ?? null,
        historyTail: (found?.history.slice(-4) ?? []) as HistoryMessage[],
        candidate: found?.candidate ? HistoryMessageSchema.parse(found.candidate) : null,
        actions: p.actions.map((a) => ({
          position: a.position,
          status: a.status,
          reason: a.reason,
          proposal: a.proposal ? TeachingActionSchema.parse(a.proposal) : null,
          raw: a.raw,
          execution: a.execution ? ExecutionSchema.parse(a.execution) : null,
          review: a.review ? ReviewDecisionSchema.parse(a.review) : null,
          kept: a.record !== null,
          tokens: a.inputTokens + a.outputTokens,
        })),
      };
    }),
  };
}
export type SupervisionView = Awaited<ReturnType<typeof loadSupervisionView>>;
