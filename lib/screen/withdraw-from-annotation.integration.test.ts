import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { openSeededTestDatabase } from "@/lib/demo/testing/seeded-test-database";
import { loadQueue } from "@/lib/annotate/annotation-queue";
import { submitLabel } from "@/lib/annotate/submit-label";
import { demoUsers } from "@/lib/annotate/testing/annotation-fixture";
import type { SessionUser } from "@/lib/auth/roles";
import { loadFunnel } from "@/lib/export/load-card-context";
import { pipelineCounts } from "@/lib/overview/pipeline-counts";
import { screeningFunnel } from "./funnel";
import { manualQueue, recordManualDecision } from "./manual-screening";
import { counted, plural } from "@/lib/text/plural";
import { CONFIRM_WITHDRAW_CONTROL } from "./withdraw-confirmation";

describe.each(TEST_DATABASE_KINDS)("screening a comment that is in annotation, on %s", (kind) => {
  let db: Database;
  let users: Record<string, SessionUser>;
  beforeAll(async () => {
    db = await openSeededTestDatabase(kind);
    users = await demoUsers(db.prisma);
  });
  afterAll(async () => db?.close());

  const allComments = async () => (await manualQueue(db.prisma, "comment", { take: 100, inAnnotation: "include" })).items;

  test("the queue leaves comments in annotation out unless asked, and counts them", async () => {
    const shown = await manualQueue(db.prisma, "comment", { take: 100 });
    const all = await manualQueue(db.prisma, "comment", { take: 100, inAnnotation: "include" });
    expect(all.inAnnotation).toBeGreaterThan(0);
    expect(shown.items.some((i) => i.inAnnotation)).toBe(false);
    expect(shown).toMatchObject({ total: all.total, inAnnotation: all.inAnnotation, listed: all.total - all.inAnnotation });
    expect(all.items.filter((i) => i.inAnnotation)).toHaveLength(all.inAnnotation);
    expect(all.items.filter((i) => !i.inAnnotation).map((i) => i.id)).toEqual(shown.items.map((i) => i.id));
  });

  test("dropping asks first, then withdraws the open assignments and keeps the label as history", async () => {
    const item = (await allComments()).find((i) => i.inAnnotation && i.inAnnotation.labelled.length === 0);
    if (!item?.inAnnotation) throw new Error("the demo has an unlabelled comment in annotation that waits for manual screening");
    const [first, second] = item.inAnnotation.open;
    await submitLabel(db.prisma, {
      instanceId: item.id,
      annotatorId: users[first].id,
      value: "trustworthy",
      rationale: "Checked the hunk.",
    });
    const drop = { level: "comment", itemId: item.id, verdict: "drop", rationale: "Only a style preference." } as const;

    const asked = recordManualDecision(db.prisma, drop, users.admin);
    await expect(asked).rejects.toMatchObject({ code: "confirmation_required", details: { open: [second], labelled: [first] } });
    await expect(asked).rejects.toThrow(`withdraws 1 open assignment (${second}); labels kept in its history: ${first}`);
    const untouched = await db.prisma.instance.findUniqueOrThrow({
      where: { id: item.id },
      include: { assignments: true, filterDecisions: true },
    });
    expect([untouched.stage, untouched.assignments.length]).toEqual(["annotating", 2]);
    expect(untouched.filterDecisions.some((d) => d.filterKey === "llm:comment")).toBe(false);

    await recordManualDecision(db.prisma, { ...drop, withdraw: "confirm" }, users.admin);
    const after = await db.prisma.instance.findUniqueOrThrow({
      where: { id: item.id },
      include: { assignments: { include: { annotator: true } }, labels: { include: { annotator: true } } },
    });
    expect(after.stage).toBe("filtered_out");
    expect(after.assignments.map((a) => a.annotator.login)).toEqual([first]);
    expect(after.labels.map((l) => [l.annotator.login, l.value])).toEqual([[first, "trustworthy"]]);
    const audit = await db.prisma.auditEvent.findFirstOrThrow({ where: { subjectId: item.id, action: "instance.withdraw" } });
    expect(audit).toMatchObject({ actorId: users.admin.id, details: { withdrawn: [second], labelsKept: [first] } });
    // it leaves both annotators' queues and the manual queue
    for (const login of [first, second]) expect((await loadQueue(db.prisma, users[login], "mine")).map((q) => q.id)).not.toContain(item.id);
    expect((await allComments()).map((i) => i.id)).not.toContain(item.id);
    await expect(
      submitLabel(db.prisma, { instanceId: item.id, annotatorId: users[second].id, value: "trustworthy", rationale: "Too late." }),
    ).rejects.toMatchObject({ code: "not_assigned" });
  });

  test("a comment whose annotation is complete is not in the manual queue, and dropping it is refused with the reason", async () => {
    const decided = await db.prisma.instance.findMany({ where: { source: "human", stage: { in: ["labelled", "adjudicating"] } } });
    expect(decided.length).toBeGreaterThan(0);
    const listed = new Set((await allComments()).map((i) => i.id));
    expect(decided.filter((i) => listed.has(i.id))).toEqual([]);
    const pr = await db.prisma.pullRequest.findFirstOrThrow({ where: { id: decided[0].pullRequestId } });
    await expect(
      recordManualDecision(
        db.prisma,
        { level: "pr", itemId: pr.id, verdict: "drop", rationale: "No technical substance.", withdraw: "confirm" },
        users.admin,
      ),
    ).rejects.toThrow(/completed annotation: screening can no longer drop the pull request|not waiting for content screening/);
    expect((await db.prisma.instance.findUniqueOrThrow({ where: { id: decided[0].id } })).stage).toBe(decided[0].stage);
  });

  test("a PR whose comments are in annotation says so in the queue, asks with the control it names, then withdraws them", async () => {
    const prs = (await manualQueue(db.prisma, "pr", { take: 100 })).items;
    const pr = prs.find((p) => p.inAnnotation?.confirmable);
    if (!pr?.inAnnotation) throw new Error("the demo has a PR waiting for manual screening whose comments are in annotation");
    const inAnnotation = await db.prisma.instance.findMany({ where: { pullRequestId: pr.id, source: "human", stage: "annotating" } });
    expect(inAnnotation.length).toBeGreaterThan(0);
    expect(pr.inAnnotation.warning).toContain(
      `${counted(inAnnotation.length, "comment")} of this pull request ${plural(inAnnotation.length, "is", "are")} in annotation`,
    );
    expect(pr.inAnnotation.open.length).toBeGreaterThan(0);
    for (const login of pr.inAnnotation.open) expect(pr.inAnnotation.warning).toContain(login);

    const drop = { level: "pr", itemId: pr.id, verdict: "drop", rationale: "No technical substance in the description." } as const;
    const asked = recordManualDecision(db.prisma, drop, users.admin);
    await expect(asked).rejects.toMatchObject({ code: "confirmation_required" });
    // the refusal names the control the form shows for this PR
    await expect(asked).rejects.toThrow(`tick “${CONFIRM_WITHDRAW_CONTROL}”`);
    expect((await db.prisma.instance.findMany({ where: { id: { in: inAnnotation.map((i) => i.id) } } })).map((i) => i.stage)).toEqual(
      inAnnotation.map(() => "annotating"),
    );

    await recordManualDecision(db.prisma, { ...drop, withdraw: "confirm" }, users.admin);
    const after = await db.prisma.instance.findMany({ where: { id: { in: inAnnotation.map((i) => i.id) } } });
    expect(after.map((i) => i.stage)).toEqual(inAnnotation.map(() => "filtered_out"));
    expect(await db.prisma.assignment.count({ where: { instanceId: { in: after.map((i) => i.id) }, completedAt: null } })).toBe(0);
    expect((await manualQueue(db.prisma, "pr", { take: 100 })).items.map((p) => p.id)).not.toContain(pr.id);
  });

  test("overview, screening funnel and dataset card agree with a recount from the database", async () => {
    // a drop in annotation first, so the counts are checked after the case that broke them
    const item = (await allComments()).find((i) => i.inAnnotation);
    if (!item) throw new Error("the demo has a comment in annotation that waits for manual screening");
    await recordManualDecision(
      db.prisma,
      { level: "comment", itemId: item.id, verdict: "drop", rationale: "Vague without the thread.", withdraw: "confirm" },
      users.admin,
    );
    const recount = async (sql: string) => Number((await db.prisma.$queryRawUnsafe<{ n: number }[]>(sql))[0].n);
    const dropped = `(i."id" IN (SELECT "instanceId" FROM "FilterDecision" WHERE "subject" = 'instance' AND "verdict" = 'drop')
      OR i."pullRequestId" IN (SELECT "pullRequestId" FROM "FilterDecision" WHERE "subject" = 'pull_request' AND "verdict" = 'drop'))`;
    const passed = await recount(
      `SELECT count(*)::int AS n FROM "Instance" i WHERE i."source" = 'human'
       AND i."stage" IN ('screened', 'annotating', 'adjudicating', 'labelled', 'unsuitable')`,
    );
    const droppedCount = await recount(`SELECT count(*)::int AS n FROM "Instance" i WHERE i."source" = 'human' AND ${dropped}`);
    // nothing dropped by screening is still in annotation, and nothing in annotation was dropped
    expect(
      await recount(
        `SELECT count(*)::int AS n FROM "Instance" i WHERE i."source" = 'human' AND i."stage" <> 'filtered_out' AND ${dropped}`,
      ),
    ).toBe(0);

    const overview = await pipelineCounts(db.prisma);
    const { byStage } = overview.instances;
    expect(byStage.screened + byStage.annotating + byStage.adjudicating + byStage.labelled + byStage.unsuitable).toBe(passed);
    expect(byStage.filtered_out).toBe(droppedCount);

    const funnel = await screeningFunnel(db.prisma);
    const steps = funnel.instances.filter((s) => s.kind !== "total");
    expect(steps.reduce((n, s) => n + s.dropped, 0)).toBe(droppedCount);
    expect(funnel.instances[0].reached).toBe(overview.instances.total);
    // the manual queue's count is the funnel's "awaiting" for the content screen
    expect(funnel.instances.find((s) => s.id === "instance:llm:comment")?.awaiting).toBe((await manualQueue(db.prisma, "comment")).total);

    const card = await loadFunnel(db.prisma, 0);
    const cardCount = (label: string) => card.find((s) => s.label === label)?.count;
    expect(cardCount("Passed screening")).toBe(passed);
    expect(cardCount("Review-comment instances")).toBe(overview.instances.total);
    expect((cardCount("Dropped by rule filters") ?? 0) + (cardCount("Dropped by LLM screening") ?? 0) + funnel.instances[1].dropped).toBe(
      droppedCount,
    );
  });
});
