import { config } from "@/lib/config";
import { getPrisma } from "@/lib/db/server";
import { route } from "@/lib/http/route";
import { browseSearch } from "@/lib/annotate/instance-repository";
import { InstancePathSchema, RepoSearchQuerySchema } from "@/lib/annotate/label-schemas";

/** ?q=…&version=base|patched[&ignoreCase=1]: fixed-string code search, capped. */
export const GET = route(
  { roles: ["annotator", "adjudicator", "admin"], params: InstancePathSchema, query: RepoSearchQuerySchema },
  async ({ user, params, query }) =>
    browseSearch(await getPrisma(), config().MIRRORS_DIR, params.id, user, query.q, query.version, query.ignoreCase),
);
