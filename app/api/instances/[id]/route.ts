import { getPrisma } from "@/lib/db/server";
import { route } from "@/lib/http/route";
import { loadInstanceView } from "@/lib/annotate/instance-view";
import { InstancePathSchema } from "@/lib/annotate/label-schemas";

/** The instance as the viewer may see it (blinded for annotators). */
export const GET = route({ roles: ["annotator", "adjudicator", "admin"], params: InstancePathSchema }, async ({ user, params }) =>
  loadInstanceView(await getPrisma(), params.id, user),
);
