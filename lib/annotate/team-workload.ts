// Each annotator's workload, progress and agreement for the lead's page (issue #15 item 6): open
// and done assignments, skipped and flagged ones, and how often their label matched the final one
// (the adjudicated or unanimous label) over the instances decided so far.
import type { PrismaClient } from "@/lib/db/generated/client";

export interface AnnotatorWorkload {
  id: string;
  login: string;
  name: string;
  open: number;
  done: number;
  skipped: number;
  flagged: number;
  /** labels on instances with a final label, and how many of them equal it */
  decided: number;
  agreed: number;
}

export async function loadTeamWorkload(prisma: PrismaClient): Promise<AnnotatorWorkload[]> {
  const count = (where: object) => prisma.assignment.groupBy({ by: ["annotatorId"], where, _count: { _all: true } });
  const [users, open, done, skipped, flagged, agreement] = await Promise.all([
    prisma.user.findMany({ select: { id: true, login: true, name: true, roles: true }, orderBy: { login: "asc" } }),
    count({ completedAt: null, instance: { stage: "annotating" } }),
    count({ completedAt: { not: null } }),
    count({ skippedAt: { not: null } }),
    count({ flaggedAt: { not: null } }),
    prisma.$queryRaw<{ annotatorId: string; decided: number; agreed: number }[]>`
      SELECT l."annotatorId", count(*)::int AS decided, count(*) FILTER (WHERE l."value" = i."finalLabel")::int AS agreed
      FROM "Label" l JOIN "Instance" i ON i."id" = l."instanceId"
      WHERE i."source" = 'human' AND i."finalLabel" IS NOT NULL
      GROUP BY l."annotatorId"`,
  ]);
  const of = (rows: { annotatorId: string; _count: { _all: number } }[], id: string) =>
    rows.find((r) => r.annotatorId === id)?._count._all ?? 0;
  return users
    .filter((u) => u.roles.includes("annotator"))
    .map((u) => {
      const a = agreement.find((r) => r.annotatorId === u.id);
      return {
        id: u.id,
        login: u.login,
        name: u.name,
        open: of(open, u.id),
        done: of(done, u.id),
        skipped: of(skipped, u.id),
        flagged: of(flagged, u.id),
        decided: Number(a?.decided ?? 0),
        agreed: Number(a?.agreed ?? 0),
      };
    });
}
