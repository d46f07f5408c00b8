import { config } from "@/lib/config";
import { getPrisma } from "@/lib/db/server";
import { route } from "@/lib/http/route";
import { browseTree } from "@/lib/annotate/instance-repository";
import { InstancePathSchema, RepoTreeQuerySchema } from "@/lib/annotate/label-schemas";

/** ?version=base|patched: the file tree of the PR's repository at its base (or with the patch applied). */
export const GET = route(
  { roles: ["annotator", "adjudicator", "admin"], params: InstancePathSchema, query: RepoTreeQuerySchema },
  async ({ user, params, query }) => browseTree(await getPrisma(), config().MIRRORS_DIR, params.id, user, query.version),
);
