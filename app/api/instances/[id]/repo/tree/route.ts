import { requireRole } from "@/lib/auth/current-user";
import { config } from "@/lib/config";
import { getPrisma } from "@/lib/db/server";
import { respond } from "@/lib/http/error-response";
import { browseTree } from "@/lib/annotate/instance-repository";
import { RepoVersionSchema } from "@/lib/annotate/label-schemas";

/** ?version=base|patched: the file tree of the PR's repository at its base (or with the patch applied). */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return respond(async () => {
    const user = await requireRole("annotator", "adjudicator", "admin");
    const version = RepoVersionSchema.parse(new URL(request.url).searchParams.get("version") ?? undefined);
    return browseTree(await getPrisma(), config().MIRRORS_DIR, (await params).id, user, version);
  });
}
