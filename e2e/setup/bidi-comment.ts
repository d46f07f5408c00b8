// Before e2e/hardening.spec.ts's server starts: the judged comment of one of alice's open instances, and a
// line of its PR's patch, get bidirectional control characters (a "Trojan Source" comment). Prints the
// instance id. Run by e2e/fixtures.ts (appSetup.before) with the server's environment.
import { config } from "@/lib/config";
import { databaseTargetOf, openDatabase } from "@/lib/db/connection";
import { migrate } from "@/lib/db/migrate";
import { seedDemoIfEmpty } from "@/lib/demo/seed-demo";

const db = await openDatabase(databaseTargetOf(config()));
try {
  await migrate(db);
  await seedDemoIfEmpty(db.prisma);
  const assignment = await db.prisma.assignment.findFirstOrThrow({
    where: { annotator: { login: "alice" }, completedAt: null },
    include: { instance: { include: { targetEntry: true } } },
    orderBy: { assignedAt: "asc" },
  });
  const entry = assignment.instance.targetEntry;
  await db.prisma.timelineEntry.update({
    where: { id: entry.id },
    data: { body: `Access is checked here\u202E; \u2066// TODO\u2069 looks fine to me.` },
  });
  // the first context line of the patch holds an override too, in the PR's patch and each snapshot of it
  const withControl = (patch: string) => {
    const lines = patch.split("\n");
    const at = lines.findIndex((l) => l.startsWith(" "));
    if (at >= 0) lines[at] = `${lines[at]} \u202E`;
    return lines.join("\n");
  };
  const pr = await db.prisma.pullRequest.findUniqueOrThrow({ where: { id: entry.pullRequestId }, select: { id: true, patch: true } });
  await db.prisma.pullRequest.update({ where: { id: pr.id }, data: { patch: withControl(pr.patch) } });
  for (const snapshot of await db.prisma.patchSnapshot.findMany({ where: { pullRequestId: pr.id } }))
    await db.prisma.patchSnapshot.update({ where: { id: snapshot.id }, data: { patch: withControl(snapshot.patch) } });
  console.log(JSON.stringify({ bidiInstance: assignment.instanceId }));
} finally {
  await db.close();
}
