import { getPrisma } from "@/lib/db/server";
import { route } from "@/lib/http/route";
import { InstancePathSchema } from "@/lib/annotate/label-schemas";
import { loadRevealedTimeline } from "@/lib/annotate/revealed-timeline";

/** The rest of the PR timeline: 403 timeline_locked until the viewer has labelled the instance. */
export const GET = route({ roles: ["annotator", "adjudicator", "admin"], params: InstancePathSchema }, async ({ user, params }) => ({
  entries: await loadRevealedTimeline(await getPrisma(), params.id, user),
}));
