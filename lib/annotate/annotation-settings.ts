// The editable annotation settings, stored in the Setting table under "annotate.*" keys.
import type { PrismaClient } from "@/lib/db/generated/client";
import { notThroughEveryScreen, type ScreenGate, screensInWords, throughEveryScreen } from "@/lib/screen/screen-gate";
import { DEFAULT_OVERLAP, OVERLAP_SETTING_KEY, OverlapSchema } from "./label-schemas";
import { recordAudit } from "@/lib/audit/record-audit";

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
    recordAudit(prisma, { actorId, action: "setting.update", subjectId: OVERLAP_SETTING_KEY, details: { from: previous, to: value } }),
  ]);
  return value;
}

export interface AssignmentReadiness {
  overlap: number;
  /** human instances through every screen in use, waiting for annotators */
  ready: number;
  /** human instances not yet through every screen in use (a lead may include them) */
  unscreened: number;
  /** what "through every screen" means here, in words: "the rule filters and LLM comment screen" */
  screens: string;
  /** human instances in annotation, by how many annotators they have: a batch with a larger overlap adds to them */
  inAnnotation: { annotators: number; instances: number }[];
}

/** What the lead's "assign" panel shows: the overlap setting and how many instances could be assigned. */
export async function loadAssignmentReadiness(prisma: PrismaClient, gate: ScreenGate): Promise<AssignmentReadiness> {
  const [overlap, ready, unscreened, inAnnotation] = await Promise.all([
    readOverlap(prisma),
    prisma.instance.count({ where: throughEveryScreen(gate) }),
    prisma.instance.count({ where: notThroughEveryScreen(gate) }),
    prisma.$queryRaw<{ annotators: number; instances: number }[]>`
      SELECT annotators::int AS annotators, count(*)::int AS instances FROM (
        SELECT i.id, count(a.id) AS annotators FROM "Instance" i LEFT JOIN "Assignment" a ON a."instanceId" = i.id
        WHERE i.source = 'human' AND i.stage = 'annotating' GROUP BY i.id
      ) per_instance GROUP BY annotators ORDER BY annotators`,
  ]);
  return { overlap, ready, unscreened, screens: screensInWords(gate), inAnnotation };
}

/** How many instances a batch with this overlap could give annotators: the ready ones and those in annotation short of it. */
export function assignableWith(readiness: Pick<AssignmentReadiness, "ready" | "inAnnotation">, overlap: number): number {
  return readiness.ready + readiness.inAnnotation.filter((g) => g.annotators < overlap).reduce((n, g) => n + g.instances, 0);
}
