// The harvested tables as sorted JSON keyed by GitHub's identities (repository name, PR number, GitHub id
// or sha), without generated ids or wall-clock timestamps: two databases that harvested the same world
// produce the same dump, whatever was interrupted and resumed on the way.
import type { PrismaClient } from "@/lib/db/generated/client";

const iso = (d: Date | null) => d?.toISOString() ?? null;

export async function canonicalHarvestDump(prisma: PrismaClient): Promise<string> {
  const repos = await prisma.repository.findMany({
    orderBy: { fullName: "asc" },
    include: {
      checkpoints: { orderBy: { phase: "asc" } },
      pullRequests: { orderBy: { number: "asc" }, include: { timeline: true, linkedIssues: { orderBy: { number: "asc" } } } },
    },
  });
  const out = repos.map((r) => ({
    fullName: r.fullName,
    language: r.language,
    stars: r.stars,
    starRank: r.starRank,
    githubId: r.githubId,
    prCount: r.prCount,
    commitsInWindow: r.commitsInWindow,
    prsInWindow: r.prsInWindow,
    selectionStatus: r.selectionStatus,
    selectionReason: r.selectionReason,
    prWatermark: iso(r.prWatermark),
    lastError: r.lastError,
    checkpoints: r.checkpoints.map((c) => ({
      phase: c.phase,
      cursor: c.cursor,
      done: c.done,
      passWatermark: iso(c.passWatermark),
      prsDone: c.prsDone,
    })),
    pullRequests: r.pullRequests.map((p) => ({
      number: p.number,
      githubId: p.githubId,
      title: p.title,
      body: p.body,
      authorLogin: p.authorLogin,
      authorType: p.authorType,
      createdAt: iso(p.createdAt),
      updatedAt: iso(p.updatedAt),
      state: p.state,
      mergedAt: iso(p.mergedAt),
      baseSha: p.baseSha,
      headSha: p.headSha,
      patch: p.patch,
      filesEdited: p.filesEdited,
      linesEdited: p.linesEdited,
      commitsCount: p.commitsCount,
      linkedIssues: p.linkedIssues.map((i) => ({ number: i.number, title: i.title, body: i.body })),
      timeline: p.timeline
        .map((t) => {
          const { id: _id, pullRequestId: _pr, createdAt, ...rest } = t;
          return { ...rest, createdAt: iso(createdAt) };
        })
        .sort((a, b) => `${a.kind}:${a.githubId ?? a.sha}`.localeCompare(`${b.kind}:${b.githubId ?? b.sha}`)),
    })),
  }));
  return JSON.stringify(out, (_, v) => (typeof v === "bigint" ? v.toString() : v), 1);
}
