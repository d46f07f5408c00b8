// The thread on an instance: who may read which notes, replies from the adjudicators, and one
// entry point for every discussion action (the route and the tests call it). Annotators read the
// notes meant for them (send-back, reopen, replies) and their own; they never read a co-annotator's
// skip or flag, which could hint at their label. Leads read everything.
import type { PrismaClient } from "@/lib/db/generated/client";
import type { DiscussionKind } from "@/lib/db/generated/enums";
import { assertRole, hasRole, type SessionUser } from "@/lib/auth/roles";
import { AppError } from "@/lib/errors";
import type { DiscussionRequest } from "./discussion-schemas";
import { reopenAdjudication, sendBackToAnnotators } from "./send-back-or-reopen";
import { flagForDiscussion, skipAssignment } from "./skip-or-flag";
import { perspectiveFor } from "./viewer-access";
import { recordAudit } from "@/lib/audit/record-audit";

export interface DiscussionEntry {
  id: string;
  kind: DiscussionKind;
  author: string;
  body: string;
  at: Date;
}

const FOR_EVERYONE: readonly DiscussionKind[] = ["send_back", "reopen", "reply"];

export async function loadDiscussion(prisma: PrismaClient, instanceId: string, viewer: SessionUser): Promise<DiscussionEntry[]> {
  const instance = await prisma.instance.findUnique({
    where: { id: instanceId },
    select: {
      assignments: { select: { annotatorId: true } },
      discussionNotes: {
        select: { id: true, kind: true, body: true, createdAt: true, authorId: true, author: { select: { login: true } } },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      },
    },
  });
  if (!instance) throw new AppError("not_found", "No such instance.");
  const perspective = perspectiveFor(
    viewer,
    instance.assignments.map((a) => a.annotatorId),
  );
  if (!perspective) throw new AppError("not_assigned", "This instance is not assigned to you.");
  return instance.discussionNotes
    .filter((n) => perspective === "lead" || n.authorId === viewer.id || FOR_EVERYONE.includes(n.kind))
    .map((n) => ({ id: n.id, kind: n.kind, author: n.author.login, body: n.body, at: n.createdAt }));
}

async function replyToDiscussion(
  prisma: PrismaClient,
  input: { instanceId: string; author: SessionUser; note: string; resolve: boolean; now?: Date },
): Promise<{ resolved: number }> {
  assertRole(input.author, "adjudicator", "admin");
  const now = input.now ?? new Date();
  return prisma.$transaction(async (tx) => {
    const exists = await tx.instance.count({ where: { id: input.instanceId } });
    if (exists === 0) throw new AppError("not_found", "No such instance.");
    await tx.discussionNote.create({
      data: { instanceId: input.instanceId, authorId: input.author.id, kind: "reply", body: input.note, createdAt: now },
    });
    const resolved = input.resolve
      ? (await tx.assignment.updateMany({ where: { instanceId: input.instanceId, flaggedAt: { not: null } }, data: { flaggedAt: null } }))
          .count
      : 0;
    await recordAudit(tx, {
      at: now,
      actorId: input.author.id,
      action: "discussion.reply",
      subjectId: input.instanceId,
      details: { note: input.note, resolved },
    });
    return { resolved };
  });
}

/** One action on the thread, by the signed-in user (the route handler's whole body). */
export async function actOnDiscussion(prisma: PrismaClient, instanceId: string, user: SessionUser, request: DiscussionRequest) {
  const base = { instanceId, note: request.note };
  switch (request.action) {
    case "skip":
      return { action: request.action, ...(await skipAssignment(prisma, { ...base, annotatorId: user.id })) };
    case "flag":
      return { action: request.action, ...(await flagForDiscussion(prisma, { ...base, annotatorId: user.id })) };
    case "reply":
      return { action: request.action, ...(await replyToDiscussion(prisma, { ...base, author: user, resolve: request.resolve })) };
    case "send_back":
      return { action: request.action, ...(await sendBackToAnnotators(prisma, { ...base, actor: user })) };
    case "reopen":
      return { action: request.action, ...(await reopenAdjudication(prisma, { ...base, actor: user })) };
  }
}

/** The actions the instance page offers this viewer (the server checks each again when taken). */
export function discussionActionsFor(input: {
  viewer: SessionUser;
  perspective: "annotator" | "lead";
  stage: string;
  hasOwnLabel: boolean;
  adjudicated: boolean;
}): DiscussionRequest["action"][] {
  const { viewer, perspective, stage } = input;
  if (perspective === "annotator") {
    if (stage !== "annotating") return [];
    return input.hasOwnLabel ? ["flag"] : ["skip", "flag"];
  }
  const actions: DiscussionRequest["action"][] = ["reply"];
  if (stage === "adjudicating" && hasRole(viewer, "adjudicator")) actions.push("send_back");
  if (input.adjudicated && hasRole(viewer, "admin")) actions.push("reopen");
  return actions;
}
