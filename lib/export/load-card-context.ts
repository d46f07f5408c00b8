// The construction funnel the card reports beside the rows (its agreement figures come from
// lib/annotate/load-agreement.ts, the same report the agreement page shows).
import type { PrismaClient } from "@/lib/db/generated/client";
import { screeningFunnel } from "@/lib/screen/funnel";
import { funnelSteps, type CardFunnelStep } from "./funnel";

const SCREENED_IN = ["screened", "annotating", "adjudicating", "labelled", "unsuitable"] as const;

export async function loadFunnel(prisma: PrismaClient, exported: number): Promise<CardFunnelStep[]> {
  const human = { source: "human" } as const;
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
    prisma.repository.count({ where: { selectionStatus: "selected" } }),
    prisma.pullRequest.count(),
    prisma.pullRequest.count({ where: { screeningStatus: "kept" } }),
    prisma.instance.count({ where: human }),
    // the screening page's own funnel: each drop counted once, against the first step that made it
    screeningFunnel(prisma),
    prisma.instance.count({ where: { ...human, stage: { in: [...SCREENED_IN] } } }),
    prisma.instance.count({ where: { ...human, OR: [{ stage: "unsuitable" }, { finalLabel: "unsuitable" }] } }),
    prisma.instance.count({ where: { ...human, stage: "labelled", finalLabel: "trustworthy" } }),
    prisma.instance.count({ where: { ...human, stage: "labelled", finalLabel: "untrustworthy" } }),
    prisma.instance.count({ where: { source: "perturbation" } }),
    prisma.instance.count({ where: { source: "perturbation", verification: "accepted" } }),
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
  });
}
