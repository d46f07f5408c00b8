import { getPrisma } from "@/lib/db/server";
import { createPerturbation, CreatePerturbationRequestSchema } from "@/lib/perturb/create-perturbation";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** POST { parentId, kind, candidate: { perturbed, origin, rule, rationale } } → the new pending perturbed instance. */
export const POST = route({ roles: ["admin", "adjudicator"], body: CreatePerturbationRequestSchema, status: 201 }, async ({ user, body }) =>
  createPerturbation(await getPrisma(), { ...body, by: user.id }),
);
