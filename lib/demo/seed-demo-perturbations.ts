import { config } from "@/lib/config";
import type { PrismaClient } from "@/lib/db/generated/client";
import { createPerturbation } from "@/lib/perturb/create-perturbation";
import { listEligibleParents } from "@/lib/perturb/list-eligible-parents";
import { proposePerturbations } from "@/lib/perturb/propose-perturbations";

/**
 * Text edits an expert of the demo team wrote (issue #42: experts can write their own; the demo has no
 * model, and no rule makes text edits any more): per kind, the first edit whose `before` a
 * confirmed-trustworthy comment holds is made.
 */
const DEMO_EXPERT_EDITS = [
  {
    kind: "negation",
    before: "`_maybe_get_mask` already returns `None`",
    after: "`_maybe_get_mask` never returns `None`",
    rationale: "_maybe_get_mask does return None when skipna is False and the dtype can't hold NaN.",
  },
  {
    kind: "symbol",
    before: "`_pick_deployment` is only called once",
    after: "`_get_deployment` is only called once",
    rationale: "The router picks its deployment with _pick_deployment; _get_deployment is not what is called once.",
  },
  {
    kind: "negation",
    before: "since that path returns early before the new check",
    after: "since that path does not return early before the new check",
    rationale: "The non-float path does return early before the new check, so the reason given is now wrong.",
  },
  {
    kind: "symbol",
    before: "`test_nanmedian_all_nan`",
    after: "`test_nanmean_overflow`",
    rationale: "The test the change adds is test_nanmedian_all_nan; test_nanmean_overflow is an older test of another function.",
  },
] as const;

/**
 * Demo stage 4: one perturbation of each kind, created by the admin and left pending so a newcomer can
 * verify them: the demo experts' negation and symbol edits, and the rules' top location move of the first
 * confirmed-trustworthy comment that has one. Without labelled-trustworthy instances (annotation not
 * seeded) it does nothing: perturbations are made only from expert-confirmed comments.
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
  const made = new Set<string>();
  for (const edit of DEMO_EXPERT_EDITS) {
    const parent = parents.find((p) => p.body.includes(edit.before));
    if (!parent || made.has(edit.kind)) continue;
    made.add(edit.kind);
    const row = await prisma.instance.findUniqueOrThrow({
      where: { id: parent.id },
      select: { targetEntry: { select: { path: true, diffHunk: true } } },
    });
    await createPerturbation(prisma, {
      parentId: parent.id,
      kind: edit.kind,
      by: admin.id,
      candidate: {
        perturbed: { body: parent.body.replace(edit.before, edit.after), path: row.targetEntry.path, diffHunk: row.targetEntry.diffHunk },
        origin: "expert",
        rule: "written by an expert",
        rationale: edit.rationale,
      },
    });
    created++;
  }
  for (const parent of parents) {
    const { candidates } = await proposePerturbations(prisma, parent.id, "location", { limit: 5, mirrorsDir });
    const top = candidates.find((c) => c.selfCheck.ok && !c.existingInstanceId);
    if (!top) continue;
    await createPerturbation(prisma, {
      parentId: parent.id,
      kind: "location",
      by: admin.id,
      candidate: { perturbed: top.perturbed, origin: "rule", rule: top.rule, rationale: top.rationale },
    });
    created++;
    break;
  }
  return { created };
}
