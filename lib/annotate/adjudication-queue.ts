// The adjudicator's queue: instances whose annotators disagreed (with both labels, since the
// adjudicator decides between them) and the latest decisions.
import type { PrismaClient } from "@/lib/db/generated/client";
import type { SessionUser } from "@/lib/auth/roles";

export async function loadAdjudicationQueue(prisma: PrismaClient, viewer: SessionUser) {
  const [open, decided, attention] = await Promise.all([
    prisma.instance.findMany({
      where: { source: "human", stage: "adjudicating" },
      select: {
        id: true,
        perturbedBody: true,
        targetEntry: { select: { body: true } },
        pullRequest: { select: { number: true, repository: { select: { fullName: true } } } },
        labels: { select: { value: true, annotator: { select: { login: true } } }, orderBy: { createdAt: "asc" } },
        assignments: { select: { annotatorId: true } },
      },
      orderBy: [{ pullRequest: { createdAt: "asc" } }, { targetEntry: { createdAt: "asc" } }, { id: "asc" }],
      take: 500,
    }),
    prisma.adjudication.findMany({
      select: {
        value: true,
        createdAt: true,
        adjudicator: { select: { login: true } },
        instance: {
          select: {
            id: true,
            perturbedBody: true,
            targetEntry: { select: { body: true } },
            pullRequest: { select: { number: true, repository: { select: { fullName: true } } } },
          },
        },
      },
      orderBy: { createdAt: "desc" },
      take: 20,
    }),
    // flagged for discussion or skipped by an annotator: the thread waits for a lead
    prisma.instance.findMany({
      where: { source: "human", assignments: { some: { OR: [{ flaggedAt: { not: null } }, { skippedAt: { not: null } }] } } },
      select: {
        id: true,
        perturbedBody: true,
        targetEntry: { select: { body: true } },
        pullRequest: { select: { number: true, repository: { select: { fullName: true } } } },
        assignments: { select: { flaggedAt: true, skippedAt: true, annotator: { select: { login: true } } } },
      },
      orderBy: [{ pullRequest: { createdAt: "asc" } }, { targetEntry: { createdAt: "asc" } }, { id: "asc" }],
      take: 200,
    }),
  ]);
  const excerpt = (i: { perturbedBody: string | null; targetEntry: { body: string } }) =>
    (i.perturbedBody ?? i.targetEntry.body).replace(/\s+/g, " ").slice(0, 160);
  return {
    open: open.map((i) => ({
      id: i.id,
      repo: i.pullRequest.repository.fullName,
      prNumber: i.pullRequest.number,
      excerpt: excerpt(i),
      labels: i.labels.map((l) => ({ annotator: l.annotator.login, value: l.value })),
      ownInstance: i.assignments.some((a) => a.annotatorId === viewer.id),
    })),
    attention: attention.map((i) => ({
      id: i.id,
      repo: i.pullRequest.repository.fullName,
      prNumber: i.pullRequest.number,
      excerpt: excerpt(i),
      flaggedBy: i.assignments.filter((a) => a.flaggedAt).map((a) => a.annotator.login),
      skippedBy: i.assignments.filter((a) => a.skippedAt).map((a) => a.annotator.login),
    })),
    decided: decided.map((d) => ({
      id: d.instance.id,
      repo: d.instance.pullRequest.repository.fullName,
      prNumber: d.instance.pullRequest.number,
      excerpt: excerpt(d.instance),
      value: d.value,
      by: d.adjudicator.login,
      at: d.createdAt,
    })),
  };
}
