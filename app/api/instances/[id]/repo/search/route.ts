import { requireRole } from "@/lib/auth/current-user";
import { config } from "@/lib/config";
import { getPrisma } from "@/lib/db/server";
import { respond } from "@/lib/http/error-response";
import { browseSearch } from "@/lib/annotate/instance-repository";
import { RepoSearchQuerySchema } from "@/lib/annotate/label-schemas";

/** ?q=…&version=base|patched[&ignoreCase=1]: fixed-string code search, capped. */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return respond(async () => {
    const user = await requireRole("annotator", "adjudicator", "admin");
    const query = RepoSearchQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    return browseSearch(await getPrisma(), config().MIRRORS_DIR, (await params).id, user, query.q, query.version, query.ignoreCase);
  });
}
