// The construction funnel the card reports beside the rows (its agreement figures come from
// lib/annotate/load-agreement.ts, the same report the agreement page shows).
import type { PrismaClient } from "@/lib/db/generated/client";
import { screeningFunnel } from "@/lib/screen/funnel";
import { funnelSteps, type CardFunnelStep } from "./funnel";
import { loadImportLedger } from "./import-ledger";
import { IMPORTED_SELECTION_REASON } from "./import-released-dataset";

const SCREENED_IN = ["screened", "annotating", "adjudicating", "labelled", "unsuitable"] as const;

export async function loadFunnel(prisma: PrismaClient, exported: number): Promise<CardFunnelStep[]> {
  // rows an import brought never went through this database's steps: each step counts its own work only,
  // and the imported ones are reported apart (#32 item 10)
  const ledger = await loadImportLedger(prisma);
  const importedInstances = [...ledger.instances.keys()];
  const importedPrs = [...ledger.timelines.keys()];
  const own = { id: { notIn: importedInstances } };
  const human = { source: "human", ...own } as const;
  const [
    repositoriesSelected,
    pullRequestsHarvested,
    pullRequestsKept,
    instancesCreated,
    screening,
    passedScreening,
    unsuitable,
    labelledTrustworthy,
    labelledUntrustworthy,
    perturbationsGenerated,
    perturbationsAccepted,
  ] = await Promise.all([
    prisma.repository.count({
      where: {
        selectionStatus: "selected",
        OR: [{ selectionReason: null }, { NOT: { selectionReason: { startsWith: IMPORTED_SELECTION_REASON } } }],
      },
    }),
    prisma.pullRequest.count({ where: { id: { notIn: importedPrs } } }),
    prisma.pullRequest.count({ where: { screeningStatus: "kept", id: { notIn: importedPrs } } }),
    prisma.instance.count({ where: human }),
    // the screening page's own funnel: each drop counted once, against the first step that made it
    screeningFunnel(prisma),
    prisma.instance.count({ where: { ...human, stage: { in: [...SCREENED_IN] } } }),
    prisma.instance.count({ where: { ...human, OR: [{ stage: "unsuitable" }, { finalLabel: "unsuitable" }] } }),
    prisma.instance.count({ where: { ...human, stage: "labelled", finalLabel: "trustworthy" } }),
    prisma.instance.count({ where: { ...human, stage: "labelled", finalLabel: "untrustworthy" } }),
    prisma.instance.count({ where: { source: "perturbation", ...own } }),
    prisma.instance.count({ where: { source: "perturbation", verification: "accepted", ...own } }),
  ]);
  const imported = { id: { in: importedInstances } };
  const [importedTrue, importedFalse, importedPerturbations] = await Promise.all([
    prisma.instance.count({ where: { ...imported, source: "human", finalLabel: "trustworthy" } }),
    prisma.instance.count({ where: { ...imported, source: "human", finalLabel: "untrustworthy" } }),
    prisma.instance.count({ where: { ...imported, source: "perturbation" } }),
  ]);
  const droppedBy = (kind: "rule" | "llm") =>
    screening.instances.filter((step) => step.kind === kind).reduce((n, step) => n + step.dropped, 0);
  return funnelSteps({
    repositoriesSelected,
    pullRequestsHarvested,
    pullRequestsKept,
    instancesCreated,
    droppedByRules: droppedBy("rule"),
    droppedByLlm: droppedBy("llm"),
    passedScreening,
    unsuitable,
    labelledTrustworthy,
    labelledUntrustworthy,
    perturbationsGenerated,
    perturbationsAccepted,
    exported,
    imported: {
      pullRequests: importedPrs.length,
      labelledTrustworthy: importedTrue,
      labelledUntrustworthy: importedFalse,
      perturbations: importedPerturbations,
    },
  });
}
