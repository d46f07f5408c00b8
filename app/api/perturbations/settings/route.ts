import { z } from "zod";
import { getPrisma } from "@/lib/db/server";
import { route } from "@/lib/http/route";
import { savePerturbationTargets } from "@/lib/perturb/perturbation-targets";
import { saveRequiredVerifiers } from "@/lib/perturb/required-verifiers";

export const dynamic = "force-dynamic";

const SettingsRequestSchema = z.union([
  z.strictObject({ requiredVerifiers: z.unknown() }),
  z.strictObject({ targets: z.unknown() }, { error: "Send requiredVerifiers or targets." }),
]);

/**
 * PUT { requiredVerifiers } → the stored value and how many pending perturbations it settled;
 * PUT { targets: { negation, symbol, location } } → the team's targets of verified negatives.
 */
export const PUT = route({ roles: ["admin"], body: SettingsRequestSchema }, async ({ user, body }) => {
  const prisma = await getPrisma();
  if ("targets" in body) return { targets: await savePerturbationTargets(prisma, body.targets, user.id) };
  return saveRequiredVerifiers(prisma, body.requiredVerifiers, user.id);
});
