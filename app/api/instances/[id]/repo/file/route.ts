import { requireRole } from "@/lib/auth/current-user";
import { config } from "@/lib/config";
import { getPrisma } from "@/lib/db/server";
import { respond } from "@/lib/http/error-response";
import { browseFile } from "@/lib/annotate/instance-repository";
import { RepoFileQuerySchema } from "@/lib/annotate/label-schemas";

/** ?path=…&version=base|patched: one file (size-capped; binary files reported, not sent). */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return respond(async () => {
    const user = await requireRole("annotator", "adjudicator", "admin");
    const query = RepoFileQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    return browseFile(await getPrisma(), config().MIRRORS_DIR, (await params).id, user, query.path, query.version);
  });
}
