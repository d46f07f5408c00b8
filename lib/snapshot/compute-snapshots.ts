// Computes the PatchSnapshot rows of PRs from their repository's mirror (issue #12): for every comment,
// reply and review of the timeline its snapshot commit (snapshot-commit.ts), and per distinct commit the
// three-dot diff in the released format, with the pinned diff configuration the final patch uses. A commit
// the mirror lacks is fetched by SHA when the caller may fetch (a force-pushed commit is not under
// refs/pull/N/head); a commit still missing makes an "unavailable" row with the reason. Then instances are
// linked (link-instance-snapshots.ts). Used by the harvest and by scripts/compute-snapshots.ts.
import type { PrismaClient } from "@/lib/db/generated/client";
import { formatReleasedPatch } from "@/lib/patch/format-released-patch";
import type { FetchableMirror } from "@/lib/repo/fetch-mirror";
import { messageOf } from "@/lib/unknown-value";
import { linkInstanceSnapshots } from "./link-instance-snapshots";
import { snapshotCommitOf, SNAPSHOT_TIMELINE_SELECT } from "./snapshot-commit";
import { IMPORTED_PREFIX } from "./snapshot-key";

export type SnapshotMirror = Pick<FetchableMirror, "missing" | "fetchCommits" | "diffMany">;

export interface ComputeSnapshotsOptions {
  pullRequestIds?: string[];
  /** the mirror of a repository, or a reason there is none */
  mirrorFor: (fullName: string) => Promise<SnapshotMirror | { unavailable: string }>;
  /** whether commits the mirror lacks may be fetched from GitHub by SHA */
  fetchMissing: boolean;
  /** recompute rows already exact (default: only missing and unavailable ones) */
  recompute?: boolean;
}

export interface SnapshotTally {
  exact: number;
  unavailable: number;
  /** distinct reasons of the unavailable rows written, with counts */
  reasons: Record<string, number>;
  instancesLinked: number;
}

interface Row {
  pullRequestId: string;
  key: string;
  commitSha: string | null;
  status: "exact" | "unavailable";
  reason: string;
  patch: string;
}

export async function computeSnapshots(prisma: PrismaClient, options: ComputeSnapshotsOptions): Promise<SnapshotTally> {
  const prs = await prisma.pullRequest.findMany({
    where: options.pullRequestIds ? { id: { in: options.pullRequestIds } } : undefined,
    select: {
      id: true,
      baseSha: true,
      repository: { select: { fullName: true } },
      snapshots: { select: { key: true, status: true } },
      timeline: { select: SNAPSHOT_TIMELINE_SELECT },
    },
    orderBy: { repositoryId: "asc" },
  });
  const tally: SnapshotTally = { exact: 0, unavailable: 0, reasons: {}, instancesLinked: 0 };
  const rows: Row[] = [];
  const byRepository = new Map<string, typeof prs>();
  for (const pr of prs) byRepository.set(pr.repository.fullName, [...(byRepository.get(pr.repository.fullName) ?? []), pr]);

  for (const [fullName, repoPrs] of byRepository) {
    // per PR: commit → how it was chosen, for the commits that need a (re)computed row
    const wanted = new Map<string, Map<string, string>>();
    for (const pr of repoPrs) {
      // exact rows, and unavailable ones the user chose to show with the final diff, stay unless recomputing
      const done = new Set(pr.snapshots.filter((s) => s.status !== "unavailable" && !options.recompute).map((s) => s.key));
      const commits = new Map<string, string>();
      for (const entry of pr.timeline) {
        if (entry.kind === "commit") continue;
        const c = snapshotCommitOf(entry, pr.timeline);
        if (c.sha === null) {
          const key = `entry:${entry.id}`;
          if (!pr.snapshots.some((s) => s.key === key))
            rows.push({ pullRequestId: pr.id, key, commitSha: null, status: "unavailable", reason: c.reason, patch: "" });
        } else if (!done.has(c.sha) && !c.sha.startsWith(IMPORTED_PREFIX)) commits.set(c.sha, c.how);
      }
      if (commits.size) wanted.set(pr.id, commits);
    }
    if (!wanted.size) continue;
    const mirror = await options.mirrorFor(fullName);
    const prOf = new Map(repoPrs.map((p) => [p.id, p]));
    if ("unavailable" in mirror) {
      for (const [prId, commits] of wanted)
        for (const sha of commits.keys())
          rows.push({ pullRequestId: prId, key: sha, commitSha: sha, status: "unavailable", reason: mirror.unavailable, patch: "" });
      continue;
    }
    const all = [...new Set([...wanted].flatMap(([prId, commits]) => [prOf.get(prId)?.baseSha ?? "", ...commits.keys()]))].filter(Boolean);
    let missing = await mirror.missing(all);
    let fetchError = "";
    if (missing.length && options.fetchMissing) {
      await mirror.fetchCommits(missing).catch((e: unknown) => {
        fetchError = messageOf(e);
      });
      missing = await mirror.missing(missing);
    }
    const absent = new Set(missing);
    const goneReason = (sha: string, what: string) =>
      options.fetchMissing
        ? `${what} ${sha.slice(0, 7)} is no longer on GitHub (force-pushed away and collected)${fetchError ? `: ${fetchError.slice(0, 200)}` : ""}`
        : `${what} ${sha.slice(0, 7)} is not in the local mirror of ${fullName}; a harvest fetches it by SHA`;
    const pairs: { key: number; base: string; head: string; prId: string }[] = [];
    for (const [prId, commits] of wanted) {
      const base = prOf.get(prId)?.baseSha ?? "";
      for (const sha of commits.keys()) {
        if (absent.has(sha) || absent.has(base)) {
          const reason = absent.has(sha) ? goneReason(sha, "commit") : goneReason(base, "base commit");
          rows.push({ pullRequestId: prId, key: sha, commitSha: sha, status: "unavailable", reason, patch: "" });
        } else pairs.push({ key: pairs.length, base, head: sha, prId });
      }
    }
    const diffs = await mirror.diffMany(pairs);
    for (const p of pairs) {
      const diff = diffs.get(p.key);
      if (typeof diff === "string") {
        const how = wanted.get(p.prId)?.get(p.head) ?? "";
        rows.push({
          pullRequestId: p.prId,
          key: p.head,
          commitSha: p.head,
          status: "exact",
          reason: `three-dot diff at ${p.head.slice(0, 7)} (${how})`,
          patch: formatReleasedPatch(diff).patch,
        });
      } else {
        rows.push({
          pullRequestId: p.prId,
          key: p.head,
          commitSha: p.head,
          status: "unavailable",
          reason: diff?.error ?? "git produced no diff",
          patch: "",
        });
      }
    }
  }

  for (const row of rows) {
    const { pullRequestId, key, ...data } = row;
    await prisma.patchSnapshot.upsert({ where: { pullRequestId_key: { pullRequestId, key } }, create: row, update: data });
    if (row.status === "exact") tally.exact++;
    else {
      tally.unavailable++;
      tally.reasons[row.reason] = (tally.reasons[row.reason] ?? 0) + 1;
    }
  }
  tally.instancesLinked = await linkInstanceSnapshots(prisma, options.pullRequestIds ?? prs.map((p) => p.id));
  return tally;
}
