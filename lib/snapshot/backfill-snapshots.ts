// Snapshots for a database harvested before they existed (issue #12): every PR with a human instance that
// has no snapshot (all PRs with instances when recomputing) gets its snapshots computed from the local
// mirrors; commits a mirror lacks are fetched by SHA when allowed, else marked unavailable with the reason.
// Run by scripts/compute-snapshots.ts and the "snapshots" background job.
import { existsSync } from "node:fs";
import path from "node:path";
import type { PrismaClient } from "@/lib/db/generated/client";
import { defaultGitUrlFor, openMirrorForFetch } from "@/lib/repo/fetch-mirror";
import { locateMirror } from "@/lib/repo/mirror-path";
import { computeSnapshots, type SnapshotTally } from "./compute-snapshots";

export interface BackfillOptions {
  mirrorsDir: string;
  githubApiUrl: string;
  /** fetch commits a mirror lacks from GitHub by SHA (git, no API quota) */
  fetch: boolean;
  recompute: boolean;
  /** test seam: where git fetches repositories from */
  gitUrlFor?: (fullName: string) => string;
}

export async function backfillSnapshots(prisma: PrismaClient, options: BackfillOptions): Promise<SnapshotTally & { pullRequests: number }> {
  const gitUrlFor = options.gitUrlFor ?? defaultGitUrlFor(options.githubApiUrl);
  const pending = await prisma.pullRequest.findMany({
    where: options.recompute ? { instances: { some: {} } } : { instances: { some: { snapshotId: null, parentId: null } } },
    select: { id: true },
  });
  if (!pending.length) return { pullRequests: 0, exact: 0, unavailable: 0, reasons: {}, instancesLinked: 0 };
  const tally = await computeSnapshots(prisma, {
    pullRequestIds: pending.map((p) => p.id),
    fetchMissing: options.fetch,
    recompute: options.recompute,
    async mirrorFor(fullName) {
      if (!options.fetch && !existsSync(path.join(locateMirror(options.mirrorsDir, fullName), "HEAD")))
        return { unavailable: `no local mirror of ${fullName} (a harvest makes it)` };
      return openMirrorForFetch(options.mirrorsDir, fullName, gitUrlFor(fullName));
    },
  });
  return { ...tally, pullRequests: pending.length };
}
