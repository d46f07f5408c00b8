// The database-wide figures the card reports beside the rows: the construction funnel and the
// annotators' agreement.
import type { PrismaClient } from "@/lib/db/generated/client";
import { annotationAgreement, type AnnotationAgreement } from "./annotation-agreement";
import { funnelSteps, type FunnelStep } from "./funnel";

const SCREENED_IN = ["screened", "annotating", "adjudicating", "labelled", "unsuitable"] as const;

export async function loadFunnel(prisma: PrismaClient, exported: number): Promise<FunnelStep[]> {
  const human = { source: "human" } as const;
  const [repositoriesSelected, pullRequestsHarvested, pullRequestsKept, instancesCreated, ruleDrops, llmDrops, passedScreening,
    unsuitable, labelledTrustworthy, labelledUntrustworthy, perturbationsGenerated, perturbationsAccepted] = await Promise.all([
    prisma.repository.count({ where: { selectionStatus: "selected" } }),
    prisma.pullRequest.count(),
    prisma.pullRequest.count({ where: { screeningStatus: "kept" } }),
    prisma.instance.count({ where: human }),
    prisma.filterDecision.findMany({ where: { subject: "instance", verdict: "drop", model: null, instanceId: { not: null } }, select: { instanceId: true }, distinct: ["instanceId"] }),
    prisma.filterDecision.findMany({ where: { subject: "instance", verdict: "drop", model: { not: null }, instanceId: { not: null } }, select: { instanceId: true }, distinct: ["instanceId"] }),
    prisma.instance.count({ where: { ...human, stage: { in: [...SCREENED_IN] } } }),
    prisma.instance.count({ where: { ...human, OR: [{ stage: "unsuitable" }, { finalLabel: "unsuitable" }] } }),
    prisma.instance.count({ where: { ...human, stage: "labelled", finalLabel: "trustworthy" } }),
    prisma.instance.count({ where: { ...human, stage: "labelled", finalLabel: "untrustworthy" } }),
    prisma.instance.count({ where: { source: "perturbation" } }),
    prisma.instance.count({ where: { source: "perturbation", verification: "accepted" } }),
  ]);
  const ruleDropped = new Set(ruleDrops.map((d) => d.instanceId));
  return funnelSteps({
    repositoriesSelected, pullRequestsHarvested, pullRequestsKept, instancesCreated,
    droppedByRules: ruleDropped.size,
    // the funnel counts each drop against the first stage that dropped it
    droppedByLlm: llmDrops.filter((d) => !ruleDropped.has(d.instanceId)).length,
    passedScreening, unsuitable, labelledTrustworthy, labelledUntrustworthy, perturbationsGenerated, perturbationsAccepted,
    exported,
  });
}

export async function loadAnnotationAgreement(prisma: PrismaClient): Promise<AnnotationAgreement> {
  const instances = await prisma.instance.findMany({
    where: { source: "human", labels: { some: {} } },
    select: { labels: { select: { value: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }, adjudication: { select: { id: true } } },
  });
  return annotationAgreement(instances.map((i) => ({ labels: i.labels.map((l) => l.value), adjudicated: i.adjudication !== null })));
}
