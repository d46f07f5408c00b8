import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { openTestDatabase, TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { createLlmClient } from "@/lib/llm/client";
import { createDbLlmCache } from "@/lib/llm/db-cache";
import { startFakeOpenAiServer } from "@/lib/llm/testing/fake-openai-server";
import { auditSampleSize, wilsonInterval } from "./audit-sample";
import { auditItemView, auditSampleSummaries } from "./audit-sample-view";
import { createAuditSample } from "./create-audit-sample";
import { adjudicateAuditItem, submitAuditReview } from "./review-audit-item";
import { DEFAULT_RULE_CONFIG } from "./rule-config";
import { runLlmScreening } from "./run-llm-screening";
import { runRuleScreening } from "./run-rule-screening";
import { seedSyntheticCorpus } from "@/lib/demo/seed-synthetic-corpus";
import { scriptedScreenAnswer } from "./testing/scripted-screen-answers";

describe.each(TEST_DATABASE_KINDS)("LLM decision audit on %s", (kind) => {
  let db: Database;
  const user: Record<"alice" | "bob" | "carol", string> = { alice: "", bob: "", carol: "" };

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    for (const login of ["alice", "bob", "carol"] as const) {
      user[login] = (await db.prisma.user.create({ data: { login, name: login, passwordHash: "x", roles: ["annotator"] } })).id;
    }
    await seedSyntheticCorpus(db.prisma, { comments: 300, seed: 11 });
    await runRuleScreening(db.prisma, DEFAULT_RULE_CONFIG);
    const server = await startFakeOpenAiServer({ respond: scriptedScreenAnswer });
    try {
      const client = createLlmClient({ baseUrl: server.url, model: "fake-judge" });
      await runLlmScreening(db.prisma, { client, cache: createDbLlmCache(db.prisma) }, { level: "comment" });
    } finally {
      await server.close();
    }
  });
  afterAll(async () => db?.close());

  test("a sample is sized with finite-population correction, seeded and reproducible", async () => {
    const population = await db.prisma.filterDecision.count({ where: { filterKey: "llm:comment", model: { not: null } } });
    expect(population).toBeGreaterThan(150);
    const a = await createAuditSample(db.prisma, { filterKey: "llm:comment", seed: 42 }, null);
    const b = await createAuditSample(db.prisma, { filterKey: "llm:comment", seed: 42 }, null);
    const c = await createAuditSample(db.prisma, { filterKey: "llm:comment", seed: 43, confidence: 0.9, margin: 0.1 }, null);
    expect(a).toMatchObject({ population, size: auditSampleSize({ population }) });
    expect(a.size).toBeLessThan(population);
    expect(c.size).toBe(auditSampleSize({ population, confidence: 0.9, margin: 0.1 }));
    const ids = async (sampleId: string) =>
      (await db.prisma.auditItem.findMany({ where: { sampleId }, select: { decisionId: true } })).map((i) => i.decisionId).sort();
    expect(await ids(b.sampleId)).toEqual(await ids(a.sampleId));
    expect(await ids(c.sampleId)).not.toEqual((await ids(a.sampleId)).slice(0, c.size));
    expect(new Set(await ids(a.sampleId)).size).toBe(a.size);
    const stored = await db.prisma.auditSample.findUniqueOrThrow({ where: { id: a.sampleId } });
    expect(stored).toMatchObject({ filterKey: "llm:comment", subject: "instance", seed: 42, confidence: 0.95, margin: 0.05 });

    await expect(createAuditSample(db.prisma, { filterKey: "llm:pr", seed: 1 }, null)).rejects.toMatchObject({ code: "conflict" });
  });

  test("two independent reviews, a third expert for disagreements, agreement and error rate with an interval", async () => {
    const { sampleId } = await createAuditSample(db.prisma, { filterKey: "llm:comment", seed: 7 }, null);
    const [first, second, third] = await db.prisma.auditItem.findMany({ where: { sampleId }, orderBy: { id: "asc" }, take: 3 });

    expect(await submitAuditReview(db.prisma, { itemId: first.id, llmCorrect: "yes", note: "Clearly technical." }, user.alice)).toBe(
      "awaiting_reviews",
    );
    // bob cannot see alice's review before giving his own
    const bobBefore = await auditItemView(db.prisma, first.id, { id: user.bob, mayAdjudicate: false });
    expect(bobBefore).toMatchObject({ otherReviews: null, canReview: true });
    expect(bobBefore?.decision?.rationale).toMatch(/\S/);
    expect(await submitAuditReview(db.prisma, { itemId: first.id, llmCorrect: "yes" }, user.bob)).toBe("agreed");
    const bobAfter = await auditItemView(db.prisma, first.id, { id: user.bob, mayAdjudicate: false });
    expect(bobAfter?.otherReviews).toEqual([{ reviewer: "alice", llmCorrect: true, note: "Clearly technical." }]);

    await expect(submitAuditReview(db.prisma, { itemId: first.id, llmCorrect: "no" }, user.carol)).rejects.toThrow(
      /two independent reviews/,
    );
    await expect(submitAuditReview(db.prisma, { itemId: second.id, llmCorrect: "yes" }, user.alice)).resolves.toBe("awaiting_reviews");
    await expect(submitAuditReview(db.prisma, { itemId: second.id, llmCorrect: "yes" }, user.alice)).rejects.toMatchObject({
      code: "conflict",
    });
    expect(await submitAuditReview(db.prisma, { itemId: second.id, llmCorrect: "no", note: "This is a vague remark." }, user.bob)).toBe(
      "needs_adjudication",
    );
    await expect(adjudicateAuditItem(db.prisma, { itemId: second.id, llmCorrect: "yes" }, user.alice)).rejects.toThrow(/third expert/);
    await expect(adjudicateAuditItem(db.prisma, { itemId: third.id, llmCorrect: "yes" }, user.carol)).rejects.toThrow(
      /Both independent reviews/,
    );
    const carolView = await auditItemView(db.prisma, second.id, { id: user.carol, mayAdjudicate: true });
    expect(carolView).toMatchObject({ canAdjudicate: true, canReview: false });
    expect(carolView?.otherReviews).toHaveLength(2);
    expect(await adjudicateAuditItem(db.prisma, { itemId: second.id, llmCorrect: "no" }, user.carol)).toBe("adjudicated");

    const [summary] = await auditSampleSummaries(db.prisma, [sampleId]);
    expect(summary.status).toMatchObject({ agreed: 1, adjudicated: 1, needs_adjudication: 0, awaiting_reviews: summary.size - 2 });
    expect(summary.agreement).toMatchObject({ reviewed: 2, agreed: 1, rawAgreement: 0.5, disagreements: [second.id] });
    expect(summary.errorRate).toMatchObject({ reviewed: 2, errors: 1, rate: 0.5 });
    expect(summary.errorRate.interval).toEqual(wilsonInterval(1, 2, 0.95));
  });
});
