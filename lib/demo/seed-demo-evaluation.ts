// Demo data for the evaluate page: two simulated judges scored on the demo's latest export,
// through the same import and scoring path as a real run.
import type { PrismaClient } from "@/lib/db/generated/client";
import type { SplitName } from "@/lib/db/enums";
import { loadGold } from "@/lib/evaluate/load-gold";
import { recordEvalRun } from "@/lib/evaluate/record-eval-run";
import { simulateJudge, type SimulatedJudge } from "@/lib/evaluate/simulate-judge";

// Shaped after the paper's findings (Table 3): judges say `true` far more often than the gold share.
export const DEMO_JUDGES: SimulatedJudge[] = [
  {
    name: "Demo judge A · lenient (simulated, ~90% true)",
    seed: 7,
    trueRateOnTrustworthy: 0.9,
    trueRateOnUntrustworthy: 0.9,
    noAnswerRate: 0,
  },
  { name: "Demo judge B · careful (simulated)", seed: 11, trueRateOnTrustworthy: 0.95, trueRateOnUntrustworthy: 0.45, noAnswerRate: 0.04 },
];

/** The split the demo judges: the latest export's test split, or its largest; null without an export. */
export async function demoEvaluationTarget(prisma: PrismaClient): Promise<{ exportId: string; split: SplitName } | null> {
  const latest = await prisma.export.findFirst({ orderBy: [{ createdAt: "desc" }, { id: "asc" }], select: { id: true } });
  if (!latest) return null;
  const sizes = await prisma.exportItem.groupBy({ by: ["split"], where: { exportId: latest.id }, _count: { _all: true } });
  if (sizes.length === 0) return null;
  const split = sizes.some((size) => size.split === "test") ? "test" : [...sizes].sort((a, b) => b._count._all - a._count._all)[0].split;
  return { exportId: latest.id, split };
}

/** Records the demo runs on the latest export's test split (or its largest split); no export, no runs. */
export async function seedDemoEvaluation(prisma: PrismaClient): Promise<{ exportId: string; split: SplitName; runs: number } | null> {
  const target = await demoEvaluationTarget(prisma);
  if (!target) return null;
  const gold = await loadGold(prisma, target.exportId, target.split);
  for (const judge of DEMO_JUDGES) {
    await recordEvalRun(prisma, { ...target, name: judge.name, files: [simulateJudge(gold, judge)] });
  }
  return { ...target, runs: DEMO_JUDGES.length };
}
