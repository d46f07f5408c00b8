import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { openSeededTestDatabase } from "@/lib/demo/testing/seeded-test-database";
import type { SessionUser } from "@/lib/auth/roles";
import { reassignOpenAssignments, ReassignRequestSchema } from "./reassign-open";
import { skipAssignment } from "./skip-or-flag";
import { submitLabel } from "./submit-label";
import { AssignmentBatchSchema, assignTeamBatch, readyByRepository, selectAssignmentBatch } from "./team-assignment";
import { loadTeamWorkload } from "./team-workload";
import { demoUsers } from "./testing/annotation-fixture";

describe.each(TEST_DATABASE_KINDS)("the lead's assignment choices on %s", (kind) => {
  let db: Database;
  let users: Record<string, SessionUser>;
  beforeAll(async () => {
    db = await openSeededTestDatabase(kind);
    users = await demoUsers(db.prisma);
  });
  afterAll(async () => db?.close());

  /** Turns one PR's instances back into ready (screened) ones with no annotators, as after screening. */
  const readyPullRequest = async () => {
    const pr = await db.prisma.pullRequest.findFirstOrThrow({
      where: { instances: { some: { source: "human", stage: "annotating", labels: { none: {} } } } },
      include: { repository: true },
      orderBy: { number: "asc" },
    });
    const ids = (
      await db.prisma.instance.findMany({ where: { pullRequestId: pr.id, source: "human", stage: "annotating", labels: { none: {} } } })
    ).map((i) => i.id);
    await db.prisma.assignment.deleteMany({ where: { instanceId: { in: ids } } });
    await db.prisma.instance.updateMany({ where: { id: { in: ids } }, data: { stage: "screened" } });
    return { pr, ids };
  };

  test("a batch by repository and PR goes to the chosen annotators only", async () => {
    const { pr, ids } = await readyPullRequest();
    expect((await readyByRepository(db.prisma)).find((r) => r.repository === pr.repository.fullName)?.ready).toBeGreaterThanOrEqual(
      ids.length,
    );
    const batch = AssignmentBatchSchema.parse({ repository: pr.repository.fullName, pullRequestNumber: String(pr.number), search: "" });
    expect((await selectAssignmentBatch(db.prisma, batch)).filter((id) => ids.includes(id)).sort()).toEqual([...ids].sort());
    const out = await assignTeamBatch(db.prisma, {
      annotatorIds: [users.alice.id, users.carol.id],
      overlap: 2,
      batch,
      actorId: users.admin.id,
    });
    expect(out.assignments).toBe(ids.length * 2);
    const assigned = await db.prisma.assignment.findMany({ where: { instanceId: { in: ids } }, include: { annotator: true } });
    expect(new Set(assigned.map((a) => a.annotator.login))).toEqual(new Set(["alice", "carol"]));
    const audit = await db.prisma.auditEvent.findFirstOrThrow({
      where: { subjectId: ids[0], action: "instance.assign" },
      orderBy: { id: "desc" },
    });
    expect(audit).toMatchObject({ actorId: users.admin.id, details: { annotators: expect.arrayContaining(["alice", "carol"]) } });
    await expect(
      assignTeamBatch(db.prisma, {
        annotatorIds: [users.bob.id],
        overlap: 2,
        batch: AssignmentBatchSchema.parse({ repository: "nobody/nothing" }),
        actorId: users.admin.id,
      }),
    ).rejects.toThrow(/No instance in this batch/);
  });

  test("a search batch names comments by their words", async () => {
    const { ids } = await readyPullRequest();
    const one = await db.prisma.instance.findUniqueOrThrow({ where: { id: ids[0] }, include: { targetEntry: true } });
    const word = one.targetEntry.body.split(/\W+/).find((w) => w.length > 6) ?? one.targetEntry.body.slice(0, 8);
    const found = await selectAssignmentBatch(db.prisma, AssignmentBatchSchema.parse({ search: word.toUpperCase() }));
    expect(found).toContain(ids[0]);
    expect(found.length).toBeLessThan(await db.prisma.instance.count({ where: { source: "human" } }));
  });

  test("workload, progress and agreement per annotator come from the database", async () => {
    const workload = await loadTeamWorkload(db.prisma);
    expect(workload.map((w) => w.login)).toEqual(["alice", "bob", "carol"]);
    for (const w of workload) {
      const done = await db.prisma.assignment.count({ where: { annotatorId: w.id, completedAt: { not: null } } });
      expect(w.done).toBe(done);
      expect(w.agreed).toBeLessThanOrEqual(w.decided);
    }
    expect(workload.some((w) => w.decided > 0)).toBe(true);
  });

  test("reassigning moves open items (skipped only, if asked), never to someone already on the instance", async () => {
    const { ids } = await readyPullRequest();
    await assignTeamBatch(db.prisma, {
      annotatorIds: [users.alice.id, users.bob.id],
      overlap: 2,
      batch: AssignmentBatchSchema.parse({ pullRequestNumber: "" }),
      actorId: users.admin.id,
    });
    await skipAssignment(db.prisma, { instanceId: ids[0], annotatorId: users.bob.id, note: "Outside my area." });
    expect(() => ReassignRequestSchema.parse({ fromAnnotatorId: users.bob.id, toAnnotatorId: users.bob.id })).toThrow(/two different/);
    const out = await reassignOpenAssignments(db.prisma, {
      fromAnnotatorId: users.bob.id,
      toAnnotatorId: users.carol.id,
      onlySkipped: true,
      actorId: users.admin.id,
    });
    expect(out).toEqual({ moved: 1, kept: 0 });
    const now = await db.prisma.assignment.findMany({ where: { instanceId: ids[0] }, include: { annotator: true } });
    expect(now.map((a) => a.annotator.login).sort()).toEqual(["alice", "carol"]);
    expect(now.every((a) => a.skippedAt === null)).toBe(true);
    expect((await db.prisma.auditEvent.findFirstOrThrow({ where: { subjectId: ids[0], action: "assignment.reassign" } })).details).toEqual({
      from: "bob",
      to: "carol",
    });
    // alice → carol: carol already holds ids[0] with alice, so that one stays with alice
    await submitLabel(db.prisma, { instanceId: ids[0], annotatorId: users.carol.id, value: "trustworthy", rationale: "checked" });
    const moved = await reassignOpenAssignments(db.prisma, {
      fromAnnotatorId: users.alice.id,
      toAnnotatorId: users.carol.id,
      actorId: users.admin.id,
    });
    expect(moved.kept).toBeGreaterThanOrEqual(1);
    const stillAlice = await db.prisma.assignment.findMany({ where: { instanceId: ids[0] }, include: { annotator: true } });
    expect(stillAlice.map((a) => a.annotator.login).sort()).toEqual(["alice", "carol"]);
  });
});
