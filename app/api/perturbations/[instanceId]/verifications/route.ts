import { z } from "zod";
import { getPrisma } from "@/lib/db/server";
import { route } from "@/lib/http/route";
import { verifyPerturbation, VerifyPerturbationRequestSchema } from "@/lib/perturb/verify-perturbation";
import { withdrawVerification } from "@/lib/perturb/withdraw-verification";

export const dynamic = "force-dynamic";

const PerturbationPathSchema = z.object({ instanceId: z.string() });

/** POST { decision: accept|reject, note, editedBody? } → the instance's verification status and progress. */
// Every expert role verifies (paper §2: the experts who labelled also verified perturbations).
export const POST = route(
  { roles: ["admin", "adjudicator", "annotator"], params: PerturbationPathSchema, body: VerifyPerturbationRequestSchema },
  async ({ user, params, body }) => verifyPerturbation(await getPrisma(), { ...body, instanceId: params.instanceId, verifierId: user.id }),
);

/** DELETE → withdraws the signed-in verifier's vote while the perturbation is pending. */
export const DELETE = route({ roles: ["admin", "adjudicator", "annotator"], params: PerturbationPathSchema }, async ({ user, params }) =>
  withdrawVerification(await getPrisma(), { instanceId: params.instanceId, verifierId: user.id }),
);
