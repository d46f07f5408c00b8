// The lead's choices when assigning (issue #15 item 6): which annotators, and which batch of ready
// instances (a repository, one pull request, or the comments matching a search). Built on
// assignInstances, which plans the pairs and writes them; this file only narrows its input.
import { z } from "zod";
import type { Prisma, PrismaClient } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { assignableWhere, type ScreenGate, screensInWords, throughEveryScreen } from "@/lib/screen/screen-gate";
import { type AssignResult, assignInstances } from "./assign-instances";
import { OverlapSchema } from "./label-schemas";

const optionalText = z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), z.string().trim().max(200).optional());

export const AssignmentBatchSchema = z.object({
  /** owner/name */
  repository: optionalText,
  pullRequestNumber: z.preprocess(
    (v) => (v === "" || v === undefined ? undefined : v),
    z.coerce.number({ error: "A pull request number is a whole number." }).int().positive().optional(),
  ),
  /** words the comment or its file path contains */
  search: optionalText,
  /** also instances not through every screen in use (teams that skip screening) */
  includeCandidates: z.boolean().default(false),
});
export type AssignmentBatch = z.infer<typeof AssignmentBatchSchema>;

export const TeamAssignRequestSchema = z.object({
  annotatorIds: z.array(z.string().min(1)).min(1, "Choose at least one annotator."),
  overlap: OverlapSchema,
  batch: AssignmentBatchSchema,
});
export type TeamAssignRequest = z.infer<typeof TeamAssignRequestSchema>;

function batchWhere(batch: AssignmentBatch, gate: ScreenGate): Prisma.InstanceWhereInput {
  return {
    ...assignableWhere(gate, batch.includeCandidates),
    ...(batch.repository || batch.pullRequestNumber
      ? {
          pullRequest: {
            ...(batch.repository ? { repository: { fullName: batch.repository } } : {}),
            ...(batch.pullRequestNumber ? { number: batch.pullRequestNumber } : {}),
          },
        }
      : {}),
    ...(batch.search
      ? {
          OR: [
            { targetEntry: { body: { contains: batch.search, mode: "insensitive" } } },
            { targetEntry: { path: { contains: batch.search, mode: "insensitive" } } },
          ],
        }
      : {}),
  };
}

/** The instances a batch names that could take annotators (ready, or in annotation and short of them). */
export async function selectAssignmentBatch(prisma: PrismaClient, batch: AssignmentBatch, gate: ScreenGate): Promise<string[]> {
  const rows = await prisma.instance.findMany({ where: batchWhere(batch, gate), select: { id: true }, orderBy: { id: "asc" } });
  return rows.map((r) => r.id);
}

/** Ready instances (through every screen in use) per repository, for the batch picker. */
export async function readyByRepository(prisma: PrismaClient, gate: ScreenGate): Promise<{ repository: string; ready: number }[]> {
  const rows = await prisma.instance.findMany({
    where: throughEveryScreen(gate),
    select: { pullRequest: { select: { repository: { select: { fullName: true } } } } },
  });
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.pullRequest.repository.fullName, (counts.get(r.pullRequest.repository.fullName) ?? 0) + 1);
  return [...counts].map(([repository, ready]) => ({ repository, ready })).sort((a, b) => a.repository.localeCompare(b.repository));
}

export async function assignTeamBatch(
  prisma: PrismaClient,
  input: TeamAssignRequest & { actorId: string; now?: Date; gate: ScreenGate },
): Promise<AssignResult & { batch: number }> {
  const { gate } = input;
  const instanceIds = await selectAssignmentBatch(prisma, input.batch, gate);
  if (instanceIds.length === 0)
    throw new AppError(
      "conflict",
      `No instance in this batch can take annotators: none is through ${screensInWords(gate)} or short of annotators.` +
        (input.batch.includeCandidates ? "" : " Tick the box to include instances not through every screen."),
    );
  const result = await assignInstances(prisma, {
    overlap: input.overlap,
    annotatorIds: input.annotatorIds,
    instanceIds,
    includeCandidates: input.batch.includeCandidates,
    gate,
    actorId: input.actorId,
    now: input.now,
  });
  return { ...result, batch: instanceIds.length };
}
