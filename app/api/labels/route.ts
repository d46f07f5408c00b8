import { getPrisma } from "@/lib/db/server";
import { route } from "@/lib/http/route";
import { LabelQuerySchema, SubmitLabelRequestSchema } from "@/lib/annotate/label-schemas";
import { readLabels } from "@/lib/annotate/read-labels";
import { submitOwnLabel } from "@/lib/annotate/submit-label";

/** Upserts the signed-in annotator's label: { instanceId, value, rationale }. */
export const POST = route({ roles: ["annotator"], body: SubmitLabelRequestSchema }, async ({ user, body }) =>
  submitOwnLabel(await getPrisma(), user.id, body),
);

/** ?instanceId=…[&annotator=login]: the labels the viewer may see. */
export const GET = route({ roles: ["annotator", "adjudicator", "admin"], query: LabelQuerySchema }, async ({ user, query }) =>
  readLabels(await getPrisma(), user, query.instanceId, query.annotator),
);
