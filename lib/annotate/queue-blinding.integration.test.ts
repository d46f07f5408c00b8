import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { openSeededTestDatabase } from "@/lib/demo/testing/seeded-test-database";
import type { SessionUser } from "@/lib/auth/roles";
import { loadQueue } from "./annotation-queue";
import { submitLabel } from "./submit-label";
import { demoUsers } from "./testing/annotation-fixture";

describe.each(TEST_DATABASE_KINDS)("a lead who annotates, in the all-instances view, on %s", (kind) => {
  let db: Database;
  let users: Record<string, SessionUser>;
  beforeAll(async () => {
    db = await openSeededTestDatabase(kind);
    users = await demoUsers(db.prisma);
  });
  afterAll(async () => db?.close());

  test("sees no label counts on their own items (a co-annotator's progress), and the counts on the others", async () => {
    const carol = users.carol;
    const mine = new Set(
      (await db.prisma.assignment.findMany({ where: { annotatorId: carol.id }, select: { instanceId: true } })).map((a) => a.instanceId),
    );
    // the case that leaked: her item, not labelled by her, already labelled by the other annotator ("1/2")
    const open = await db.prisma.assignment.findFirstOrThrow({
      where: { annotatorId: carol.id, completedAt: null, instance: { stage: "annotating" } },
      select: { instanceId: true, instance: { select: { assignments: { select: { annotatorId: true, completedAt: true } } } } },
    });
    const other = open.instance.assignments.find((a) => a.annotatorId !== carol.id && a.completedAt === null);
    if (!other) throw new Error("the demo gives carol an open item shared with an annotator who has not labelled it");
    await submitLabel(db.prisma, {
      instanceId: open.instanceId,
      annotatorId: other.annotatorId,
      value: "untrustworthy",
      rationale: "Wrong line.",
    });
    const all = await loadQueue(db.prisma, carol, "all");
    const own = all.filter((q) => mine.has(q.id));
    const others = all.filter((q) => !mine.has(q.id));
    expect(own.find((q) => q.id === open.instanceId)).toMatchObject({ ownLabel: null, labels: null, assigned: null });
    for (const q of own) expect([q.id, q.labels, q.assigned]).toEqual([q.id, null, null]);
    expect(others.length).toBeGreaterThan(0);
    for (const q of others) {
      expect(q.assigned).toBe(await db.prisma.assignment.count({ where: { instanceId: q.id } }));
      expect(q.labels).toBe(await db.prisma.label.count({ where: { instanceId: q.id } }));
    }
  });
});
