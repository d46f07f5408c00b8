import { requireRole } from "@/lib/auth/current-user";
import { getPrisma } from "@/lib/db/server";
import { createPerturbation, CreatePerturbationRequestSchema } from "@/lib/perturb/create-perturbation";
import { readJsonBody } from "@/lib/http/read-json-body";
import { respondPerturbation } from "@/lib/perturb/http-response";

export const dynamic = "force-dynamic";

/** POST { parentId, kind, candidate: { perturbed, origin, rule, rationale } } → the new pending perturbed instance. */
export function POST(request: Request): Promise<Response> {
  return respondPerturbation(async () => {
    const user = await requireRole("admin", "adjudicator");
    const body = CreatePerturbationRequestSchema.parse(await readJsonBody(request));
    return createPerturbation(await getPrisma(), { ...body, by: user.id });
  }, 201);
}
