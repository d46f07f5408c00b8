// Labels of one instance as the viewer may see them: an annotator only their own (asking for a
// colleague's is refused, not silently emptied, so a probing client learns nothing but "no"),
// a lead all of them.
import type { PrismaClient } from "@/lib/db/generated/client";
import type { SessionUser } from "@/lib/auth/roles";
import { AppError } from "@/lib/errors";
import { blindStage, requireInstanceAccess, type VisibleStage } from "./viewer-access";

export interface VisibleLabel {
  annotator: string;
  value: string;
  rationale: string;
  updatedAt: Date;
}

export async function readLabels(
  prisma: PrismaClient,
  viewer: SessionUser,
  instanceId: string,
  annotatorLogin?: string,
): Promise<{ stage: VisibleStage; labels: VisibleLabel[] }> {
  const access = await requireInstanceAccess(prisma, instanceId, viewer);
  if (access.perspective === "annotator" && annotatorLogin && annotatorLogin !== viewer.login)
    throw new AppError("blind", "Annotators see only their own label.");
  const login = access.perspective === "annotator" ? viewer.login : annotatorLogin;
  const labels = await prisma.label.findMany({
    where: { instanceId, ...(login ? { annotator: { login } } : {}) },
    select: { value: true, rationale: true, updatedAt: true, annotator: { select: { login: true } } },
    orderBy: { createdAt: "asc" },
  });
  return {
    stage: blindStage(access.stage, access.perspective),
    labels: labels.map((l) => ({ annotator: l.annotator.login, value: l.value, rationale: l.rationale, updatedAt: l.updatedAt })),
  };
}
