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
    prisma.auditEvent.create({ data: { actorId, action: "setting.update", subjectType: "setting", subjectId: OVERLAP_SETTING_KEY, details: { from: previous, to: value } } }),
  ]);
  return value;
}
