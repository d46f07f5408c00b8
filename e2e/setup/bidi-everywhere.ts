// Before e2e/every-page.spec.ts's server starts: every text the workbench shows from outside gets a
// bidirectional control character (a "Trojan Source" override): each PR's title and body, each linked
// issue's title, each comment's body (the queues' excerpts), each perturbed copy's body. Run by
// e2e/fixtures.ts (appSetup.before) with the server's environment.
import { config } from "@/lib/config";
import { databaseTargetOf, openDatabase } from "@/lib/db/connection";
import { migrate } from "@/lib/db/migrate";
import { seedDemoIfEmpty } from "@/lib/demo/seed-demo";

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
  console.log(JSON.stringify({ poisoned: true }));
} finally {
  await db.close();
}
