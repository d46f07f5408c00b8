import { requireRole } from "@/lib/auth/current-user";
import { getPrisma } from "@/lib/db/server";
import { respond } from "@/lib/http/error-response";
import { readJsonBody } from "@/lib/http/read-json-body";
import { LabelQuerySchema, SubmitLabelRequestSchema } from "@/lib/annotate/label-schemas";
import { readLabels } from "@/lib/annotate/read-labels";
import { submitOwnLabel } from "@/lib/annotate/submit-label";

/** Upserts the signed-in annotator's label: { instanceId, value, rationale }. */
export async function POST(request: Request) {
  return respond(async () => {
    const user = await requireRole("annotator");
    const body = SubmitLabelRequestSchema.parse(await readJsonBody(request));
    return submitOwnLabel(await getPrisma(), user.id, body);
  });
}

/** ?instanceId=…[&annotator=login]: the labels the viewer may see. */
export async function GET(request: Request) {
  return respond(async () => {
    const user = await requireRole("annotator", "adjudicator", "admin");
    const query = LabelQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    return readLabels(await getPrisma(), user, query.instanceId, query.annotator);
  });
}
