import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { openTestDatabase, TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { listEvalRuns } from "@/lib/evaluate/list-eval-runs";
import { loadSampleEvaluation } from "./load-sample-evaluation";
import { DEMO_JUDGES, seedDemoEvaluation } from "./seed-demo-evaluation";

describe.each(TEST_DATABASE_KINDS)("seedDemoEvaluation on %s", (kind) => {
  let db: Database;
  // a fresh, empty database per test
  beforeEach(async () => {
    db = await openTestDatabase(kind);
  });
  afterEach(async () => db?.close());

  test("does nothing while there is no export", async () => {
    expect(await seedDemoEvaluation(db.prisma)).toBeNull();
    expect(await db.prisma.evalRun.count()).toBe(0);
  });

  test("scores two simulated judges on the latest export's test split, the same way every time", async () => {
    const { exportId } = await loadSampleEvaluation(db.prisma);
    expect(await seedDemoEvaluation(db.prisma)).toEqual({ exportId, split: "test", runs: 2 });
    const { runs } = await listEvalRuns(db.prisma, exportId, "test");
    expect(runs.map((run) => run.name)).toEqual(DEMO_JUDGES.map((judge) => judge.name));
    expect(runs.every((run) => run.name.includes("simulated"))).toBe(true);
    const [lenient, careful] = runs.map((run) => run.report.metrics);
    expect(lenient.n).toBe(12);
    expect(lenient.trueRate!).toBeGreaterThan(careful.trueRate!);
    // seeding again from scratch gives the same numbers
    await db.prisma.evalRun.deleteMany();
    await seedDemoEvaluation(db.prisma);
    const again = (await listEvalRuns(db.prisma, exportId, "test")).runs;
    expect(again.map((run) => run.report)).toEqual(runs.map((run) => run.report));
  });
});
