// Moving open work from one annotator to another (issue #15 item 6): only assignments not yet
// labelled, on instances still in annotation. An instance the new annotator already has is left
// with the old one and reported (the pair must stay two distinct people). Audited per instance.
import { z } from "zod";
import type { PrismaClient } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { recordAudits } from "@/lib/audit/record-audit";

const FROM_MISSING = "Choose under From whose open items to move.";
const TO_MISSING = "Choose under To who takes them.";

export const ReassignRequestSchema = z
  .object({
    // a select left on "choose" sends nothing: the same words as an empty choice, naming the field
    fromAnnotatorId: z.string({ error: FROM_MISSING }).min(1, FROM_MISSING),
    toAnnotatorId: z.string({ error: TO_MISSING }).min(1, TO_MISSING),
    /** only the skipped ones (what an annotator set aside) */
    onlySkipped: z.boolean().default(false),
  })
  .refine((r) => r.fromAnnotatorId !== r.toAnnotatorId, { message: "Choose two different annotators.", path: ["toAnnotatorId"] });
export type ReassignRequest = z.input<typeof ReassignRequestSchema>;

export async function reassignOpenAssignments(
  prisma: PrismaClient,
  input: ReassignRequest & { actorId: string; now?: Date },
): Promise<{ moved: number; kept: number }> {
  const now = input.now ?? new Date();
  const [from, to] = await Promise.all([
    prisma.user.findUnique({ where: { id: input.fromAnnotatorId }, select: { login: true } }),
    prisma.user.findUnique({ where: { id: input.toAnnotatorId }, select: { login: true, roles: true } }),
  ]);
  if (!from || !to) throw new AppError("not_found", "No such annotator.");
  if (!to.roles.includes("annotator")) throw new AppError("invalid_input", `${to.login} does not have the annotator role.`);
  return prisma.$transaction(async (tx) => {
    const open = await tx.assignment.findMany({
      where: {
        annotatorId: input.fromAnnotatorId,
        completedAt: null,
        instance: { stage: "annotating" },
        ...(input.onlySkipped === true ? { skippedAt: { not: null } } : {}),
      },
      select: { id: true, instanceId: true, instance: { select: { assignments: { select: { annotatorId: true } } } } },
    });
    const movable = open.filter((a) => !a.instance.assignments.some((b) => b.annotatorId === input.toAnnotatorId));
    for (const a of movable)
      await tx.assignment.update({
        where: { id: a.id },
        data: { annotatorId: input.toAnnotatorId, assignedAt: now, skippedAt: null, flaggedAt: null },
      });
    if (movable.length > 0)
      await recordAudits(
        tx,
        movable.map((a) => ({
          at: now,
          actorId: input.actorId,
          action: "assignment.reassign",
          subjectId: a.instanceId,
          details: { from: from.login, to: to.login },
        })),
      );
    return { moved: movable.length, kept: open.length - movable.length };
  });
}
