import { getPrisma } from "@/lib/db/server";
import { route } from "@/lib/http/route";
import { SaveDraftRequestSchema, saveLabelDraft } from "@/lib/annotate/server-drafts";

/** Keeps the signed-in annotator's unsubmitted label: { instanceId, value, rationale, editedAt }; an empty one is removed. */
export const PUT = route({ roles: ["annotator"], body: SaveDraftRequestSchema }, async ({ user, body }) =>
  saveLabelDraft(await getPrisma(), user.id, body),
);
