// The editable annotation settings, stored in the Setting table under "annotate.*" keys.
import type { PrismaClient } from "@/lib/db/generated/client";
import { DEFAULT_OVERLAP, OVERLAP_SETTING_KEY, OverlapSchema } from "./label-schemas";

/** How many annotators label each instance (paper §2 used two experts plus a third to adjudicate). */
export async function readOverlap(prisma: PrismaClient): Promise<number> {
  const row = await prisma.setting.findUnique({ where: { key: OVERLAP_SETTING_KEY } });
  const parsed = OverlapSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_OVERLAP;
}

export async function writeOverlap(prisma: PrismaClient, overlap: number, actorId: string): Promise<number> {
  const value = OverlapSchema.parse(overlap);
  const previous = await readOverlap(prisma);
  await prisma.$transaction([
    prisma.setting.upsert({ where: { key: OVERLAP_SETTING_KEY }, create: { key: OVERLAP_SETTING_KEY, value }, update: { value } }),
    prisma.auditEvent.create({
      data: {
        actorId,
        action: "setting.update",
        subjectType: "setting",
        subjectId: OVERLAP_SETTING_KEY,
        details: { from: previous, to: value },
      },
    }),
  ]);
  return value;
}

export interface AssignmentReadiness {
  overlap: number;
  /** screened human instances waiting for annotators */
  ready: number;
  /** human instances not yet through screening */
  candidates: number;
}

/** What the lead's "assign" panel shows: the overlap setting and how many instances could be assigned. */
export async function loadAssignmentReadiness(prisma: PrismaClient): Promise<AssignmentReadiness> {
  const [overlap, ready, candidates] = await Promise.all([
    readOverlap(prisma),
    prisma.instance.count({ where: { source: "human", stage: "screened" } }),
    prisma.instance.count({ where: { source: "human", stage: "candidate" } }),
  ]);
  return { overlap, ready, candidates };
}
