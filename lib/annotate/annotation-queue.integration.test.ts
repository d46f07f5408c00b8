import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { SessionUser } from "@/lib/auth/roles";
import type { Database } from "@/lib/db/connection";
import { openTestDatabase, TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { seedSyntheticCorpus } from "@/lib/demo/seed-synthetic-corpus";
import {
  loadQueueItems,
  loadQueueNeighbours,
  loadQueueOrder,
  loadQueuePage,
  loadQueuePageIds,
  loadQueueSummary,
  neighboursIn,
  QUEUE_PAGE_SIZE,
} from "./annotation-queue";
import { statusOf } from "./queue-filters";
import { assignInstances } from "./assign-instances";
import { loadScreenGate } from "@/lib/screen/screen-gate";

describe.each(TEST_DATABASE_KINDS)("annotation queue on %s", (kind) => {
  let db: Database;
  let ann: SessionUser;
  let lead: SessionUser;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    await seedSyntheticCorpus(db.prisma, { comments: 260, seed: 5 });
    await db.prisma.instance.updateMany({ data: { stage: "screened" } });
    const a = await db.prisma.user.create({ data: { login: "ann", name: "Ann", passwordHash: "x", roles: ["annotator"] } });
    const l = await db.prisma.user.create({ data: { login: "lee", name: "Lee", passwordHash: "x", roles: ["admin"] } });
    ann = { id: a.id, login: a.login, name: a.name, roles: a.roles };
    lead = { id: l.id, login: l.login, name: l.name, roles: l.roles };
    await assignInstances(db.prisma, { overlap: 1, gate: await loadScreenGate(db.prisma, { llmConfigured: false }) });
  });
  afterAll(async () => db?.close());

  test("the whole queue in PR and timeline order, pages of it, and the next one to label", async () => {
    const order = await loadQueueOrder(db.prisma, ann, "mine");
    expect(order).toHaveLength(await db.prisma.assignment.count({ where: { annotatorId: ann.id } }));
    expect(order.length).toBeGreaterThan(QUEUE_PAGE_SIZE);
    const first = await loadQueuePage(db.prisma, ann, "mine", order, 1);
    const second = await loadQueuePage(db.prisma, ann, "mine", order, 2);
    expect(first.map((i) => i.id)).toEqual(order.slice(0, QUEUE_PAGE_SIZE).map((e) => e.id));
    expect(second.map((i) => i.id)).toEqual(order.slice(QUEUE_PAGE_SIZE, 2 * QUEUE_PAGE_SIZE).map((e) => e.id));
    const prCreated = await db.prisma.instance.findMany({
      where: { id: { in: order.map((e) => e.id) } },
      select: { id: true, pullRequest: { select: { createdAt: true } } },
    });
    const createdOf = new Map(prCreated.map((r) => [r.id, r.pullRequest.createdAt.getTime()]));
    const times = order.map((e) => createdOf.get(e.id) ?? 0);
    expect(times).toEqual([...times].sort((a, b) => a - b));

    await db.prisma.label.create({ data: { instanceId: order[0].id, annotatorId: ann.id, value: "trustworthy", rationale: "ok" } });
    const after = await loadQueueOrder(db.prisma, ann, "mine");
    expect(after[0].ownLabel).toBe("trustworthy");
    expect(neighboursIn(after, "").nextToDoId).toBe(order[1].id);
  });

  test("the queue's sort keys follow their PR and timeline entry, however either is written (a trigger keeps them)", async () => {
    const before = await loadQueueOrder(db.prisma, lead, "all");
    const first = await db.prisma.instance.findUniqueOrThrow({
      where: { id: before[0].id },
      select: {
        pullRequestId: true,
        prCreatedAt: true,
        entryCreatedAt: true,
        pullRequest: { select: { createdAt: true } },
        targetEntry: { select: { createdAt: true } },
      },
    });
    expect(first.prCreatedAt).toEqual(first.pullRequest.createdAt);
    expect(first.entryCreatedAt).toEqual(first.targetEntry.createdAt);
    // the PR first in the queue turns out to be the newest: its instances move to the end, in entry order
    await db.prisma.pullRequest.update({ where: { id: first.pullRequestId }, data: { createdAt: new Date("2031-01-01T00:00:00Z") } });
    try {
      const after = await loadQueueOrder(db.prisma, lead, "all");
      expect(after).toHaveLength(before.length);
      const ofPr = new Set(
        (await db.prisma.instance.findMany({ where: { pullRequestId: first.pullRequestId, source: "human" }, select: { id: true } })).map(
          (i) => i.id,
        ),
      );
      expect(after.slice(after.length - ofPr.size).every((e) => ofPr.has(e.id))).toBe(true);
      expect(after.slice(after.length - ofPr.size).map((e) => e.id)).toEqual(before.filter((e) => ofPr.has(e.id)).map((e) => e.id));
      // an app write cannot put a sort key out of step with its source
      await db.prisma.instance.update({ where: { id: before[0].id }, data: { prCreatedAt: new Date(0) } });
      expect((await db.prisma.instance.findUniqueOrThrow({ where: { id: before[0].id } })).prCreatedAt).toEqual(
        new Date("2031-01-01T00:00:00Z"),
      );
    } finally {
      await db.prisma.pullRequest.update({ where: { id: first.pullRequestId }, data: { createdAt: first.pullRequest.createdAt } });
    }
    expect((await loadQueueOrder(db.prisma, lead, "all")).map((e) => e.id)).toEqual(before.map((e) => e.id));
  });

  test("a lead's full list covers every human instance and shows label counts", async () => {
    const order = await loadQueueOrder(db.prisma, lead, "all");
    expect(order).toHaveLength(await db.prisma.instance.count({ where: { source: "human" } }));
    const page = await loadQueuePage(db.prisma, lead, "all", order, 1);
    expect(page[0].assigned).toBe(1);
  });

  test("the database's counts, pages and j/k neighbours agree with the whole order, labels and skips included", async () => {
    const mine = await loadQueueOrder(db.prisma, ann, "mine");
    // a label on the 3rd, a skip on the 2nd and the 5th, and a label on a skipped one (the label wins);
    // taken back at the end, so the other tests of this shared world see it as they left it
    const labelled = [mine[2], mine[4]].filter((e) => e.ownLabel === null).map((e) => e.id);
    const skipped = [mine[1], mine[4]].filter((e) => !e.skipped).map((e) => e.id);
    await db.prisma.label.createMany({
      data: labelled.map((instanceId) => ({ instanceId, annotatorId: ann.id, value: "untrustworthy" as const, rationale: "no" })),
    });
    await db.prisma.assignment.updateMany({ where: { annotatorId: ann.id, instanceId: { in: skipped } }, data: { skippedAt: new Date() } });
    try {
      for (const [viewer, scope] of [
        [ann, "mine"],
        [lead, "all"],
      ] as const) {
        const order = await loadQueueOrder(db.prisma, viewer, scope);
        const summary = await loadQueueSummary(db.prisma, viewer, scope);
        const count = (status: string) => order.filter((e) => statusOf(e) === status).length;
        expect(summary.counts).toEqual({ all: order.length, to_do: count("to_do"), done: count("done"), skipped: count("skipped") });
        expect(summary.repositories).toEqual([...new Set(order.map((e) => e.repo))].sort());
        expect(summary.firstToDoId).toBe(neighboursIn(order, "").nextToDoId);
        for (const page of [1, 2, Math.ceil(order.length / QUEUE_PAGE_SIZE)])
          expect(await loadQueuePageIds(db.prisma, viewer, scope, page)).toEqual(
            order.slice((page - 1) * QUEUE_PAGE_SIZE, page * QUEUE_PAGE_SIZE).map((e) => e.id),
          );
        const ids = order.slice(0, 3).map((e) => e.id);
        expect((await loadQueueItems(db.prisma, viewer, scope, ids)).map((i) => i.id)).toEqual(ids);
        for (const at of [0, 1, 2, 3, 4, order.length - 1]) {
          const id = order[at]?.id ?? "";
          expect(await loadQueueNeighbours(db.prisma, viewer, scope, id), `${scope} at ${at}`).toEqual(neighboursIn(order, id));
        }
        expect(await loadQueueNeighbours(db.prisma, viewer, scope, "not-in-the-queue")).toEqual(neighboursIn(order, "not-in-the-queue"));
      }
      expect(mine.length).toBeGreaterThan(5);
    } finally {
      await db.prisma.label.deleteMany({ where: { annotatorId: ann.id, instanceId: { in: labelled } } });
      await db.prisma.assignment.updateMany({ where: { annotatorId: ann.id, instanceId: { in: skipped } }, data: { skippedAt: null } });
    }
  });
});
