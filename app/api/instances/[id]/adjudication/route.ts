import { getPrisma } from "@/lib/db/server";
import { adjudicateInstance } from "@/lib/annotate/adjudicate-instance";
import { route } from "@/lib/http/route";
import { AdjudicateRequestSchema, InstancePathSchema } from "@/lib/annotate/label-schemas";

/** The adjudicator's final decision: { value, rationale }. */
export const POST = route(
  { roles: ["adjudicator"], params: InstancePathSchema, body: AdjudicateRequestSchema },
  async ({ user, params, body }) => adjudicateInstance(await getPrisma(), { instanceId: params.id, adjudicator: user, ...body }),
);
