import { requireRole } from "@/lib/auth/current-user";
import { getPrisma } from "@/lib/db/server";
import { createPerturbation, CreatePerturbationRequestSchema } from "@/lib/perturb/create-perturbation";
import { readJsonBody } from "@/lib/http/read-json-body";
import { respond } from "@/lib/http/error-response";

export const dynamic = "force-dynamic";

/** POST { parentId, kind, candidate: { perturbed, origin, rule, rationale } } → the new pending perturbed instance. */
export function POST(request: Request): Promise<Response> {
  return respond(async () => {
    const user = await requireRole("admin", "adjudicator");
    const body = CreatePerturbationRequestSchema.parse(await readJsonBody(request));
    return createPerturbation(await getPrisma(), { ...body, by: user.id });
  }, 201);
}
