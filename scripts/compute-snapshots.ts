// Computes the snapshot of every instance that has none (issue #12): the PR's diff at the commit its
// comment was written on, from the local mirrors (MIRRORS_DIR). Instances whose commit the mirror lacks
// are marked unavailable with the reason; --fetch first asks GitHub for such commits by SHA (git, no API
// quota). Uses DATABASE_URL, or the embedded database (stop the app first).
//   npx tsx scripts/compute-snapshots.ts [--fetch] [--recompute] [--fallback-final] [--report]
//   --fetch           fetch commits missing from a mirror from GitHub by SHA
//   --recompute       recompute every computed snapshot, not only missing and unavailable ones
//   --fallback-final  judge instances whose snapshot stays unavailable against the PR's final diff, marked as such
//   --report          print how the inline comments anchor (exactly, or not placeable with reasons)
// Prints name=value lines.
import { parseCli } from "@/lib/cli/parse-cli";

const { values } = parseCli(
  { url: import.meta.url },
  {
    options: {
      fetch: { type: "boolean", default: false },
      recompute: { type: "boolean", default: false },
      "fallback-final": { type: "boolean", default: false },
      report: { type: "boolean", default: false },
    },
  },
);

// the rest loads once the flags are read: --help and a wrong flag answer without loading the stages
const [
  { config },
  { databaseTargetOf, openDatabase },
  { migrate },
  { tallyAnchoring },
  { backfillSnapshots },
  { applyFinalDiffToUnavailable },
] = await Promise.all([
  import("@/lib/config"),
  import("@/lib/db/connection"),
  import("@/lib/db/migrate"),
  import("@/lib/snapshot/anchor-tally"),
  import("@/lib/snapshot/backfill-snapshots"),
  import("@/lib/snapshot/final-diff-snapshots"),
]);

const c = config();
const db = await openDatabase(databaseTargetOf(c));
try {
  await migrate(db);
  const tally = await backfillSnapshots(db.prisma, {
    mirrorsDir: c.MIRRORS_DIR,
    githubApiUrl: c.GITHUB_API_URL,
    fetch: values.fetch,
    recompute: values.recompute,
  });
  console.log(`pull_requests=${tally.pullRequests}`);
  console.log(`snapshots_exact=${tally.exact}`);
  console.log(`snapshots_unavailable=${tally.unavailable}`);
  for (const [reason, n] of Object.entries(tally.reasons)) console.log(`unavailable_reason=${JSON.stringify(reason)} count=${n}`);
  console.log(`instances_linked=${tally.instancesLinked}`);
  if (values["fallback-final"]) console.log(`snapshots_on_final_diff=${await applyFinalDiffToUnavailable(db.prisma)}`);
  console.log(`instances_without_snapshot=${await db.prisma.instance.count({ where: { snapshotId: null, parent: { is: null } } })}`);
  if (values.report) {
    const a = await tallyAnchoring(db.prisma);
    console.log(
      `inline_comments=${a.inline} placed_by_position=${a.placedByPosition} placed_by_content=${a.placedByContent} not_placeable=${a.notPlaceable} judged_on_final_diff=${a.onFinalDiff}`,
    );
    for (const [reason, n] of Object.entries(a.reasons)) console.log(`not_placeable_reason=${JSON.stringify(reason)} count=${n}`);
  }
} catch (error) {
  console.error(error instanceof Error && "status" in error ? `error: ${error.message}` : error);
  process.exitCode = 1;
} finally {
  await db.close();
}
