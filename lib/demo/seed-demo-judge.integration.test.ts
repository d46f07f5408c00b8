import { afterEach, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { openTestDatabase, TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { EvalReportSchema } from "@/lib/evaluate/eval-report-schema";
import { loadGold } from "@/lib/evaluate/load-gold";
import { AgentStepsSchema } from "@/lib/judge/run-agent";
import { DEMO_JUDGE_RUN, seedDemoJudgeRun } from "./seed-demo-judge";
import { openSeededTestDatabase } from "./testing/seeded-test-database";

describe.each(TEST_DATABASE_KINDS)("seedDemoJudgeRun on %s", (kind) => {
  let db: Database | undefined;
  afterEach(async () => db?.close());

  test("does nothing while there is no export", async () => {
    db = await openTestDatabase(kind);
    expect(await seedDemoJudgeRun(db.prisma)).toBeNull();
    expect(await db.prisma.judgeRun.count()).toBe(0);
  });

  test("the demo holds a finished run: every task judged by the replayed agent, scored as the evaluation scores it", async () => {
    db = await openSeededTestDatabase(kind);
    const run = await db.prisma.judgeRun.findFirstOrThrow({
      where: { name: DEMO_JUDGE_RUN.name },
      include: { tasks: { orderBy: { position: "asc" } } },
    });
    const gold = await loadGold(db.prisma, run.exportId, run.split);
    expect(run.tasks).toHaveLength(gold.length);
    expect(run.tasks.length).toBeGreaterThan(1);
    expect(run).toMatchObject({ name: DEMO_JUDGE_RUN.name, split: "test", status: "succeeded", error: null, apiKey: null });
    expect(run.startedAt).not.toBeNull();
    expect(run.finishedAt).not.toBeNull();
    // "trustworthy" on every task but the last, whose answer is malformed
    const last = run.tasks.at(-1);
    expect(last).toMatchObject({ status: "done", outcome: "invalid_submission", prediction: null });
    for (const t of run.tasks.slice(0, -1))
      expect(t).toMatchObject({ status: "done", outcome: "submitted", prediction: true, workerId: null });
    for (const t of run.tasks) expect(AgentStepsSchema.parse(t.steps)).toHaveLength(3);

    // both scores are evaluation runs: right where the gold label is trustworthy, invalid on the last task
    const trustworthy = new Map(gold.map((g) => [g.evalId, g.trustworthy]));
    const expected = run.tasks.map((t) => (t === last ? "invalid" : trustworthy.get(t.evalId) ? "correct" : "wrong"));
    const prisma = db.prisma;
    const submitted = EvalReportSchema.parse((await prisma.evalRun.findUniqueOrThrow({ where: { id: run.evalRunId ?? "" } })).report);
    const outcomeOf = new Map(submitted.metrics.items.map((i) => [i.evalId, i.outcome]));
    expect(run.tasks.map((t) => outcomeOf.get(t.evalId))).toEqual(expected);
    expect(submitted.metrics.accuracy).toBeCloseTo(expected.filter((o) => o === "correct").length / gold.length);
    const credited = await prisma.evalRun.findUniqueOrThrow({ where: { id: run.creditedEvalRunId ?? "" } });
    expect(credited.name).toBe(`${DEMO_JUDGE_RUN.name} + repair credit`);
  });
});
