import { requireRole } from "@/lib/auth/current-user";
import { getPrisma } from "@/lib/db/server";
import { respond } from "@/lib/http/error-response";
import { readJsonBody } from "@/lib/http/read-json-body";
import { DiscussionRequestSchema } from "@/lib/annotate/discussion-schemas";
import { actOnDiscussion, loadDiscussion } from "@/lib/annotate/discussion-thread";

/** The instance's thread, as the viewer may read it. */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  return respond(async () => {
    const user = await requireRole("annotator", "adjudicator", "admin");
    return { notes: await loadDiscussion(await getPrisma(), (await params).id, user) };
  });
}

/** { action: skip|flag|reply|send_back|reopen, note, resolve? }: each action checks its own role. */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return respond(async () => {
    const user = await requireRole("annotator", "adjudicator", "admin");
    const body = DiscussionRequestSchema.parse(await readJsonBody(request));
    return actOnDiscussion(await getPrisma(), (await params).id, user, body);
  });
}
