import { config } from "@/lib/config";
import type { PrismaClient } from "@/lib/db/generated/client";
import { createPerturbation } from "@/lib/perturb/create-perturbation";
import { listEligibleParents } from "@/lib/perturb/list-eligible-parents";
import { PERTURBATION_KINDS } from "@/lib/perturb/perturbation-counts";
import { proposePerturbations } from "@/lib/perturb/propose-perturbations";

/**
 * Demo stage 4: one perturbation of each kind, the top-ranked rule candidate of the first
 * confirmed-trustworthy comment that has one, created by the admin and left pending so a
 * newcomer can verify them. Without labelled-trustworthy instances (annotation not seeded) it
 * does nothing: perturbations are made only from expert-confirmed comments. Symbol swaps look
 * in the demo mirrors (built by the annotation seed) as the page does; null leaves them out.
 */
export async function seedDemoPerturbations(
  prisma: PrismaClient,
  options: { mirrorsDir?: string | null } = {},
): Promise<{ created: number }> {
  const mirrorsDir = options.mirrorsDir === undefined ? config().MIRRORS_DIR : (options.mirrorsDir ?? undefined);
  const parents = await listEligibleParents(prisma);
  const admin = await prisma.user.findUnique({ where: { login: "admin" }, select: { id: true } });
  if (parents.length === 0 || !admin) return { created: 0 };
  let created = 0;
  for (const kind of PERTURBATION_KINDS) {
    for (const parent of parents) {
      const { candidates } = await proposePerturbations(prisma, parent.id, kind, { limit: 5, mirrorsDir });
      const top = candidates.find((c) => c.selfCheck.ok && !c.existingInstanceId);
      if (!top) continue;
      await createPerturbation(prisma, {
        parentId: parent.id,
        kind,
        by: admin.id,
        candidate: { perturbed: top.perturbed, origin: "rule", rule: top.rule, rationale: top.rationale },
      });
      created++;
      break;
    }
  }
  return { created };
}
