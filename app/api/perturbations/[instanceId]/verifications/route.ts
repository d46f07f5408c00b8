import { requireRole } from "@/lib/auth/current-user";
import { getPrisma } from "@/lib/db/server";
import { readJsonBody } from "@/lib/http/read-json-body";
import { respond } from "@/lib/http/error-response";
import { verifyPerturbation, VerifyPerturbationRequestSchema } from "@/lib/perturb/verify-perturbation";
import { withdrawVerification } from "@/lib/perturb/withdraw-verification";

export const dynamic = "force-dynamic";

/** POST { decision: accept|reject, note, editedBody? } → the instance's verification status and progress. */
export function POST(request: Request, { params }: { params: Promise<{ instanceId: string }> }): Promise<Response> {
  return respond(async () => {
    // Every expert role verifies (paper §2: the experts who labelled also verified perturbations).
    const user = await requireRole("admin", "adjudicator", "annotator");
    const { instanceId } = await params;
    const body = VerifyPerturbationRequestSchema.parse(await readJsonBody(request));
    return verifyPerturbation(await getPrisma(), { ...body, instanceId, verifierId: user.id });
  });
}

/** DELETE → withdraws the signed-in verifier's vote while the perturbation is pending. */
export function DELETE(_request: Request, { params }: { params: Promise<{ instanceId: string }> }): Promise<Response> {
  return respond(async () => {
    const user = await requireRole("admin", "adjudicator", "annotator");
    const { instanceId } = await params;
    return withdrawVerification(await getPrisma(), { instanceId, verifierId: user.id });
  });
}
