import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { openTestDatabase, TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { createAuditSample } from "./create-audit-sample";
import { openAuditWork } from "./open-audit-work";
import { adjudicateAuditItem, submitAuditReview } from "./review-audit-item";
import { seedScreeningFixture } from "./testing/screening-fixture";

describe.each(TEST_DATABASE_KINDS)("an expert's open audit work on %s", (kind) => {
  let db: Database;
  const user = { alice: "", bob: "", carol: "" };
  const annotator = (login: keyof typeof user) => ({ id: user[login], mayAdjudicate: false });
  const adjudicator = (login: keyof typeof user) => ({ id: user[login], mayAdjudicate: true });

  beforeEach(async () => {
    db = await openTestDatabase(kind);
    for (const login of ["alice", "bob", "carol"] as const) {
      const roles = login === "carol" ? (["adjudicator", "annotator"] as const) : (["annotator"] as const);
      user[login] = (await db.prisma.user.create({ data: { login, name: login, passwordHash: "x", roles: [...roles] } })).id;
    }
    // the LLM PR audit's decisions on the fixture's two PRs, as a run stores them
    const { fullPrId, thinPrId } = await seedScreeningFixture(db.prisma);
    const run = await db.prisma.filterRun.create({ data: { filterKey: "llm:pr", version: "pr-screen.v1", config: {} } });
    for (const [pullRequestId, verdict] of [
      [fullPrId, "keep"],
      [thinPrId, "drop"],
    ] as const) {
      await db.prisma.filterDecision.create({
        data: {
          runId: run.id,
          subject: "pull_request",
          pullRequestId,
          filterKey: "llm:pr",
          verdict,
          rationale: "[substantive] x",
          model: "m",
          promptVersion: "pr-screen.v1",
        },
      });
    }
  });
  afterEach(async () => db?.close());

  const review = (itemId: string, login: keyof typeof user, yes: boolean) =>
    submitAuditReview(db.prisma, { itemId, llmCorrect: yes ? "yes" : "no" }, user[login]);

  test("counts what each expert may still review or settle, until the sample is done", async () => {
    expect(await openAuditWork(db.prisma, annotator("alice"))).toEqual([]);
    const { sampleId, size } = await createAuditSample(db.prisma, { filterKey: "llm:pr", seed: 1 }, null);
    expect(size).toBe(2);
    const [first, second] = await db.prisma.auditItem.findMany({ where: { sampleId }, orderBy: { id: "asc" } });
    expect(await openAuditWork(db.prisma, annotator("alice"))).toEqual([{ sampleId, filterKey: "llm:pr", toReview: 2, toAdjudicate: 0 }]);

    // alice and bob disagree on the first decision: it waits for a third expert, whom alice cannot be
    await review(first.id, "alice", true);
    await review(first.id, "bob", false);
    expect(await openAuditWork(db.prisma, annotator("alice"))).toEqual([{ sampleId, filterKey: "llm:pr", toReview: 1, toAdjudicate: 0 }]);
    expect(await openAuditWork(db.prisma, adjudicator("carol"))).toEqual([{ sampleId, filterKey: "llm:pr", toReview: 1, toAdjudicate: 1 }]);
    // a viewer who may not adjudicate is not offered the disagreement
    expect(await openAuditWork(db.prisma, annotator("carol"))).toEqual([{ sampleId, filterKey: "llm:pr", toReview: 1, toAdjudicate: 0 }]);

    // the second decision gets its two reviews (carol's one of them): nothing is left for alice; carol settles the first
    await review(second.id, "bob", true);
    await review(second.id, "carol", true);
    expect(await openAuditWork(db.prisma, annotator("alice"))).toEqual([]);
    expect(await openAuditWork(db.prisma, adjudicator("carol"))).toEqual([{ sampleId, filterKey: "llm:pr", toReview: 0, toAdjudicate: 1 }]);
    await adjudicateAuditItem(db.prisma, { itemId: first.id, llmCorrect: "yes" }, user.carol);
    expect(await openAuditWork(db.prisma, adjudicator("carol"))).toEqual([]);
  });

  test("leaves out a decision a later run replaced, and lists the newest sample first", async () => {
    const older = await createAuditSample(db.prisma, { filterKey: "llm:pr", seed: 1 }, null);
    const newer = await createAuditSample(db.prisma, { filterKey: "llm:pr", seed: 2 }, null);
    const [replaced] = await db.prisma.auditItem.findMany({ where: { sampleId: newer.sampleId }, orderBy: { id: "asc" } });
    await db.prisma.filterDecision.delete({ where: { id: replaced.decisionId } });
    expect(await openAuditWork(db.prisma, annotator("bob"))).toEqual([
      { sampleId: newer.sampleId, filterKey: "llm:pr", toReview: 1, toAdjudicate: 0 },
      { sampleId: older.sampleId, filterKey: "llm:pr", toReview: 1, toAdjudicate: 0 },
    ]);
  });
});
