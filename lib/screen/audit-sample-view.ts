import type { PrismaClient } from "@/lib/db/generated/client";
import { auditAgreement, llmErrorRate, type AuditAgreement, type AuditDecision, type LlmErrorRate } from "./audit-sample";
import { splitDecisionRationale } from "./llm-screen-answer";
import { auditItemStatus, type AuditItemStatus } from "./review-audit-item";

// What the audit pages show: per sample, progress, the experts' agreement and the LLM's error
// rate with its interval; per item, the decision under audit and only the reviews the viewer may see.

export type AuditSampleSummary = {
  id: string;
  filterKey: string;
  population: number;
  size: number;
  confidence: number;
  margin: number;
  seed: number;
  createdAt: Date;
  status: Record<AuditItemStatus, number>;
  agreement: AuditAgreement;
  errorRate: LlmErrorRate;
};

const asDecision = (verdict: "keep" | "drop"): AuditDecision => (verdict === "keep" ? "include" : "exclude");
const flip = (d: AuditDecision): AuditDecision => (d === "include" ? "exclude" : "include");

export async function auditSampleSummaries(prisma: PrismaClient, sampleIds?: string[]): Promise<AuditSampleSummary[]> {
  const samples = await prisma.auditSample.findMany({
    where: sampleIds ? { id: { in: sampleIds } } : undefined,
    orderBy: { createdAt: "desc" },
    include: { items: { include: { reviews: { orderBy: { createdAt: "asc" } } } } },
  });
  const decisionIds = samples.flatMap((s) => s.items.map((i) => i.decisionId));
  const verdicts = new Map(
    (await prisma.filterDecision.findMany({ where: { id: { in: decisionIds } }, select: { id: true, verdict: true } })).map((d) => [
      d.id,
      d.verdict,
    ]),
  );
  return samples.map((sample) => {
    const status: Record<AuditItemStatus, number> = { awaiting_reviews: 0, agreed: 0, needs_adjudication: 0, adjudicated: 0 };
    const reviewed: { id: string; firstExpert: AuditDecision; secondExpert: AuditDecision }[] = [];
    const settled: { id: string; llmDecision: AuditDecision; finalDecision: AuditDecision }[] = [];
    for (const item of sample.items) {
      status[auditItemStatus(item)]++;
      const verdict = verdicts.get(item.decisionId);
      if (verdict === undefined) continue; // the decision was replaced by a later run
      const llm = asDecision(verdict);
      // An expert who finds the LLM correct would decide as it did; otherwise the opposite.
      const expert = (correct: boolean) => (correct ? llm : flip(llm));
      if (item.reviews.length >= 2) {
        reviewed.push({ id: item.id, firstExpert: expert(item.reviews[0].llmCorrect), secondExpert: expert(item.reviews[1].llmCorrect) });
      }
      if (item.llmCorrect !== null) settled.push({ id: item.id, llmDecision: llm, finalDecision: expert(item.llmCorrect) });
    }
    const { items: _items, ...fields } = sample;
    return { ...fields, status, agreement: auditAgreement(reviewed), errorRate: llmErrorRate(settled, sample.confidence) };
  });
}

export type AuditItemRow = {
  id: string;
  decisionId: string;
  status: AuditItemStatus;
  reviewedByMe: boolean;
  reviews: number;
  verdict: "keep" | "drop" | null;
  summary: string;
};

export async function auditItemRows(prisma: PrismaClient, sampleId: string, viewerId: string): Promise<AuditItemRow[]> {
  const items = await prisma.auditItem.findMany({ where: { sampleId }, orderBy: { id: "asc" }, include: { reviews: true } });
  const decisions = new Map(
    (
      await prisma.filterDecision.findMany({
        where: { id: { in: items.map((i) => i.decisionId) } },
        include: {
          pullRequest: { select: { number: true, title: true, repository: { select: { fullName: true } } } },
          instance: {
            select: {
              targetEntry: { select: { body: true } },
              pullRequest: { select: { number: true, repository: { select: { fullName: true } } } },
            },
          },
        },
      })
    ).map((d) => [d.id, d]),
  );
  return items.map((item) => {
    const d = decisions.get(item.decisionId);
    // a decision is about a PR or about an instance (FilterDecision.subject); neither: replaced later
    const summary = d?.pullRequest
      ? `${d.pullRequest.repository.fullName}#${d.pullRequest.number}: ${d.pullRequest.title}`
      : d?.instance
        ? `${d.instance.pullRequest.repository.fullName}#${d.instance.pullRequest.number}: ${d.instance.targetEntry.body.slice(0, 120)}`
        : "Decision replaced by a later run";
    return {
      id: item.id,
      decisionId: item.decisionId,
      status: auditItemStatus(item),
      reviewedByMe: item.reviews.some((r) => r.reviewerId === viewerId),
      reviews: item.reviews.length,
      verdict: d?.verdict ?? null,
      summary,
    };
  });
}

export type AuditItemView = {
  id: string;
  sampleId: string;
  filterKey: string;
  status: AuditItemStatus;
  decision: {
    verdict: "keep" | "drop";
    category: string | null;
    rationale: string;
    model: string | null;
    promptVersion: string | null;
    subject:
      | { kind: "pull_request"; repository: string; number: number; title: string; body: string }
      | {
          kind: "instance";
          instanceId: string;
          repository: string;
          number: number;
          title: string;
          comment: string;
          author: string | null;
          location: string | null;
        };
  } | null;
  myReview: { llmCorrect: boolean; note: string } | null;
  /** the other reviews, only once the viewer has submitted theirs or may adjudicate */
  otherReviews: { reviewer: string; llmCorrect: boolean; note: string }[] | null;
  canReview: boolean;
  canAdjudicate: boolean;
  resolvedBy: string | null;
};

export async function auditItemView(
  prisma: PrismaClient,
  itemId: string,
  viewer: { id: string; mayAdjudicate: boolean },
): Promise<AuditItemView | null> {
  const item = await prisma.auditItem.findUnique({
    where: { id: itemId },
    include: { sample: { select: { filterKey: true } }, reviews: { orderBy: { createdAt: "asc" } } },
  });
  if (!item) return null;
  const d = await prisma.filterDecision.findUnique({
    where: { id: item.decisionId },
    include: {
      pullRequest: { select: { number: true, title: true, body: true, repository: { select: { fullName: true } } } },
      instance: {
        select: {
          id: true,
          targetEntry: { select: { body: true, authorLogin: true, kind: true, path: true } },
          pullRequest: { select: { number: true, title: true, repository: { select: { fullName: true } } } },
        },
      },
    },
  });
  const reviewers = new Map(
    (await prisma.user.findMany({ where: { id: { in: item.reviews.map((r) => r.reviewerId) } }, select: { id: true, login: true } })).map(
      (u) => [u.id, u.login],
    ),
  );
  const status = auditItemStatus(item);
  const mine = item.reviews.find((r) => r.reviewerId === viewer.id) ?? null;
  const isReviewer = mine !== null;
  const canAdjudicate = viewer.mayAdjudicate && !isReviewer && status === "needs_adjudication";
  const othersVisible = isReviewer || status !== "awaiting_reviews";
  let decision: AuditItemView["decision"] = null;
  const subject = d ? decisionSubject(d) : null;
  if (d && subject) {
    const { category, text } = splitDecisionRationale(d.rationale);
    decision = { verdict: d.verdict, category, rationale: text, model: d.model, promptVersion: d.promptVersion, subject };
  }
  return {
    id: item.id,
    sampleId: item.sampleId,
    filterKey: item.sample.filterKey,
    status,
    decision,
    myReview: mine ? { llmCorrect: mine.llmCorrect, note: mine.note } : null,
    otherReviews: othersVisible
      ? item.reviews
          .filter((r) => r.reviewerId !== viewer.id)
          .map((r) => ({ reviewer: reviewers.get(r.reviewerId) ?? "unknown", llmCorrect: r.llmCorrect, note: r.note }))
      : null,
    canReview: !isReviewer && item.reviews.length < 2 && decision !== null,
    canAdjudicate,
    resolvedBy: item.resolvedBy,
  };
}

type DecisionSubject = NonNullable<AuditItemView["decision"]>["subject"];

interface DecisionWithSubject {
  pullRequest: { number: number; title: string; body: string; repository: { fullName: string } } | null;
  instance: {
    id: string;
    targetEntry: { body: string; authorLogin: string | null; kind: string; path: string | null };
    pullRequest: { number: number; title: string; repository: { fullName: string } };
  } | null;
}

/** What a decision was about: its PR or its instance; null if it names neither (a broken row). */
function decisionSubject({ pullRequest: pr, instance: i }: DecisionWithSubject): DecisionSubject | null {
  if (pr) return { kind: "pull_request", repository: pr.repository.fullName, number: pr.number, title: pr.title, body: pr.body };
  if (!i) return null;
  const entry = i.targetEntry;
  return {
    kind: "instance",
    instanceId: i.id,
    repository: i.pullRequest.repository.fullName,
    number: i.pullRequest.number,
    title: i.pullRequest.title,
    comment: entry.body,
    author: entry.authorLogin,
    location: entry.path ? `${entry.kind} on ${entry.path}` : `${entry.kind} (PR-level)`,
  };
}
