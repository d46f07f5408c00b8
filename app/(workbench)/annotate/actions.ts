"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireRole } from "@/lib/auth/current-user";
import { AccessDeniedError, NotSignedInError } from "@/lib/auth/roles";
import { getPrisma } from "@/lib/db/server";
import { AnnotateError } from "@/lib/annotate/annotate-error";
import { readOverlap, writeOverlap } from "@/lib/annotate/annotation-settings";
import { assignInstances } from "@/lib/annotate/assign-instances";
import { OverlapSchema } from "@/lib/annotate/label-schemas";

const AssignFormSchema = z.object({
  overlap: OverlapSchema,
  includeCandidates: z.preprocess((v) => v === "on", z.boolean()),
});

export type AssignState = { message?: string; error?: string };

export async function assignAction(_prev: AssignState, form: FormData): Promise<AssignState> {
  let user;
  try {
    user = await requireRole("admin");
  } catch (e) {
    if (e instanceof AccessDeniedError || e instanceof NotSignedInError) return { error: e.message };
    throw e;
  }
  const parsed = AssignFormSchema.safeParse({ overlap: form.get("overlap"), includeCandidates: form.get("includeCandidates") });
  if (!parsed.success) return { error: parsed.error.issues[0].message };
  const prisma = await getPrisma();
  if ((await readOverlap(prisma)) !== parsed.data.overlap) await writeOverlap(prisma, parsed.data.overlap, user.id);
  try {
    const r = await assignInstances(prisma, { overlap: parsed.data.overlap, includeCandidates: parsed.data.includeCandidates, actorId: user.id });
    revalidatePath("/annotate");
    if (r.assignments === 0) return { message: "Nothing to assign: every ready instance already has its annotators." };
    return {
      message: `Assigned ${r.assignments} label${r.assignments === 1 ? "" : "s"} over ${r.instances} instance${r.instances === 1 ? "" : "s"} (overlap ${r.overlap}).` +
        (r.shortfall ? ` ${r.shortfall} instance(s) got fewer annotators than the overlap: add annotators.` : ""),
    };
  } catch (e) {
    if (e instanceof AnnotateError) return { error: e.message };
    throw e;
  }
}
