// Before e2e/every-page.spec.ts's server starts: every text the workbench shows from outside gets a
// bidirectional control character (a "Trojan Source" override): each PR's title and body, each linked
// issue's title, each comment's body (the queues' excerpts), each perturbed copy's body, and what models
// wrote: each LLM screening decision's rationale, each judge agent's thoughts and what its commands printed.
// Run by e2e/fixtures.ts (appSetup.before) with the server's environment.
import { config } from "@/lib/config";
import { databaseTargetOf, openDatabase } from "@/lib/db/connection";
import { migrate } from "@/lib/db/migrate";
import { toJsonInput } from "@/lib/db/json-input";
import { seedDemoIfEmpty } from "@/lib/demo/seed-demo";
import { AgentStepsSchema } from "@/lib/judge/run-agent";

const OVERRIDE = "\u202E";
const db = await openDatabase(databaseTargetOf(config()));
try {
  await migrate(db);
  await seedDemoIfEmpty(db.prisma);
  const p = db.prisma;
  for (const pr of await p.pullRequest.findMany({ select: { id: true, title: true, body: true } }))
    await p.pullRequest.update({ where: { id: pr.id }, data: { title: `${pr.title} ${OVERRIDE}gnp.txt`, body: `${pr.body} ${OVERRIDE}` } });
  for (const issue of await p.linkedIssue.findMany({ select: { id: true, title: true } }))
    await p.linkedIssue.update({ where: { id: issue.id }, data: { title: `${OVERRIDE}${issue.title}` } });
  for (const entry of await p.timelineEntry.findMany({ where: { kind: { not: "commit" } }, select: { id: true, body: true } }))
    await p.timelineEntry.update({ where: { id: entry.id }, data: { body: `${OVERRIDE}${entry.body}` } });
  for (const copy of await p.instance.findMany({ where: { perturbedBody: { not: null } }, select: { id: true, perturbedBody: true } }))
    await p.instance.update({ where: { id: copy.id }, data: { perturbedBody: `${OVERRIDE}${copy.perturbedBody}` } });
  for (const d of await p.filterDecision.findMany({ where: { model: { not: null } }, select: { id: true, rationale: true } }))
    await p.filterDecision.update({ where: { id: d.id }, data: { rationale: `${d.rationale} ${OVERRIDE}` } });
  for (const task of await p.judgeTask.findMany({ select: { id: true, steps: true } })) {
    const steps = AgentStepsSchema.parse(task.steps).map((st) => ({
      ...st,
      thought: `${OVERRIDE}${st.thought}`,
      observation: `${OVERRIDE}${st.observation}`,
    }));
    await p.judgeTask.update({ where: { id: task.id }, data: { steps: toJsonInput(steps) } });
  }
  console.log(JSON.stringify({ poisoned: true }));
} finally {
  await db.close();
}
