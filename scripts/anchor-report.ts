// How many inline comments (and replies, by their thread root) anchor exactly in the patch their instance
// is judged against, and how many are stated as not placeable, with reasons (issue #12's closing figures):
// for the demo world, and for the fake GitHub world harvested end to end (snapshots computed by the harvest).
// Both run in in-memory embedded databases; no network.
//   npx tsx scripts/anchor-report.ts
// Prints name=value lines per world.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseCli } from "@/lib/cli/parse-cli";
import { openDatabase } from "@/lib/db/connection";
import { migrate } from "@/lib/db/migrate";
import { seedDemo } from "@/lib/demo/seed-demo";
import { CRAWLER_TEST_WORLD, startSeededGitHub } from "@/lib/ingest/testing/fake-github/seeded-worlds";
import { runIngest } from "@/lib/ingest/run-ingest";
import { createInstances } from "@/lib/screen/create-instances";
import { tallyAnchoring, type AnchorTally } from "@/lib/snapshot/anchor-tally";

parseCli({ url: import.meta.url }, { options: {} });

function print(world: string, a: AnchorTally, snapshots: Record<string, number>) {
  console.log(
    `world=${world} inline_comments=${a.inline} placed_by_position=${a.placedByPosition} placed_by_content=${a.placedByContent} not_placeable=${a.notPlaceable} judged_on_final_diff=${a.onFinalDiff}`,
  );
  for (const [status, n] of Object.entries(snapshots)) console.log(`world=${world} snapshots_${status}=${n}`);
  for (const [reason, n] of Object.entries(a.reasons).sort((x, y) => y[1] - x[1]))
    console.log(`world=${world} not_placeable_reason=${JSON.stringify(reason)} count=${n}`);
}

async function snapshotCounts(prisma: Awaited<ReturnType<typeof openDatabase>>["prisma"]) {
  const groups = await prisma.patchSnapshot.groupBy({ by: ["status"], _count: { _all: true } });
  const unavailable = await prisma.patchSnapshot.findMany({ where: { status: "unavailable" }, select: { reason: true } });
  for (const u of unavailable) console.log(`snapshot_unavailable_reason=${JSON.stringify(u.reason)}`);
  return Object.fromEntries(groups.map((g) => [g.status, g._count._all]));
}

const demo = await openDatabase({ kind: "embedded", dataDir: "memory://" });
try {
  await migrate(demo);
  await seedDemo(demo.prisma);
  print("demo", await tallyAnchoring(demo.prisma), await snapshotCounts(demo.prisma));
} finally {
  await demo.close();
}

const github = await startSeededGitHub(CRAWLER_TEST_WORLD);
const mirrors = mkdtempSync(path.join(tmpdir(), "anchor-report-mirrors-"));
const fake = await openDatabase({ kind: "embedded", dataDir: "memory://" });
try {
  await migrate(fake);
  await runIngest({
    db: fake,
    config: { GITHUB_API_URL: github.url, GITHUB_TOKEN: "report", MIRRORS_DIR: mirrors },
    trigger: "report",
    gitUrlFor: github.gitUrlFor,
    request: { criteria: { language: "Python", top: 120, minPrs: 20 } },
    github: { graphqlIntervalMs: 0, searchIntervalMs: 0, retryBaseMs: 10 },
  });
  await createInstances(fake.prisma);
  print("fake_github", await tallyAnchoring(fake.prisma), await snapshotCounts(fake.prisma));
} finally {
  await fake.close();
  await github.stop();
  rmSync(mirrors, { recursive: true, force: true });
}
