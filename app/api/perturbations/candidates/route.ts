import { requireRole } from "@/lib/auth/current-user";
import { config } from "@/lib/config";
import { getPrisma } from "@/lib/db/server";
import { createDbLlmCache } from "@/lib/llm/db-cache";
import { respond } from "@/lib/http/error-response";
import { ProposalsQuerySchema, proposePerturbations } from "@/lib/perturb/propose-perturbations";
import { proposeWithLlm } from "@/lib/perturb/propose-with-llm";
import { screeningLlmClient } from "@/lib/llm/configured-llm";

export const dynamic = "force-dynamic";

/** GET ?parentId=…&kind=negation|symbol|location&source=rule|llm → ranked candidates (nothing stored). */
export function GET(request: Request): Promise<Response> {
  return respond(async () => {
    await requireRole("admin", "adjudicator");
    const url = new URL(request.url);
    const query = ProposalsQuerySchema.parse(Object.fromEntries(url.searchParams));
    const prisma = await getPrisma();
    const { MIRRORS_DIR } = config();
    if (query.source === "llm") {
      return proposeWithLlm(prisma, query.parentId, query.kind, {
        client: screeningLlmClient(config()),
        cache: createDbLlmCache(prisma),
        mirrorsDir: MIRRORS_DIR,
      });
    }
    return proposePerturbations(prisma, query.parentId, query.kind, { mirrorsDir: MIRRORS_DIR });
  });
}
