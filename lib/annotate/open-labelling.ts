import type { PrismaClient } from "@/lib/db/generated/client";

/**
 * How many instances still in annotation are assigned to this person without their label (skipped ones
 * included: set aside is not done). While any is open, totals of other people's labels are kept from
 * them (lib/auth/page-access.ts).
 */
export async function countOpenLabelling(prisma: PrismaClient, userId: string): Promise<number> {
  return prisma.assignment.count({
    where: {
      annotatorId: userId,
      instance: { stage: "annotating", labels: { none: { annotatorId: userId } } },
    },
  });
}

/** Of those, the ones the person set aside (skipped), leaving one instance out (the item being labelled). */
export async function countSkippedOpen(prisma: PrismaClient, userId: string, exceptInstanceId: string): Promise<number> {
  return prisma.assignment.count({
    where: {
      annotatorId: userId,
      skippedAt: { not: null },
      instanceId: { not: exceptInstanceId },
      instance: { stage: "annotating", labels: { none: { annotatorId: userId } } },
    },
  });
}
