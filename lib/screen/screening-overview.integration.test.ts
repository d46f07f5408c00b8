import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { openTestDatabase, TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { seedSyntheticCorpus } from "@/lib/demo/seed-synthetic-corpus";
import { loadRuleConfig } from "./rule-config-store";
import { runRuleScreening } from "./run-rule-screening";
import { screeningOverview } from "./screening-overview";
import { LLM_COMMENT_FILTER } from "./screening-filters";

describe.each(TEST_DATABASE_KINDS)("screening overview on %s", (kind) => {
  let db: Database;
  beforeEach(async () => {
    db = await openTestDatabase(kind);
    await seedSyntheticCorpus(db.prisma, { comments: 150, seed: 11 });
    await runRuleScreening(db.prisma, (await loadRuleConfig(db.prisma)).config);
  });
  afterEach(async () => db?.close());

  const llmStep = (o: Awaited<ReturnType<typeof screeningOverview>>) => {
    const step = o.funnel.instances.find((s) => s.filterKey === LLM_COMMENT_FILTER);
    if (!step) throw new Error("no LLM comment step");
    return step;
  };

  test("is counted once and kept until a decision, from any writer, changes what it counts", async () => {
    const first = await screeningOverview(db.prisma, { llmConfigured: false });
    expect(first.queues.comment).toBeGreaterThan(0);
    expect(llmStep(first).awaiting).toBe(first.queues.comment);
    const again = await screeningOverview(db.prisma, { llmConfigured: false });
    expect(again.countedAt).toEqual(first.countedAt);

    // a decision written straight to the table (no screening code involved) still counts
    const waiting = await db.prisma.instance.findFirstOrThrow({
      where: { source: "human", stage: "screened", filterDecisions: { none: { filterKey: LLM_COMMENT_FILTER } } },
      select: { id: true },
    });
    const run = await db.prisma.filterRun.create({ data: { filterKey: LLM_COMMENT_FILTER, version: "test", config: {} } });
    await db.prisma.filterDecision.create({
      data: {
        runId: run.id,
        subject: "instance",
        instanceId: waiting.id,
        filterKey: LLM_COMMENT_FILTER,
        verdict: "drop",
        rationale: "test",
      },
    });
    // while a screening run writes, a count younger than 30 s is shown, marked stale
    const during = await screeningOverview(db.prisma, { screeningRunning: true, llmConfigured: false });
    expect(during.stale).toBe(true);
    expect(during.countedAt).toEqual(first.countedAt);
    const after = await screeningOverview(db.prisma, { llmConfigured: false });
    expect(after.stale).toBe(false);
    expect(llmStep(after).awaiting).toBe(llmStep(first).awaiting - 1);
    expect(llmStep(after).dropped).toBe(llmStep(first).dropped + 1);
  });
});
