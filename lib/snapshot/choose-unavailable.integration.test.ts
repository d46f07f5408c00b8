import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { openTestDatabase, TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { loadEligibleInstances } from "@/lib/split/eligible-instances";
import { chooseForUnavailable, listUnavailableSnapshots } from "./choose-unavailable";
import { FINAL_DIFF_FALLBACK_NOTE } from "./final-diff-snapshots";

const FINAL = "diff --git a/a.py b/a.py\n@@ -1,1 +1,2 @@\n x = 1\n+y = 2";
const GONE = "the commit abc1234 is no longer on GitHub (force-pushed away)";

describe.each(TEST_DATABASE_KINDS)("the choice for unavailable snapshots, on %s", (kind) => {
  let db: Database;
  let actorId: string;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    actorId = (await db.prisma.user.create({ data: { login: "lead", name: "Lead", roles: ["admin"], passwordHash: "x" } })).id;
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  /** a labelled instance on PR `number` whose snapshot commit is gone */
  async function labelledOnGoneCommit(number: number) {
    const repository = await db.prisma.repository.upsert({
      where: { fullName: "acme/choice" },
      create: { owner: "acme", name: "choice", fullName: "acme/choice", stars: 1, prCount: 1, defaultBranch: "main" },
      update: {},
    });
    const pr = await db.prisma.pullRequest.create({
      data: {
        repositoryId: repository.id,
        number,
        title: "t",
        createdAt: new Date("2024-01-01T00:00:00Z"),
        updatedAt: new Date("2024-01-02T00:00:00Z"),
        baseSha: "b".repeat(40),
        headSha: "h".repeat(40),
        patch: FINAL,
        timeline: { create: [{ kind: "pr_comment", githubId: 1n, createdAt: new Date("2024-01-01T01:00:00Z"), body: "Why?" }] },
      },
      include: { timeline: true },
    });
    const snapshot = await db.prisma.patchSnapshot.create({
      data: { pullRequestId: pr.id, key: "abc1234", commitSha: "abc1234", status: "unavailable", reason: GONE },
    });
    const entry = pr.timeline[0];
    if (!entry) throw new Error("no timeline entry");
    const instance = await db.prisma.instance.create({
      data: {
        pullRequestId: pr.id,
        targetEntryId: entry.id,
        stage: "labelled",
        finalLabel: "trustworthy",
        snapshotId: snapshot.id,
      },
    });
    return { snapshotId: snapshot.id, instanceId: instance.id };
  }

  const eligible = async (instanceId: string) => (await loadEligibleInstances(db.prisma)).some((i) => i.id === instanceId);

  test("judging one on the final diff marks it, puts it in the dataset, and leaving it out again restores the reason", async () => {
    const { snapshotId, instanceId } = await labelledOnGoneCommit(1);
    const other = await labelledOnGoneCommit(2);
    expect(await eligible(instanceId)).toBe(false);

    expect(await chooseForUnavailable(db.prisma, { choice: "final_diff", snapshotId }, actorId)).toEqual({ snapshots: 1, instances: 1 });
    const chosen = await db.prisma.patchSnapshot.findUniqueOrThrow({ where: { id: snapshotId } });
    expect(chosen).toMatchObject({ status: "final_fallback", patch: FINAL, reason: `${GONE}; ${FINAL_DIFF_FALLBACK_NOTE}` });
    expect(await eligible(instanceId)).toBe(true);
    expect(await eligible(other.instanceId)).toBe(false); // only the one chosen
    const listed = await listUnavailableSnapshots(db.prisma);
    expect(listed.find((r) => r.id === snapshotId)).toMatchObject({ status: "final_fallback", reason: GONE, instances: 1, number: 1 });

    expect(await chooseForUnavailable(db.prisma, { choice: "leave_out", snapshotId }, actorId)).toEqual({ snapshots: 1, instances: 1 });
    expect(await db.prisma.patchSnapshot.findUniqueOrThrow({ where: { id: snapshotId } })).toMatchObject({
      status: "unavailable",
      patch: "",
      reason: GONE,
    });
    expect(await eligible(instanceId)).toBe(false);
    const events = await db.prisma.auditEvent.findMany({
      where: { subjectType: "patch_snapshot", subjectId: snapshotId },
      orderBy: { id: "asc" },
    });
    expect(events.map((e) => e.action)).toEqual(["snapshot.final_diff_chosen", "snapshot.left_out"]);
  });

  test("without a snapshot id the choice applies to every unavailable one; nothing to change changes nothing", async () => {
    const a = await labelledOnGoneCommit(3);
    const b = await labelledOnGoneCommit(4);
    const result = await chooseForUnavailable(db.prisma, { choice: "final_diff" }, actorId);
    expect(result.snapshots).toBeGreaterThanOrEqual(2);
    expect((await eligible(a.instanceId)) && (await eligible(b.instanceId))).toBe(true);
    expect(await chooseForUnavailable(db.prisma, { choice: "final_diff" }, actorId)).toEqual({ snapshots: 0, instances: 0 });
  });
});
