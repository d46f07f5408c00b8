// Reads every annotator label (adjudications are decisions, not ratings) and builds the report.
import type { PrismaClient } from "@/lib/db/generated/client";
import { agreementReport, type AgreementReport, type LabelForAgreement } from "./agreement-report";
import { agreementSummary, type AgreementSummary } from "./agreement-summary";

export async function loadAgreement(prisma: PrismaClient): Promise<AgreementReport> {
  return agreementReport(await readAgreementLabels(prisma));
}

/** Every annotator's own label on a human instance, as the agreement figures read them. */
export async function readAgreementLabels(prisma: PrismaClient): Promise<LabelForAgreement[]> {
  const labels = await prisma.label.findMany({
    where: { instance: { source: "human" } },
    select: {
      instanceId: true,
      value: true,
      createdAt: true,
      annotator: { select: { login: true } },
      instance: { select: { pullRequest: { select: { repository: { select: { fullName: true } } } } } },
    },
  });
  return labels.map((l) => ({
    instanceId: l.instanceId,
    repository: l.instance.pullRequest.repository.fullName,
    annotator: l.annotator.login,
    value: l.value,
    createdAt: l.createdAt,
  }));
}

/** What the dataset card reports: the page's overall figures plus how many were labelled and adjudicated. */
export async function loadAgreementSummary(prisma: PrismaClient): Promise<AgreementSummary> {
  const human = { source: "human" } as const;
  const [report, annotated, adjudicated] = await Promise.all([
    loadAgreement(prisma),
    prisma.instance.count({ where: { ...human, labels: { some: {} } } }),
    prisma.instance.count({ where: { ...human, adjudication: { isNot: null } } }),
  ]);
  return agreementSummary(report, { annotated, adjudicated });
}

/**
 * What a link to each instance says instead of its id: "owner/repo#12 · src/a.py · “the comment's first
 * words…”" (a PR-level comment has no file).
 */
export async function describeInstances(prisma: PrismaClient, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await prisma.instance.findMany({
    where: { id: { in: [...new Set(ids)] } },
    select: {
      id: true,
      pullRequest: { select: { number: true, repository: { select: { fullName: true } } } },
      targetEntry: { select: { path: true, body: true } },
    },
  });
  return new Map(rows.map((r) => [r.id, instanceCaption(r.pullRequest.repository.fullName, r.pullRequest.number, r.targetEntry)]));
}

export function instanceCaption(repository: string, number: number, comment: { path: string | null; body: string }): string {
  const words = comment.body.replace(/\s+/g, " ").trim();
  const excerpt = words.length > 60 ? `${words.slice(0, 59).trimEnd()}…` : words;
  return [`${repository}#${number}`, comment.path, `“${excerpt}”`].filter(Boolean).join(" · ");
}
