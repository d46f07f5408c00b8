import { config } from "@/lib/config";
import { getPrisma } from "@/lib/db/server";
import { route } from "@/lib/http/route";
import { perturbationLlmClient } from "@/lib/llm/configured-llm";
import { createDbLlmCache } from "@/lib/llm/db-cache";
import { ProposalsQuerySchema, proposePerturbations } from "@/lib/perturb/propose-perturbations";

export const dynamic = "force-dynamic";

/**
 * GET ?parentId=…&kind=negation|symbol|location → the offer (nothing stored but its counts): with an LLM
 * configured the model's candidates that pass the checks and the critic first, then the rules'.
 */
export const GET = route({ roles: ["admin", "adjudicator"], query: ProposalsQuerySchema }, async ({ query }) => {
  const prisma = await getPrisma();
  const settings = config();
  const client = perturbationLlmClient(settings);
  return proposePerturbations(prisma, query.parentId, query.kind, {
    mirrorsDir: settings.MIRRORS_DIR,
    ...(client ? { client, cache: createDbLlmCache(prisma) } : {}),
  });
});
