// The rest of the PR timeline (replies, later commits, reviews) often gives the answer away:
// "Good point, fixed" after a comment says it was right. The server hands it only to a viewer
// who has already labelled the instance, or to a lead.
import type { PrismaClient } from "@/lib/db/generated/client";
import type { SessionUser } from "@/lib/auth/roles";
import { AppError } from "@/lib/errors";
import { requireInstanceAccess } from "./viewer-access";

export interface RevealedEntry {
  id: string;
  kind: string;
  author: string | null;
  authorType: string | null;
  createdAt: Date;
  body: string;
  path: string | null;
  reviewState: string | null;
  sha: string | null;
  isTarget: boolean;
}

export async function loadRevealedTimeline(prisma: PrismaClient, instanceId: string, viewer: SessionUser): Promise<RevealedEntry[]> {
  const access = await requireInstanceAccess(prisma, instanceId, viewer);
  if (access.perspective === "annotator" && !access.hasOwnLabel)
    throw new AppError("timeline_locked", "Label the instance first: the rest of the timeline can give the answer away.");
  const instance = await prisma.instance.findUniqueOrThrow({
    where: { id: instanceId },
    select: { pullRequestId: true, targetEntryId: true },
  });
  const entries = await prisma.timelineEntry.findMany({
    where: { pullRequestId: instance.pullRequestId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return entries.map((e) => ({
    id: e.id,
    kind: e.kind,
    author: e.authorLogin ?? e.authorName,
    authorType: e.authorType,
    createdAt: e.createdAt,
    body: e.body,
    path: e.path,
    reviewState: e.reviewState,
    sha: e.sha,
    isTarget: e.id === instance.targetEntryId,
  }));
}
