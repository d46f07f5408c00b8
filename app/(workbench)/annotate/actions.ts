"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { readOverlap, writeOverlap } from "@/lib/annotate/annotation-settings";
import { assignInstances } from "@/lib/annotate/assign-instances";
import { OverlapSchema } from "@/lib/annotate/label-schemas";
import { getPrisma } from "@/lib/db/server";
import { formAction } from "@/lib/http/form-action";
import type { FormState } from "@/lib/http/form-state";

const AssignFormSchema = z.object({
  overlap: OverlapSchema,
  includeCandidates: z.preprocess((v) => v === "on", z.boolean()),
});

export type AssignState = FormState;

export const assignAction = formAction({ roles: ["admin"], input: AssignFormSchema }, async (input, user) => {
  const prisma = await getPrisma();
  if ((await readOverlap(prisma)) !== input.overlap) await writeOverlap(prisma, input.overlap, user.id);
  const r = await assignInstances(prisma, { overlap: input.overlap, includeCandidates: input.includeCandidates, actorId: user.id });
  revalidatePath("/annotate");
  if (r.assignments === 0) return "Nothing to assign: every ready instance already has its annotators.";
  return (
    `Assigned ${r.assignments} label${r.assignments === 1 ? "" : "s"} over ${r.instances} instance${r.instances === 1 ? "" : "s"} (overlap ${r.overlap}).` +
    (r.shortfall ? ` ${r.shortfall} instance(s) got fewer annotators than the overlap: add annotators.` : "")
  );
});
