"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { readOverlap, writeOverlap } from "@/lib/annotate/annotation-settings";
import { OverlapSchema } from "@/lib/annotate/label-schemas";
import { getPrisma } from "@/lib/db/server";
import { formAction } from "@/lib/http/form-action";
import type { FormState } from "@/lib/http/form-state";
import { getJobEngine } from "@/lib/jobs/server-engine";

const AssignFormSchema = z.object({
  overlap: OverlapSchema,
  includeCandidates: z.preprocess((v) => v === "on", z.boolean()),
});

export type AssignState = FormState;

export const assignAction = formAction({ roles: ["admin"], input: AssignFormSchema }, async (input, user) => {
  const prisma = await getPrisma();
  if ((await readOverlap(prisma)) !== input.overlap) await writeOverlap(prisma, input.overlap, user.id);
  // a job, so 40,000 instances never hold the request: the panel below follows its progress
  const queued = await (await getJobEngine()).enqueue(
    "assign",
    { overlap: input.overlap, includeCandidates: input.includeCandidates, actorId: user.id },
    { requestedById: user.id },
  );
  revalidatePath("/annotate");
  return queued.existing
    ? "An assignment is already queued or running; its progress shows below."
    : "Assignment queued; its progress shows below.";
});
