import { requireRole } from "@/lib/auth/current-user";
import { getPrisma } from "@/lib/db/server";
import { adjudicateInstance } from "@/lib/annotate/adjudicate-instance";
import { respond } from "@/lib/http/error-response";
import { readJsonBody } from "@/lib/http/read-json-body";
import { AdjudicateRequestSchema } from "@/lib/annotate/label-schemas";

/** The adjudicator's final decision: { value, rationale }. */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return respond(async () => {
    const user = await requireRole("adjudicator");
    const body = AdjudicateRequestSchema.parse(await readJsonBody(request));
    return adjudicateInstance(await getPrisma(), { instanceId: (await params).id, adjudicator: user, ...body });
  });
}
