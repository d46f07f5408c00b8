import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { openSeededTestDatabase } from "@/lib/demo/testing/seeded-test-database";
import type { SessionUser } from "@/lib/auth/roles";
import { adjudicateInstance } from "./adjudicate-instance";
import { assignInstances } from "./assign-instances";
import { readOverlap, writeOverlap } from "./annotation-settings";
import { loadAgreement } from "./load-agreement";
import { loadRevealedTimeline } from "./revealed-timeline";
import { submitLabel } from "./submit-label";
import { demoUsers, freshInstanceFor } from "./testing/annotation-fixture";
import { loadScreenGate } from "@/lib/screen/screen-gate";

describe.each(TEST_DATABASE_KINDS)("annotation flow on %s", (kind) => {
  let db: Database;
  let users: Record<string, SessionUser>;
  beforeAll(async () => {
    db = await openSeededTestDatabase(kind);
    users = await demoUsers(db.prisma);
  });
  afterAll(async () => db?.close());

  const stageOfComment = async (githubId: number) =>
    db.prisma.instance.findFirstOrThrow({
      where: { source: "human", targetEntry: { githubId: BigInt(githubId) } },
      include: { adjudication: true, labels: true },
    });

  // The other tests re-assign instances (freshInstanceFor), so the seed's balance is checked on a
  // seeded database of its own.
  test("the demo seed assigns two distinct annotators per instance, balanced", async () => {
    const own = await openSeededTestDatabase(kind);
    try {
      await expectBalancedAssignments(own);
    } finally {
      await own.close();
    }
  });
  async function expectBalancedAssignments(db: Database) {
    const instances = await db.prisma.instance.findMany({
      where: { source: "human", stage: { in: ["annotating", "adjudicating", "labelled", "unsuitable"] } },
      include: { assignments: true },
    });
    expect(instances.length).toBeGreaterThan(15);
    for (const i of instances) expect(new Set(i.assignments.map((a) => a.annotatorId)).size).toBe(2);
    const loads = await db.prisma.assignment.groupBy({ by: ["annotatorId"], _count: { _all: true } });
    const counts = loads.map((l) => l._count._all);
    expect(loads).toHaveLength(3); // alice, bob, carol (admin is not an annotator)
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
  }

  test("demo judgements run through the state machine: agreement, disagreement, adjudication", async () => {
    const agreedUntrustworthy = await stageOfComment(1990000402);
    expect([agreedUntrustworthy.stage, agreedUntrustworthy.finalLabel]).toEqual(["labelled", "untrustworthy"]);
    expect((await stageOfComment(1990000203)).stage).toBe("adjudicating");
    const adjudicated = await stageOfComment(1990000401);
    expect([adjudicated.stage, adjudicated.finalLabel, adjudicated.adjudication?.value]).toEqual([
      "labelled",
      "trustworthy",
      "trustworthy",
    ]);
    expect((await stageOfComment(2600000501)).stage).toBe("unsuitable");
  });

  test("a label is an idempotent upsert that only assigned annotators may make, changeable while in annotation", async () => {
    const id = await freshInstanceFor(db.prisma, [users.alice, users.bob]);
    const first = await submitLabel(db.prisma, {
      instanceId: id,
      annotatorId: users.alice.id,
      value: "trustworthy",
      rationale: "claim checked in nanops.py",
      now: new Date("2026-03-01T10:20:30.456Z"),
    });
    expect(first).toMatchObject({ stage: "annotating", changed: true });
    const retried = await submitLabel(db.prisma, {
      instanceId: id,
      annotatorId: users.alice.id,
      value: "trustworthy",
      rationale: "  claim checked in nanops.py ",
    });
    expect(retried.changed).toBe(false);
    // the stored label read back as it was written: the same instant, whatever the server's time zone
    expect(retried.label).toEqual({
      value: "trustworthy",
      rationale: "claim checked in nanops.py",
      updatedAt: new Date("2026-03-01T10:20:30.456Z"),
    });
    const changed = await submitLabel(db.prisma, {
      instanceId: id,
      annotatorId: users.alice.id,
      value: "untrustworthy",
      rationale: "the mask is computed after all",
    });
    expect(changed).toMatchObject({ changed: true, label: { value: "untrustworthy" } });
    expect(await db.prisma.label.count({ where: { instanceId: id } })).toBe(1);
    await expect(
      submitLabel(db.prisma, { instanceId: id, annotatorId: users.carol.id, value: "trustworthy", rationale: "not mine" }),
    ).rejects.toMatchObject({ code: "not_assigned" });
    const actions = (
      await db.prisma.auditEvent.findMany({ where: { subjectId: id, action: { startsWith: "label." } }, orderBy: { id: "asc" } })
    ).map((e) => e.action);
    expect(actions).toEqual(["label.submit", "label.change"]);
  });

  test("agreeing labels are final; afterwards labels can no longer change (but a retry of the same label succeeds)", async () => {
    const id = await freshInstanceFor(db.prisma, [users.alice, users.bob]);
    await submitLabel(db.prisma, { instanceId: id, annotatorId: users.alice.id, value: "trustworthy", rationale: "correct" });
    const last = await submitLabel(db.prisma, {
      instanceId: id,
      annotatorId: users.bob.id,
      value: "trustworthy",
      rationale: "also correct",
    });
    expect(last.stage).toBe("labelled");
    expect((await db.prisma.instance.findUniqueOrThrow({ where: { id } })).finalLabel).toBe("trustworthy");
    await expect(
      submitLabel(db.prisma, { instanceId: id, annotatorId: users.bob.id, value: "untrustworthy", rationale: "second thoughts" }),
    ).rejects.toMatchObject({ code: "annotation_closed", status: 409 });
    expect(
      (await submitLabel(db.prisma, { instanceId: id, annotatorId: users.bob.id, value: "trustworthy", rationale: "also correct" }))
        .changed,
    ).toBe(false);
  });

  test("disagreement goes to adjudication; the adjudicator's decision is final and recorded", async () => {
    const id = await freshInstanceFor(db.prisma, [users.alice, users.carol]);
    await expect(
      adjudicateInstance(db.prisma, { instanceId: id, adjudicator: users.admin, value: "trustworthy", rationale: "too early" }),
    ).rejects.toMatchObject({ code: "not_adjudicating" });
    await submitLabel(db.prisma, { instanceId: id, annotatorId: users.alice.id, value: "trustworthy", rationale: "holds at base" });
    const second = await submitLabel(db.prisma, {
      instanceId: id,
      annotatorId: users.carol.id,
      value: "untrustworthy",
      rationale: "wrong file",
    });
    expect(second.stage).toBe("adjudicating");
    await expect(
      adjudicateInstance(db.prisma, { instanceId: id, adjudicator: users.carol, value: "untrustworthy", rationale: "mine" }),
    ).rejects.toMatchObject({ code: "own_instance" });
    await expect(
      adjudicateInstance(db.prisma, { instanceId: id, adjudicator: users.alice, value: "untrustworthy", rationale: "x" }),
    ).rejects.toMatchObject({ code: "forbidden" });
    const decided = await adjudicateInstance(db.prisma, {
      instanceId: id,
      adjudicator: users.admin,
      value: "untrustworthy",
      rationale: "the comment is on the test file, the claim is about nanops.py",
    });
    expect(decided).toMatchObject({ stage: "labelled", finalLabel: "untrustworthy", changed: true });
    expect(
      (
        await adjudicateInstance(db.prisma, {
          instanceId: id,
          adjudicator: users.admin,
          value: "untrustworthy",
          rationale: "the comment is on the test file, the claim is about nanops.py",
        })
      ).changed,
    ).toBe(false);
    await expect(
      adjudicateInstance(db.prisma, { instanceId: id, adjudicator: users.admin, value: "trustworthy", rationale: "changed my mind" }),
    ).rejects.toMatchObject({ code: "already_adjudicated" });
    const events = await db.prisma.auditEvent.findMany({
      where: { subjectId: id, action: { in: ["instance.adjudicate", "instance.stage"] } },
      orderBy: { id: "asc" },
    });
    expect(events.map((e) => `${e.action}:${(e.details as { to?: string }).to ?? ""}`)).toEqual([
      "instance.stage:adjudicating",
      "instance.adjudicate:",
      "instance.stage:labelled",
    ]);
    expect(events[1].actorId).toBe(users.admin.id);
  });

  test("two annotators submitting at the same moment both count (row lock)", async () => {
    const id = await freshInstanceFor(db.prisma, [users.alice, users.bob]);
    await Promise.all([
      submitLabel(db.prisma, { instanceId: id, annotatorId: users.alice.id, value: "trustworthy", rationale: "fine" }),
      submitLabel(db.prisma, { instanceId: id, annotatorId: users.bob.id, value: "unsuitable", rationale: "needs context" }),
    ]);
    expect((await db.prisma.instance.findUniqueOrThrow({ where: { id } })).stage).toBe("adjudicating");
  });

  test("the rest of the timeline is revealed only after labelling, or to a lead", async () => {
    const id = await freshInstanceFor(db.prisma, [users.alice, users.bob]);
    await expect(loadRevealedTimeline(db.prisma, id, users.alice)).rejects.toMatchObject({ code: "timeline_locked", status: 403 });
    await expect(loadRevealedTimeline(db.prisma, id, users.carol)).resolves.not.toHaveLength(0);
    await submitLabel(db.prisma, { instanceId: id, annotatorId: users.alice.id, value: "trustworthy", rationale: "fine" });
    const entries = await loadRevealedTimeline(db.prisma, id, users.alice);
    expect(entries.filter((e) => e.isTarget)).toHaveLength(1);
    expect(entries.some((e) => e.kind === "commit")).toBe(true);
    await expect(loadRevealedTimeline(db.prisma, id, { ...users.bob, id: "someone-else", roles: ["annotator"] })).rejects.toMatchObject({
      code: "not_assigned",
    });
  });

  test("agreement is computed from the labels in the database", async () => {
    const report = await loadAgreement(db.prisma);
    expect(report.overall.n).toBeGreaterThanOrEqual(7);
    expect(report.byPair.length).toBeGreaterThanOrEqual(2);
    expect(report.byRepository.map((r) => r.key)).toContain("vectorops/agentflow");
    expect(report.byWeek.length).toBeGreaterThanOrEqual(2);
  });
});

describe.each(TEST_DATABASE_KINDS)("assignment settings on %s", (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await openSeededTestDatabase(kind);
  });
  afterAll(async () => db?.close());

  test("raising the overlap tops up open instances with a third annotator, recorded in the audit log", async () => {
    const admin = await db.prisma.user.findUniqueOrThrow({ where: { login: "admin" } });
    expect(await readOverlap(db.prisma)).toBe(2);
    await writeOverlap(db.prisma, 3, admin.id);
    expect(await readOverlap(db.prisma)).toBe(3);
    const result = await assignInstances(db.prisma, { actorId: admin.id, gate: await loadScreenGate(db.prisma, { llmConfigured: false }) });
    const open = await db.prisma.instance.findMany({ where: { source: "human", stage: "annotating" }, include: { assignments: true } });
    expect(result.instances).toBe(open.length);
    for (const i of open) expect(i.assignments).toHaveLength(3);
    // nothing left to do: a second run assigns nothing
    expect(
      (await assignInstances(db.prisma, { actorId: admin.id, gate: await loadScreenGate(db.prisma, { llmConfigured: false }) }))
        .assignments,
    ).toBe(0);
    expect(await db.prisma.auditEvent.count({ where: { action: "setting.update", actorId: admin.id } })).toBe(1);
  });
});
