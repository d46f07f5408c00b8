// A run's outcomes → the evaluation's report (Table 2/3 metrics, bootstrap intervals), as submitted and
// with the reviewers' repair credits.
import type { PrismaClient } from "@/lib/db/generated/client";
import { buildEvalReport } from "@/lib/evaluate/build-eval-report";
import { loadGold } from "@/lib/evaluate/load-gold";
import { showNul } from "@/lib/untrusted-json";
import { isJudged } from "./judge-outcomes";

/**
 * Predictions JSONL for the evaluation: a submission as {eval_id, prediction}; an agent that ended
 * without a valid one (invalid submission, a limit) as its final output, which the evaluation counts
 * invalid; a task not judged (no sandbox, the provider failed) is left out, and scoreJudgeRun leaves it
 * out of the scored items too.
 */
function predictionsJsonl(
  tasks: readonly { evalId: string; outcome: string | null; prediction: boolean | null; reason?: string | null }[],
  credited: ReadonlyMap<string, boolean> = new Map(),
): string {
  return tasks
    .flatMap((t): object[] => {
      const credit = credited.get(t.evalId);
      if (credit !== undefined) return [{ eval_id: t.evalId, prediction: credit }];
      if (t.outcome === "submitted" && t.prediction !== null) return [{ eval_id: t.evalId, prediction: t.prediction }];
      if (isJudged(t.outcome)) return [{ eval_id: t.evalId, output: `no valid submission (${t.outcome}): ${t.reason ?? ""}` }];
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
  // the score covers the tasks the model was judged on; those not judged are reported beside it
  const judged = new Set(tasks.filter((t) => isJudged(t.outcome)).map((t) => t.evalId));
  const items = gold.filter((g) => judged.has(g.evalId));
  const credited = new Map<string, boolean>();
  for (const t of tasks) {
    const label = goldOf.get(t.evalId);
    if (t.repairCredit && label !== undefined) credited.set(t.evalId, label);
  }
  const report = (map?: ReadonlyMap<string, boolean>) =>
    showNul(buildEvalReport(items, [{ name: `${run.name}.jsonl`, text: predictionsJsonl(tasks, map) }]));
  // nothing to score yet (every task failed to start): the run page says why, task by task
  if (judged.size === 0) return;
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
