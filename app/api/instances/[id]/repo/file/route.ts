import { config } from "@/lib/config";
import { getPrisma } from "@/lib/db/server";
import { route } from "@/lib/http/route";
import { browseFile } from "@/lib/annotate/instance-repository";
import { InstancePathSchema, RepoFileQuerySchema } from "@/lib/annotate/label-schemas";

/** ?path=…&version=base|patched: one file (size-capped; binary files reported, not sent). */
export const GET = route(
  { roles: ["annotator", "adjudicator", "admin"], params: InstancePathSchema, query: RepoFileQuerySchema },
  async ({ user, params, query }) => browseFile(await getPrisma(), config().MIRRORS_DIR, params.id, user, query.path, query.version),
);
