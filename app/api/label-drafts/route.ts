import { requireRole } from "@/lib/auth/current-user";
import { getPrisma } from "@/lib/db/server";
import { respond } from "@/lib/http/error-response";
import { readJsonBody } from "@/lib/http/read-json-body";
import { SaveDraftRequestSchema, saveLabelDraft } from "@/lib/annotate/server-drafts";

/** Keeps the signed-in annotator's unsubmitted label: { instanceId, value, rationale, editedAt }; an empty one is removed. */
export async function PUT(request: Request) {
  return respond(async () => {
    const user = await requireRole("annotator");
    const body = SaveDraftRequestSchema.parse(await readJsonBody(request));
    return saveLabelDraft(await getPrisma(), user.id, body);
  });
}
