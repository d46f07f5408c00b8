// The annotation stage on the demo world: local mirrors for the repository browser (with each
// demo PR's base commit recorded), assignment of the instances that are ready, and the demo
// annotators' judgements run through the real label and adjudication functions.
import { messageOf } from "@/lib/unknown-value";
import type { PrismaClient } from "@/lib/db/generated/client";
import { config } from "@/lib/config";
import { buildDemoMirrors } from "./demo-mirrors";
import { DEMO_REPOSITORIES } from "./demo-world";
import { adjudicateInstance } from "@/lib/annotate/adjudicate-instance";
import { assignInstances } from "@/lib/annotate/assign-instances";
import { loadScreenGate } from "@/lib/screen/screen-gate";
import { DEMO_JUDGEMENTS } from "./demo-judgements";
import { submitLabel } from "@/lib/annotate/submit-label";

const FIRST_LABEL_DAY = Date.UTC(2025, 8, 1, 9); // 2025-09-01: three weeks of demo labelling

async function recordDemoBaseCommits(prisma: PrismaClient, mirrorsDir: string) {
  const bases = await buildDemoMirrors(mirrorsDir, DEMO_REPOSITORIES);
  for (const [fullName, byNumber] of bases) {
    for (const [number, baseSha] of byNumber) {
      await prisma.pullRequest.updateMany({ where: { repository: { fullName }, number }, data: { baseSha } });
    }
  }
}

export async function seedDemoAnnotation(prisma: PrismaClient, options: { mirrorsDir?: string } = {}): Promise<void> {
  try {
    await recordDemoBaseCommits(prisma, options.mirrorsDir ?? config().MIRRORS_DIR);
  } catch (e) {
    // The demo stays usable without git; only the repository browser then says the mirror is missing.
    console.warn(`[demo] could not build the demo git mirrors (${messageOf(e)}); the repository browser will be empty.`);
  }

  // Until the screening stage moves demo instances to `screened`, the demo annotates its candidates.
  const screened = await prisma.instance.count({ where: { source: "human", stage: "screened" } });
  // The demo's world has no LLM decisions: its content screens do not hold annotation up, whatever is configured.
  const gate = await loadScreenGate(prisma, { llmConfigured: false });
  await assignInstances(prisma, { includeCandidates: screened === 0, gate, now: new Date(FIRST_LABEL_DAY - 86_400_000) });

  const admin = (await prisma.user.findMany({ orderBy: { login: "asc" } })).find(
    (u) => u.roles.includes("adjudicator") && !u.roles.includes("annotator"),
  );
  for (const [i, j] of DEMO_JUDGEMENTS.entries()) {
    const instance = await prisma.instance.findFirst({
      where: { source: "human", stage: "annotating", targetEntry: { githubId: BigInt(j.commentId) } },
      select: { id: true, assignments: { select: { annotatorId: true }, orderBy: { annotator: { login: "asc" } } } },
    });
    if (!instance) continue; // screened out, or not assigned
    const day = FIRST_LABEL_DAY + i * 2.5 * 86_400_000;
    for (const [k, { annotatorId }] of instance.assignments.entries()) {
      const judgement = k === 0 ? j.first : (j.second ?? j.first);
      await submitLabel(prisma, { instanceId: instance.id, annotatorId, ...judgement, now: new Date(day + k * 3_600_000) });
    }
    if (j.adjudication && admin) {
      await adjudicateInstance(prisma, {
        instanceId: instance.id,
        adjudicator: { id: admin.id, login: admin.login, name: admin.name, roles: admin.roles },
        ...j.adjudication,
        now: new Date(day + 86_400_000),
      });
    }
  }
}
