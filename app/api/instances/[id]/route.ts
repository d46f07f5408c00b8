import { requireRole } from "@/lib/auth/current-user";
import { getPrisma } from "@/lib/db/server";
import { respond } from "@/lib/http/error-response";
import { loadInstanceView } from "@/lib/annotate/instance-view";

/** The instance as the viewer may see it (blinded for annotators). */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  return respond(async () => {
    const user = await requireRole("annotator", "adjudicator", "admin");
    return loadInstanceView(await getPrisma(), (await params).id, user);
  });
}
