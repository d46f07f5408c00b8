import { requireRole } from "@/lib/auth/current-user";
import { getPrisma } from "@/lib/db/server";
import { respond } from "@/lib/http/error-response";
import { loadRevealedTimeline } from "@/lib/annotate/revealed-timeline";

/** The rest of the PR timeline: 403 timeline_locked until the viewer has labelled the instance. */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  return respond(async () => {
    const user = await requireRole("annotator", "adjudicator", "admin");
    return { entries: await loadRevealedTimeline(await getPrisma(), (await params).id, user) };
  });
}
