import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { openTestDatabase, TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { openMirrorForFetch } from "@/lib/repo/fetch-mirror";
import { buildPrHistoryRepo, type PrHistoryRepo } from "@/lib/repo/testing/pr-history-repo";
import { placeComment } from "@/lib/patch/anchor-comment";
import { parseReleasedPatch } from "@/lib/patch/released-patch";
import { tallyAnchoring } from "./anchor-tally";
import { backfillSnapshots } from "./backfill-snapshots";
import { loadEligibleInstances } from "@/lib/split/eligible-instances";
import { computeSnapshots } from "./compute-snapshots";
import { snapshotSummary } from "./snapshot-summary";
import { FINAL_DIFF_FALLBACK_NOTE, applyFinalDiffToUnavailable } from "./final-diff-snapshots";
import { PR_HISTORY_REPOSITORY, seedPrHistory } from "@/lib/screen/testing/seed-pr-history";

describe.each(TEST_DATABASE_KINDS)("snapshots of a PR pushed three times, on %s", (kind) => {
  const root = mkdtempSync(path.join(tmpdir(), "snapshots-"));
  let db: Database;
  let repo: PrHistoryRepo;
  let gone: PrHistoryRepo;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    [repo, gone] = await Promise.all([
      buildPrHistoryRepo(path.join(root, "kept")),
      buildPrHistoryRepo(path.join(root, "gone"), { dropP2: true }),
    ]);
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    rmSync(root, { recursive: true, force: true });
  });

  async function harvestInto(mirrorsDir: string, origin: PrHistoryRepo) {
    await db.prisma.repository.deleteMany();
    const seeded = await seedPrHistory(db.prisma, origin);
    const mirror = await openMirrorForFetch(mirrorsDir, PR_HISTORY_REPOSITORY, origin.gitDir);
    await mirror.fetchPullRequestHeads();
    const tally = await computeSnapshots(db.prisma, { mirrorFor: async () => mirror, fetchMissing: true });
    const snapshotOf = async (githubId: bigint) => {
      const id = seeded.instanceByGithubId.get(githubId);
      const instance = await db.prisma.instance.findUniqueOrThrow({ where: { id }, select: { snapshot: true } });
      return instance.snapshot;
    };
    return { tally, snapshotOf };
  }

  test("each comment is judged on the commit it was written on; a force-pushed commit is fetched by SHA", async () => {
    const { tally, snapshotOf } = await harvestInto(path.join(root, "mirrors-kept"), repo);
    expect(tally).toMatchObject({ exact: 3, unavailable: 0 });
    const typo = await snapshotOf(10n);
    expect(typo).toMatchObject({ commitSha: repo.p1, status: "exact" });
    expect(typo?.patch).toContain("+max_file_cached = 7");
    expect(typo?.patch).not.toContain("util.py"); // the base branch moved on after the PR branched
    expect(await snapshotOf(11n)).toMatchObject({ commitSha: repo.p1 }); // reply → its thread root
    expect(await snapshotOf(100n)).toMatchObject({ commitSha: repo.p1 });
    const review = await snapshotOf(101n);
    expect(review).toMatchObject({ commitSha: repo.p2, status: "exact" });
    expect(review?.patch).toContain("+max_files_cached = 7");
    // a renamed and modified file is written as git writes it (#44): the old path, then the new
    expect(review?.patch).toContain("diff --git a/old_name.py b/new_name.py");
    expect(await snapshotOf(12n)).toMatchObject({ commitSha: repo.p2 });
    const prComment = await snapshotOf(20n);
    expect(prComment).toMatchObject({ commitSha: repo.p3, status: "exact" });
    expect(prComment?.patch).toContain("+max_files_cached = 8");

    // anchoring each inline comment (a reply: its thread root) in its own snapshot
    const entries = await db.prisma.timelineEntry.findMany({ where: { kind: { in: ["inline", "inline_reply"] } } });
    const threadRoot = (id: bigint) => {
      const e = entries.find((x) => x.githubId === id);
      const r = e?.inReplyToId ? entries.find((x) => x.githubId === e.inReplyToId) : e;
      if (!r) throw new Error(`no entry ${id}`);
      return r;
    };
    const placedIn = async (id: bigint) => {
      const snapshot = await snapshotOf(id);
      const r = threadRoot(id);
      return placeComment(parseReleasedPatch(snapshot?.patch ?? ""), r, snapshot?.commitSha);
    };
    expect(await placedIn(10n)).toMatchObject({ placed: true, side: "RIGHT", lineNo: 10, text: "max_file_cached = 7" });
    expect(await placedIn(11n)).toMatchObject({ placed: true, side: "RIGHT", lineNo: 10, text: "max_file_cached = 7" });
    expect(await placedIn(12n)).toMatchObject({ placed: true, side: "LEFT", lineNo: 7, text: "    return os.path.getsize(path)" });
    expect(await placedIn(13n)).toMatchObject({ placed: true, fileIndex: 1, side: "RIGHT", lineNo: 5, text: "    return 3" });
    expect(await placedIn(14n)).toMatchObject({ placed: false, reason: expect.stringContaining("GitHub gives no diff hunk") });
    // against the final diff the first comment has no line: it is stated, not put on `max_files_cached = 8`
    const final = placeComment(parseReleasedPatch(prComment?.patch ?? ""), threadRoot(10n), repo.p3);
    expect(final).toMatchObject({ placed: false, hunk: threadRoot(10n).diffHunk });
  });

  test("a force-pushed commit GitHub no longer has makes the snapshot unavailable, with the reason", async () => {
    const { tally, snapshotOf } = await harvestInto(path.join(root, "mirrors-gone"), gone);
    expect(tally).toMatchObject({ exact: 2, unavailable: 1 });
    const review = await snapshotOf(101n);
    expect(review).toMatchObject({ commitSha: gone.p2, status: "unavailable", patch: "" });
    expect(review?.reason).toMatch(new RegExp(`^commit ${gone.p2.slice(0, 7)} is no longer on GitHub`));
    expect(await snapshotOf(10n)).toMatchObject({ status: "exact" });

    // the user keeps such instances with the final diff, marked; a later run does not undo the choice
    await db.prisma.pullRequest.updateMany({
      data: { patch: "diff --git a/app.py b/app.py\n@@ -9 +9,2 @@\n LIMIT = 10\n+max_files_cached = 8" },
    });
    // labelled instances whose snapshot is unavailable stay out of splits until the user chooses
    await db.prisma.instance.updateMany({ data: { stage: "labelled", finalLabel: "trustworthy" } });
    expect((await loadEligibleInstances(db.prisma)).length).toBe(5);
    expect(await applyFinalDiffToUnavailable(db.prisma)).toBe(1);
    expect((await loadEligibleInstances(db.prisma)).length).toBe(8);
    const mirror = await openMirrorForFetch(path.join(root, "mirrors-gone"), PR_HISTORY_REPOSITORY, gone.gitDir);
    await computeSnapshots(db.prisma, { mirrorFor: async () => mirror, fetchMissing: false });
    const fallback = await snapshotOf(101n);
    expect(fallback).toMatchObject({ status: "final_fallback", patch: expect.stringContaining("+max_files_cached = 8") });
    expect(fallback?.reason).toContain(FINAL_DIFF_FALLBACK_NOTE);
  });

  test("an existing database: snapshots computed offline from the mirror; a commit the mirror lacks is stated", async () => {
    await db.prisma.repository.deleteMany();
    const seeded = await seedPrHistory(db.prisma, repo);
    expect(await db.prisma.instance.count({ where: { snapshotId: null } })).toBe(seeded.instanceByGithubId.size);
    const mirror = await openMirrorForFetch(path.join(root, "mirrors-offline"), PR_HISTORY_REPOSITORY, repo.gitDir);
    await mirror.fetchPullRequestHeads(); // an older harvest: PR heads only, p2 was never fetched
    const tally = await computeSnapshots(db.prisma, { mirrorFor: async () => mirror, fetchMissing: false });
    expect(tally).toMatchObject({ exact: 2, unavailable: 1 });
    expect(Object.keys(tally.reasons)).toEqual([
      `commit ${repo.p2.slice(0, 7)} is not in the local mirror of acme/app; a harvest fetches it by SHA`,
    ]);
    expect(await db.prisma.instance.count({ where: { snapshotId: null } })).toBe(0);
    expect(await snapshotSummary(db.prisma)).toEqual({
      exact: 5,
      finalFallback: 0,
      unavailable: 3,
      notComputed: 0,
      reasons: [{ reason: "commit <sha> is not in the local mirror of acme/app; a harvest fetches it by SHA", count: 3 }],
    });
    // the closing figures: inline comments and replies placed exactly, or stated
    const anchoring = await tallyAnchoring(db.prisma);
    expect(anchoring).toMatchObject({ inline: 5, placedByPosition: 2, placedByContent: 0, notPlaceable: 3, onFinalDiff: 2 });
    expect(anchoring.reasons).toMatchObject({ "GitHub gives no diff hunk for this comment on logo.png (binary or too large a file)": 1 });
  });

  test("the backfill (command and background job) fetches what an older harvest lacked, then has nothing left to do", async () => {
    await db.prisma.repository.deleteMany();
    await seedPrHistory(db.prisma, repo);
    const options = {
      mirrorsDir: path.join(root, "mirrors-backfill"),
      githubApiUrl: "https://api.github.com",
      fetch: true,
      recompute: false,
      gitUrlFor: () => repo.gitDir,
    };
    expect(await backfillSnapshots(db.prisma, options)).toMatchObject({ pullRequests: 1, exact: 3, unavailable: 0 });
    expect(await db.prisma.instance.count({ where: { snapshotId: null } })).toBe(0);
    expect(await backfillSnapshots(db.prisma, options)).toMatchObject({ pullRequests: 0 });
  });
});
