import { z } from "zod";
import { getPrisma } from "@/lib/db/server";
import { route } from "@/lib/http/route";
import { saveRequiredVerifiers } from "@/lib/perturb/required-verifiers";

export const dynamic = "force-dynamic";

const SettingsRequestSchema = z.object({ requiredVerifiers: z.unknown() });

/** PUT { requiredVerifiers } → the stored value and how many pending perturbations it settled. */
export const PUT = route({ roles: ["admin"], body: SettingsRequestSchema }, async ({ user, body }) =>
  saveRequiredVerifiers(await getPrisma(), body.requiredVerifiers, user.id),
);
