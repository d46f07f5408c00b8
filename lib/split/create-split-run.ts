// Persists one PR-disjoint split of every eligible instance: a SplitRun with its seed, targets and
// deviation, one SplitAssignment per instance, and its audit event (page, CLI and demo alike).
import type { PrismaClient } from "@/lib/db/generated/client";
import { partitionByPullRequest } from "@/lib/split/partition";
import { parsePartitionOptions, type PartitionOptions } from "@/lib/split/partition-options";
import { SPLIT_NAMES, type SplitName } from "@/lib/db/enums";
import { mustGet } from "@/lib/must";
import { loadEligibleInstances } from "./eligible-instances";
import { nothingToSplit } from "./split-errors";
import type { SplitRunParams } from "./split-run-params";
import { recordAudit } from "@/lib/audit/record-audit";

export interface CreatedSplitRun {
  splitRunId: string;
  seed: number;
  params: SplitRunParams;
}

export type CreateSplitRunOptions = PartitionOptions & {
  /** who asked for it; null when a CLI or the demo seed made it */
  actorId?: string | null;
};

export async function createSplitRun(
  prisma: PrismaClient,
  { actorId = null, ...options }: CreateSplitRunOptions = {},
): Promise<CreatedSplitRun> {
  const { seed, testShare, validationShare } = parsePartitionOptions(options);
  const eligible = await loadEligibleInstances(prisma);
  if (eligible.length === 0) throw nothingToSplit();

  const byGroup = new Map<string, { trustworthy: number; untrustworthy: number }>();
  for (const i of eligible) {
    const g = byGroup.get(i.groupKey) ?? { trustworthy: 0, untrustworthy: 0 };
    g[i.trustworthy ? "trustworthy" : "untrustworthy"] += 1;
    byGroup.set(i.groupKey, g);
  }
  // Sorted so the seeded shuffle sees the same input order whatever order the database returns
  const groups = [...byGroup.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, c]) => ({ key, ...c }));
  const partition = partitionByPullRequest(groups, { seed, testShare, validationShare });

  const splitOfGroup = new Map<string, SplitName>();
  for (const name of SPLIT_NAMES) for (const key of partition[name].keys) splitOfGroup.set(key, name);
  const pick = <T>(f: (n: SplitName) => T) => ({ train: f("train"), validation: f("validation"), test: f("test") });
  const params: SplitRunParams = {
    method: "partition",
    testShare,
    validationShare,
    instances: eligible.length,
    pullRequests: groups.length,
    counts: pick((n) => partition[n].counts),
    targets: pick((n) => partition[n].target),
    deviation: pick((n) => partition[n].deviation),
    maxAbsDeviation: partition.maxAbsDeviation,
    provenOptimal: partition.provenOptimal,
  };

  const run = await prisma.$transaction(async (tx) => {
    const created = await tx.splitRun.create({ data: { seed, params } });
    await recordAudit(tx, {
      actorId,
      action: "split.create",
      subjectId: created.id,
      details: { seed, testShare, validationShare, instances: eligible.length },
    });
    await tx.splitAssignment.createMany({
      data: eligible.map((i) => ({
        splitRunId: created.id,
        instanceId: i.id,
        split: mustGet(splitOfGroup, i.groupKey, "split of PR group"),
      })),
    });
    return created;
  });
  return { splitRunId: run.id, seed, params };
}
