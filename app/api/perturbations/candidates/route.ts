import { config } from "@/lib/config";
import { getPrisma } from "@/lib/db/server";
import { createDbLlmCache } from "@/lib/llm/db-cache";
import { route } from "@/lib/http/route";
import { ProposalsQuerySchema, proposePerturbations } from "@/lib/perturb/propose-perturbations";
import { proposeWithLlm } from "@/lib/perturb/propose-with-llm";
import { screeningLlmClient } from "@/lib/llm/configured-llm";

export const dynamic = "force-dynamic";

/** GET ?parentId=…&kind=negation|symbol|location&source=rule|llm → ranked candidates (nothing stored). */
export const GET = route({ roles: ["admin", "adjudicator"], query: ProposalsQuerySchema }, async ({ query }) => {
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
