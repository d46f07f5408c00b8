// A finished judge run in the demo (the runner of issue #19, the paper's agent of appendix A), so the
// judge pages show a run's tasks, trajectories and scores: the split the demo's evaluation uses, judged by
// the replayed agent of demo-judge-agent.ts, recorded and scored through lib/judge's own functions (the
// task's claim, its recorded trajectory, the run's finish: both scores, as submitted and with repair credit).
// The agent calls every comment trustworthy, as the lenient judges of the paper's Table 3 mostly do, except
// on its last task, where it writes its answer as a string, which the evaluation counts as no valid
// submission (as it does a real model's malformed one).
import { config } from "@/lib/config";
import type { PrismaClient } from "@/lib/db/generated/client";
import { createJudgeRun } from "@/lib/judge/create-judge-run";
import { finishJudgeRun } from "@/lib/judge/execute-judge-run";
import { loadJudgeInputs } from "@/lib/judge/judge-inputs";
import { claimTask, recordTrajectory } from "@/lib/judge/judge-task";
import { AgentSettingsSchema, ContextPolicySchema } from "@/lib/judge/paper-agent";
import { runAgent } from "@/lib/judge/run-agent";
import { mustGet } from "@/lib/must";
import { demoAgentTurns, replayedCommands, replayedModel } from "./demo-judge-agent";
import { demoEvaluationTarget } from "./seed-demo-evaluation";

export const DEMO_JUDGE_RUN = {
  name: "Demo agent · replayed (simulated)",
  model: "demo-agent (replayed, no model)",
  /** a reserved name (RFC 2606): nothing answers there, so the run cannot be taken for a real one */
  baseUrl: "https://demo.invalid/v1",
};

export async function seedDemoJudgeRun(prisma: PrismaClient): Promise<{ runId: string; tasks: number } | null> {
  const target = await demoEvaluationTarget(prisma);
  if (!target) return null;
  const admin = await prisma.user.findUnique({ where: { login: "admin" }, select: { id: true } });
  const { runId } = await createJudgeRun(prisma, config(), { ...target, ...DEMO_JUDGE_RUN, concurrency: 1 }, admin?.id ?? null);
  // what a worker records when it opens the run (openJudgeRun), less its sandbox checks: nothing runs in one
  const run = await prisma.judgeRun.update({
    where: { id: runId },
    data: { status: "running", startedAt: new Date() },
    select: { settings: true, contextPolicy: true },
  });
  const settings = AgentSettingsSchema.parse(run.settings);
  const { inputs } = await loadJudgeInputs(prisma, target.exportId, target.split, ContextPolicySchema.parse(run.contextPolicy), [
    settings.systemPrompt,
    settings.userPrompt,
  ]);
  const tasks = await prisma.judgeTask.findMany({ where: { runId }, orderBy: { position: "asc" }, select: { id: true, evalId: true } });
  const claimId = `demo:${runId}`;
  for (const [i, task] of tasks.entries()) {
    if (!(await claimTask(prisma, task.id, claimId))) continue;
    const turns = demoAgentTurns(
      mustGet(inputs, task.evalId, "demo judge task input").files,
      i > 0 && i === tasks.length - 1 ? "malformed" : true,
    );
    const trajectory = await runAgent({ model: replayedModel(turns), sandbox: replayedCommands(turns), settings });
    await recordTrajectory({ prisma }, { runId, taskId: task.id, claimId }, task.evalId, trajectory);
  }
  await finishJudgeRun({ prisma }, runId, null);
  return { runId, tasks: tasks.length };
}
