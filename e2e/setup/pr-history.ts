// Seeds, before the spec's server starts, the demo plus the PR of lib/repo/testing/pr-history-repo.ts pushed
// three times (p2 force-pushed away and gone from "GitHub"), harvested into the server's mirror with its
// snapshots computed as ingestion computes them (issue #12). Prints the instance ids by comment as JSON.
// Run by e2e/fixtures.ts (appSetup.before) with the server's environment.
import path from "node:path";
import { config } from "@/lib/config";
import { databaseTargetOf, openDatabase } from "@/lib/db/connection";
import { migrate } from "@/lib/db/migrate";
import { seedDemoIfEmpty } from "@/lib/demo/seed-demo";
import { openMirrorForFetch } from "@/lib/repo/fetch-mirror";
import { openMirror } from "@/lib/repo/mirror-path";
import { buildPrHistoryRepo } from "@/lib/repo/testing/pr-history-repo";
import { threeDotDiff } from "@/lib/repo/three-dot-diff";
import { computeSnapshots } from "@/lib/snapshot/compute-snapshots";
import { PR_HISTORY_REPOSITORY, seedPrHistory } from "@/lib/screen/testing/seed-pr-history";

const c = config();
const db = await openDatabase(databaseTargetOf(c));
try {
  await migrate(db);
  // the demo is there already when the server starts from the run's seeded template
  await seedDemoIfEmpty(db.prisma);
  const repo = await buildPrHistoryRepo(path.join(c.MIRRORS_DIR, "..", "pr-history-origin"), { dropP2: true });
  const seeded = await seedPrHistory(db.prisma, repo);
  const mirror = await openMirrorForFetch(c.MIRRORS_DIR, PR_HISTORY_REPOSITORY, repo.gitDir);
  await mirror.fetchPullRequestHeads();
  const final = await threeDotDiff(openMirror(c.MIRRORS_DIR, PR_HISTORY_REPOSITORY), repo.m1, repo.p3);
  await db.prisma.pullRequest.update({
    where: { id: seeded.pullRequestId },
    data: { patch: final.patch, filesEdited: final.filesEdited, linesEdited: final.linesEdited },
  });
  const tally = await computeSnapshots(db.prisma, {
    mirrorFor: async () => mirror,
    fetchMissing: true,
    pullRequestIds: [seeded.pullRequestId],
  });
  const id = (githubId: bigint) => seeded.instanceByGithubId.get(githubId) ?? "";
  console.log(
    JSON.stringify({
      firstPushComment: id(10n),
      goneCommitComment: id(12n),
      unavailableSnapshots: tally.unavailable,
      unavailableInstances: await db.prisma.instance.count({ where: { source: "human", snapshot: { is: { status: "unavailable" } } } }),
      exactInstances: await db.prisma.instance.count({ where: { source: "human", snapshot: { is: { status: "exact" } } } }),
    }),
  );
} finally {
  await db.close();
}
