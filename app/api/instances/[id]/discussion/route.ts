import { getPrisma } from "@/lib/db/server";
import { route } from "@/lib/http/route";
import { DiscussionRequestSchema } from "@/lib/annotate/discussion-schemas";
import { actOnDiscussion, loadDiscussion } from "@/lib/annotate/discussion-thread";
import { InstancePathSchema } from "@/lib/annotate/label-schemas";

/** The instance's thread, as the viewer may read it. */
export const GET = route({ roles: ["annotator", "adjudicator", "admin"], params: InstancePathSchema }, async ({ user, params }) => ({
  notes: await loadDiscussion(await getPrisma(), params.id, user),
}));

/** { action: skip|flag|reply|send_back|reopen, note, resolve? }: each action checks its own role. */
export const POST = route(
  { roles: ["annotator", "adjudicator", "admin"], params: InstancePathSchema, body: DiscussionRequestSchema },
  async ({ user, params, body }) => actOnDiscussion(await getPrisma(), params.id, user, body),
);
