// The private side of an export: the gold label and provenance of every judge task in one split,
// keyed by the opaque eval_id judges saw (shared/reference/dataset-format.md, "Judge-facing task").
import type { SplitName } from "@/lib/db/enums";
import type { Prisma, PrismaClient } from "@/lib/db/generated/client";
import { emptySplit, exportNotFound, unlabelledGold, type UnlabelledItem } from "./evaluation-errors";
import type { GoldItem, SampleSource } from "./score-run";

export type Db = PrismaClient | Prisma.TransactionClient;

export interface InstanceLabelFacts {
  source: "human" | "perturbation";
  finalLabel: "trustworthy" | "untrustworthy" | "unsuitable" | null;
  perturbationKind: "negation" | "symbol" | "location" | null;
  verification: "pending" | "accepted" | "rejected" | null;
}

export type GoldLabelReading = { ok: true; trustworthy: boolean; source: SampleSource } | { ok: false; reason: string };

/**
 * Paper §2–3: a human-annotated comment carries its adjudicated label; a perturbation of a
 * trustworthy comment becomes an untrustworthy example once verifiers accept it.
 */
export function readGoldLabel(instance: InstanceLabelFacts): GoldLabelReading {
  if (instance.source === "human") {
    if (instance.finalLabel === "trustworthy") return { ok: true, trustworthy: true, source: "human" };
    if (instance.finalLabel === "untrustworthy") return { ok: true, trustworthy: false, source: "human" };
    return { ok: false, reason: instance.finalLabel === null ? "not labelled yet" : `labelled ${instance.finalLabel}` };
  }
  if (instance.perturbationKind === null) return { ok: false, reason: "perturbation without a kind" };
  if (instance.verification === "rejected") return { ok: false, reason: "perturbation rejected by verifiers" };
  if (instance.finalLabel === "trustworthy" || instance.finalLabel === "unsuitable") {
    return { ok: false, reason: `perturbation labelled ${instance.finalLabel}` };
  }
  if (instance.verification === "accepted" || instance.finalLabel === "untrustworthy") {
    return { ok: true, trustworthy: false, source: instance.perturbationKind };
  }
  return { ok: false, reason: "perturbation not verified yet" };
}

/**
 * Gold items of one split of an export, ordered by eval_id so bootstrap resamples (which index
 * items) are reproducible. Throws when the export is missing, the split is empty, or any item
 * lacks a usable label.
 */
export async function loadGold(
  prisma: Db,
  exportId: string,
  split: SplitName,
  /** only these items (a page showing one task) */
  only?: { evalIds: readonly string[] },
): Promise<GoldItem[]> {
  const found = await prisma.export.findUnique({ where: { id: exportId }, select: { id: true } });
  if (!found) throw exportNotFound(exportId);
  const rows = await prisma.exportItem.findMany({
    where: { exportId, split, ...(only ? { evalId: { in: [...only.evalIds] } } : {}) },
    orderBy: { evalId: "asc" },
    select: { evalId: true, instanceId: true },
  });
  if (rows.length === 0) throw emptySplit(exportId, split);
  // ExportItem stores the instance id without a relation, so instances are read in one batch.
  const instances = await prisma.instance.findMany({
    where: { id: { in: rows.map((row) => row.instanceId) } },
    select: {
      id: true,
      source: true,
      finalLabel: true,
      perturbationKind: true,
      verification: true,
      pullRequest: { select: { repository: { select: { fullName: true } } } },
    },
  });
  const byId = new Map(instances.map((instance) => [instance.id, instance]));
  const gold: GoldItem[] = [];
  const unlabelled: UnlabelledItem[] = [];
  for (const { evalId, instanceId } of rows) {
    const instance = byId.get(instanceId);
    const reading: GoldLabelReading = instance ? readGoldLabel(instance) : { ok: false, reason: "instance deleted since the export" };
    if (!instance || !reading.ok) {
      unlabelled.push({ instanceId, evalId, reason: reading.ok ? "" : reading.reason });
      continue;
    }
    gold.push({
      evalId,
      trustworthy: reading.trustworthy,
      repo: instance.pullRequest.repository.fullName,
      source: reading.source,
    });
  }
  if (unlabelled.length > 0) throw unlabelledGold(unlabelled);
  return gold;
}
