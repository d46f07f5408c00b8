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
import { loadAssignmentReadiness } from "./annotation-settings";
import { recordManualDecision } from "@/lib/screen/manual-screening";
import { loadScreeningHandoff, loadScreenGate, type ScreenGate } from "@/lib/screen/screen-gate";

/** No LLM configured and no content decision yet: only the rules gate annotation (the demo's world). */
const noContentScreens: ScreenGate = {
  contentScreens: [
    { key: "llm:pr", label: "LLM PR audit", use: "not_in_use" },
    { key: "llm:comment", label: "LLM comment screen", use: "not_in_use" },
  ],
};

/** Turns one PR's unlabelled instances back into ready (screened) ones with no annotators, as after screening. */
async function readyPullRequest(prisma: Database["prisma"]) {
  const pr = await prisma.pullRequest.findFirstOrThrow({
    where: { instances: { some: { source: "human", stage: "annotating", labels: { none: {} } } } },
    include: { repository: true },
    orderBy: { number: "asc" },
  });
  const ids = (
    await prisma.instance.findMany({
      where: { pullRequestId: pr.id, source: "human", stage: "annotating", labels: { none: {} } },
      orderBy: { id: "asc" },
    })
  ).map((i) => i.id);
  await prisma.assignment.deleteMany({ where: { instanceId: { in: ids } } });
  await prisma.instance.updateMany({ where: { id: { in: ids } }, data: { stage: "screened" } });
  return { pr, ids };
}

describe.each(TEST_DATABASE_KINDS)("the lead's assignment choices on %s", (kind) => {
  let db: Database;
  let users: Record<string, SessionUser>;
  beforeAll(async () => {
    db = await openSeededTestDatabase(kind);
    users = await demoUsers(db.prisma);
  });
  afterAll(async () => db?.close());

  test("a batch by repository and PR goes to the chosen annotators only", async () => {
    const { pr, ids } = await readyPullRequest(db.prisma);
    expect(
      (await readyByRepository(db.prisma, noContentScreens)).find((r) => r.repository === pr.repository.fullName)?.ready,
    ).toBeGreaterThanOrEqual(ids.length);
    const batch = AssignmentBatchSchema.parse({ repository: pr.repository.fullName, pullRequestNumber: String(pr.number), search: "" });
    expect((await selectAssignmentBatch(db.prisma, batch, noContentScreens)).filter((id) => ids.includes(id)).sort()).toEqual(
      [...ids].sort(),
    );
    const out = await assignTeamBatch(db.prisma, {
      annotatorIds: [users.alice.id, users.carol.id],
      overlap: 2,
      batch,
      actorId: users.admin.id,
      gate: noContentScreens,
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
        gate: noContentScreens,
      }),
    ).rejects.toThrow(/No instance in this batch/);
  });

  test("a search batch names comments by their words", async () => {
    const { ids } = await readyPullRequest(db.prisma);
    const one = await db.prisma.instance.findUniqueOrThrow({ where: { id: ids[0] }, include: { targetEntry: true } });
    const word = one.targetEntry.body.split(/\W+/).find((w) => w.length > 6) ?? one.targetEntry.body.slice(0, 8);
    const found = await selectAssignmentBatch(db.prisma, AssignmentBatchSchema.parse({ search: word.toUpperCase() }), noContentScreens);
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
    const { ids } = await readyPullRequest(db.prisma);
    await assignTeamBatch(db.prisma, {
      annotatorIds: [users.alice.id, users.bob.id],
      overlap: 2,
      batch: AssignmentBatchSchema.parse({ pullRequestNumber: "" }),
      actorId: users.admin.id,
      gate: noContentScreens,
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

// Issue #31 item 12: its own database, since a content decision puts that screen in use for every test after it.
describe.each(TEST_DATABASE_KINDS)("assignment waits for every screen in use on %s", (kind) => {
  let db: Database;
  let users: Record<string, SessionUser>;
  beforeAll(async () => {
    db = await openSeededTestDatabase(kind);
    users = await demoUsers(db.prisma);
    // the test starts before any content decision: this copy drops the demo's LLM PR audit
    await db.prisma.filterDecision.deleteMany({ where: { filterKey: { in: ["llm:pr", "llm:comment"] } } });
  });
  afterAll(async () => db?.close());

  test("screened comments wait for the content screens in use; the lead may include them; the funnel counts both", async () => {
    const { pr, ids } = await readyPullRequest(db.prisma);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    const batch = AssignmentBatchSchema.parse({ repository: pr.repository.fullName, pullRequestNumber: String(pr.number) });
    const gateOf = (llmConfigured: boolean) => loadScreenGate(db.prisma, { llmConfigured });
    const assign = async (llmConfigured: boolean, includeCandidates = false) =>
      assignTeamBatch(db.prisma, {
        annotatorIds: [users.alice.id, users.bob.id],
        overlap: 2,
        batch: { ...batch, includeCandidates },
        actorId: users.admin.id,
        gate: await gateOf(llmConfigured),
      });

    // no LLM and no content decision: the rules are the only screen, the comments are ready
    expect((await gateOf(false)).contentScreens.map((s) => s.use)).toEqual(["not_in_use", "not_in_use"]);
    const before = await loadAssignmentReadiness(db.prisma, await gateOf(false));
    expect(before.screens).toBe("the rule filters");
    expect(before.ready).toBeGreaterThanOrEqual(ids.length);

    // an LLM configured: both content screens gate, nothing of this PR is ready, and the refusal names them
    const configured = await loadAssignmentReadiness(db.prisma, await gateOf(true));
    expect(configured.screens).toBe("the rule filters, LLM PR audit and LLM comment screen");
    expect(configured.ready).toBe(0);
    expect(configured.unscreened).toBeGreaterThanOrEqual(ids.length);
    await expect(assign(true)).rejects.toThrow(/none is through the rule filters, LLM PR audit and LLM comment screen.*Tick the box/);

    // a person keeps the PR and one comment in the manual queue: that comment alone is through
    const actor = { id: users.admin.id, login: "admin" };
    await recordManualDecision(db.prisma, { level: "pr", itemId: pr.id, verdict: "keep", rationale: "a substantive description" }, actor);
    await recordManualDecision(db.prisma, { level: "comment", itemId: ids[0], verdict: "keep", rationale: "a technical claim" }, actor);
    const kept = await assign(true);
    expect(kept.assignments).toBe(2);
    expect(await db.prisma.assignment.count({ where: { instanceId: { in: ids.slice(1) } } })).toBe(0);

    // without an LLM the manual decisions put both screens in use: the rest still wait
    expect((await gateOf(false)).contentScreens.map((s) => s.use)).toEqual(["decided", "decided"]);
    const handoff = await loadScreeningHandoff(db.prisma, { llmConfigured: false });
    expect(handoff.waiting).toBeGreaterThanOrEqual(ids.length - 1);
    const earlyBefore = handoff.assignedBeforeScreened;

    // the lead includes the rest explicitly: assigned, and counted apart by the funnel
    const rest = await assign(false, true);
    expect(rest.instances).toBe(ids.length - 1);
    expect(await db.prisma.instance.count({ where: { id: { in: ids }, stage: "annotating" } })).toBe(ids.length);
    const after = await loadScreeningHandoff(db.prisma, { llmConfigured: false });
    expect(after.assignedBeforeScreened).toBe(earlyBefore + ids.length - 1);
    expect(after.waiting).toBe(handoff.waiting - (ids.length - 1));
  });
});
