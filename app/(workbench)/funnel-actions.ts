"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getPrisma } from "@/lib/db/server";
import { formAction } from "@/lib/http/form-action";
import { FUNNEL_STAGES, resetFunnelTargets, saveFunnelTargets } from "@/lib/overview/pipeline-funnel";
import { recordOf } from "@/lib/record-of";

// an empty field is "no target"; a number is the team's target for that stage
const TargetField = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? null : typeof v === "string" ? Number(v.replaceAll(",", "").trim()) : v),
  z
    .number({ error: "a target is a whole number, or empty for none" })
    .int("a target is a whole number")
    .min(0, "a target is not negative")
    .nullable(),
);
const TargetsFormSchema = z.object({ reset: z.enum(["0", "1"]).default("0"), ...recordOf(FUNNEL_STAGES, () => TargetField) });

export const saveFunnelTargetsAction = formAction({ roles: ["admin"], input: TargetsFormSchema }, async ({ reset, ...targets }, user) => {
  const prisma = await getPrisma();
  if (reset === "1") await resetFunnelTargets(prisma, user.id);
  else await saveFunnelTargets(prisma, targets, user.id);
  revalidatePath("/");
  return reset === "1" ? "Targets reset to the paper's funnel." : "Targets saved.";
});
