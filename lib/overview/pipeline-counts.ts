// The numbers the overview shows for each pipeline stage, in one round of grouped queries.
import { InstanceStageSchema, LABEL_VALUES, PERTURBATION_KINDS, SPLIT_NAMES, type InstanceStage } from "@/lib/db/enums";
import type { PrismaClient } from "@/lib/db/generated/client";
import { recordOf } from "@/lib/record-of";

export const INSTANCE_STAGES = InstanceStageSchema.options;
export type InstanceStageName = InstanceStage;

export interface PipelineCounts {
  repositories: { total: number; selected: number; rejected: number; candidate: number };
  pullRequests: { total: number; pending: number; kept: number; dropped: number };
  instances: { total: number; byStage: Record<InstanceStageName, number> };
  labels: { total: number; trustworthy: number; untrustworthy: number; unsuitable: number; adjudications: number };
  perturbations: { total: number; negation: number; symbol: number; location: number; accepted: number };
  splits: { runId: string; createdAt: Date; train: number; validation: number; test: number } | null;
}

const tally = <K extends string>(rows: { key: K | null; n: number }[], keys: readonly K[]) =>
  recordOf(keys, (k) => rows.find((r) => r.key === k)?.n ?? 0);

export async function pipelineCounts(prisma: PrismaClient): Promise<PipelineCounts> {
  const [repos, prs, stages, labels, adjudications, perturbations, accepted, latestSplit] = await Promise.all([
    prisma.repository.groupBy({ by: ["selectionStatus"], _count: { _all: true } }),
    prisma.pullRequest.groupBy({ by: ["screeningStatus"], _count: { _all: true } }),
    prisma.instance.groupBy({ by: ["stage"], where: { source: "human" }, _count: { _all: true } }),
    prisma.label.groupBy({ by: ["value"], _count: { _all: true } }),
    prisma.adjudication.count(),
    prisma.instance.groupBy({ by: ["perturbationKind"], where: { source: "perturbation" }, _count: { _all: true } }),
    prisma.instance.count({ where: { source: "perturbation", verification: "accepted" } }),
    prisma.splitRun.findFirst({ orderBy: { createdAt: "desc" }, select: { id: true, createdAt: true } }),
  ]);
  const repoBy = tally(
    repos.map((r) => ({ key: r.selectionStatus, n: r._count._all })),
    ["selected", "rejected", "candidate"] as const,
  );
  const prBy = tally(
    prs.map((r) => ({ key: r.screeningStatus, n: r._count._all })),
    ["pending", "kept", "dropped"] as const,
  );
  const stageBy = tally(
    stages.map((r) => ({ key: r.stage, n: r._count._all })),
    INSTANCE_STAGES,
  );
  const labelBy = tally(
    labels.map((r) => ({ key: r.value, n: r._count._all })),
    LABEL_VALUES,
  );
  const pertBy = tally(
    perturbations.map((r) => ({ key: r.perturbationKind, n: r._count._all })),
    PERTURBATION_KINDS,
  );
  let splits: PipelineCounts["splits"] = null;
  if (latestSplit) {
    const bySplit = await prisma.splitAssignment.groupBy({ by: ["split"], where: { splitRunId: latestSplit.id }, _count: { _all: true } });
    const s = tally(
      bySplit.map((r) => ({ key: r.split, n: r._count._all })),
      SPLIT_NAMES,
    );
    splits = { runId: latestSplit.id, createdAt: latestSplit.createdAt, ...s };
  }
  const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);
  return {
    repositories: { total: sum(repoBy), ...repoBy },
    pullRequests: { total: sum(prBy), ...prBy },
    instances: { total: sum(stageBy), byStage: stageBy },
    labels: { total: sum(labelBy), ...labelBy, adjudications },
    perturbations: { total: sum(pertBy), ...pertBy, accepted },
    splits,
  };
}
