// Before e2e/patch-view.spec.ts's server starts: the 4x large pull request (lib/annotate/testing:
// 8,280 edited lines over 192 files, 60 inline comments, the first in the last file) stored and assigned
// to alice and bob. Prints the first comment's instance and the last file's last line as JSON.
// Run by e2e/fixtures.ts (appSetup.before) with the server's environment.
import { config } from "@/lib/config";
import { databaseTargetOf, openDatabase } from "@/lib/db/connection";
import { migrate } from "@/lib/db/migrate";
import { seedDemoIfEmpty } from "@/lib/demo/seed-demo";
import { largePatchFixture } from "@/lib/annotate/testing/large-patch-fixture";
import { seedLargePullRequest } from "@/lib/annotate/testing/seed-large-pull-request";

const db = await openDatabase(databaseTargetOf(config()));
try {
  await migrate(db);
  await seedDemoIfEmpty(db.prisma);
  const annotators = await db.prisma.user.findMany({ where: { login: { in: ["alice", "bob"] } }, select: { id: true } });
  const fixture = largePatchFixture({ scale: 4 });
  const [largeInstance] = await seedLargePullRequest(
    db.prisma,
    fixture,
    annotators.map((a) => a.id),
  );
  const lastLine = fixture.patch.split("\n").at(-1) ?? "";
  console.log(JSON.stringify({ largeInstance, files: fixture.files, lastFileLastLine: lastLine.slice(1) }));
} finally {
  await db.close();
}
