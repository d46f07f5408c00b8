import type { PrismaClient } from "@/lib/db/generated/client";
import { loadRuleConfig } from "@/lib/screen/rule-config-store";
import { runRuleScreening, type RuleScreeningReport } from "@/lib/screen/run-rule-screening";

// The demo runs the real rule filters on the demo world, so the funnel page opens with real
// decisions and reasons. The LLM screens are left for the user: the demo has no LLM configured,
// which is exactly when the manual queue is offered.
export async function seedDemoScreening(prisma: PrismaClient): Promise<RuleScreeningReport> {
  const { config } = await loadRuleConfig(prisma);
  return runRuleScreening(prisma, config);
}
