import { z } from "zod";
import { requireRole } from "@/lib/auth/current-user";
import { getPrisma } from "@/lib/db/server";
import { readJsonBody } from "@/lib/http/read-json-body";
import { respond } from "@/lib/http/error-response";
import { saveRequiredVerifiers } from "@/lib/perturb/required-verifiers";

export const dynamic = "force-dynamic";

const SettingsRequestSchema = z.object({ requiredVerifiers: z.unknown() });

/** PUT { requiredVerifiers } → the stored value and how many pending perturbations it settled. */
export function PUT(request: Request): Promise<Response> {
  return respond(async () => {
    const user = await requireRole("admin");
    const body = SettingsRequestSchema.parse(await readJsonBody(request));
    return saveRequiredVerifiers(await getPrisma(), body.requiredVerifiers, user.id);
  });
}
