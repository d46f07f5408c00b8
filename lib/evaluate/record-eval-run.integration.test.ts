import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { openTestDatabase, TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { compareRuns } from "./compare-runs";
import { deleteEvalRun } from "./delete-eval-run";
import { buildSmallExport, SMALL_EXPORT_IDS as IDS, type SmallExport } from "./fixtures/small-export";
import { listEvalRuns } from "./list-eval-runs";
import { listEvaluableExports } from "./list-evaluable-exports";
import { recordEvalRun } from "./record-eval-run";

const row = (evalId: string, prediction: unknown) => JSON.stringify({ eval_id: evalId, prediction });

// Hand-computed over the fixture's 6 test items (3 trustworthy, 3 untrustworthy):
//   posthogTrue T→true TP · posthogHumanFalse F→true FP · posthogNegation F→false TN
//   pandasTrue T→true TP · pandasTrueUnanswered T→(missing) · pandasLocation F→true FP
const WITH_MISSING = [
  row(IDS.posthogTrue, true),
  row(IDS.posthogHumanFalse, true),
  row(IDS.posthogNegation, false),
  row(IDS.pandasTrue, true),
  row(IDS.pandasLocation, true),
  row("eval_from_another_export", false),
].join("\n");

const STEP_LIMIT_TRAJECTORY = JSON.stringify({
  info: { exit_status: "LimitsExceeded", submission: "" },
  messages: [
    { role: "system", content: "You evaluate one code review comment by inspecting code." },
    { role: "assistant", content: "Let me look at the patch first." },
  ],
});

const BROKEN_FILES = [
  { name: "predictions.jsonl", text: ["{not json", row(IDS.posthogTrue, "yes")].join("\n") },
  { name: `${IDS.posthogHumanFalse}.traj.json`, text: STEP_LIMIT_TRAJECTORY },
];

// Every test gets its own database with the fixture export and records the runs it looks at.
describe.each(TEST_DATABASE_KINDS)("recordEvalRun on %s", (kind) => {
  let db: Database;
  let fixture: SmallExport;
  beforeEach(async () => {
    db = await openTestDatabase(kind);
    fixture = await buildSmallExport(db.prisma);
  });
  afterEach(async () => db?.close());

  test("scores a run with a missing prediction and an unknown id to hand-computed values, and stores it", async () => {
    const run = await recordEvalRun(db.prisma, {
      exportId: fixture.exportId,
      split: "test",
      name: "  judge with gaps  ",
      files: [{ name: "predictions.jsonl", text: WITH_MISSING }],
    });
    const m = run.report.metrics;
    expect(run.name).toBe("judge with gaps");
    expect(m.confusion).toEqual({ tp: 2, fp: 2, tn: 1, fn: 0, unansweredPositive: 1, unansweredNegative: 0 });
    expect(m.accuracy).toBe(3 / 6);
    expect(m.accuracyOverValid).toBe(3 / 5);
    expect(m.positive).toEqual({ precision: 2 / 4, recall: 2 / 3, f1: 4 / 7, support: 3, predicted: 4 });
    expect(m.negative).toEqual({ precision: 1, recall: 1 / 3, f1: 2 / 4, support: 3, predicted: 1 });
    expect(m.macroF1).toBeCloseTo((4 / 7 + 1 / 2) / 2, 12);
    expect(m.trueRate).toBe(4 / 5);
    expect(m.goldTrueRate).toBe(3 / 6);
    expect(m.byRepository).toEqual([
      { key: "PostHog/posthog", n: 3, correct: 2, wrong: 1, invalid: 0, missing: 0, accuracy: 2 / 3, accuracyOverValid: 2 / 3 },
      { key: "pandas-dev/pandas", n: 3, correct: 1, wrong: 1, invalid: 0, missing: 1, accuracy: 1 / 3, accuracyOverValid: 1 / 2 },
    ]);
    expect(m.bySource.map(({ key, n, correct, accuracy }) => ({ key, n, correct, accuracy }))).toEqual([
      { key: "human", n: 4, correct: 2, accuracy: 0.5 },
      { key: "location", n: 1, correct: 0, accuracy: 0 },
      { key: "negation", n: 1, correct: 1, accuracy: 1 },
    ]);
    expect(m.missing).toEqual({ count: 1, evalIds: [IDS.pandasTrueUnanswered] });
    expect(m.unknown).toEqual({ count: 1, evalIds: ["eval_from_another_export"] });
    expect(run.report.input).toEqual({
      files: [{ name: "predictions.jsonl", bytes: WITH_MISSING.length }],
      records: 6,
      invalid: [],
      invalidNotListed: 0,
    });
    // the interval brackets the estimate and comes from the default seeded bootstrap
    const ci = run.report.intervals;
    expect(ci).toMatchObject({ seed: 42, resamples: 1000, level: 0.95 });
    expect(ci.accuracy!.estimate).toBe(0.5);
    expect(ci.accuracy!.lower).toBeLessThanOrEqual(0.5);
    expect(ci.accuracy!.upper).toBeGreaterThanOrEqual(0.5);

    const stored = await db.prisma.evalRun.findUniqueOrThrow({ where: { id: run.id } });
    expect(stored).toMatchObject({ name: "judge with gaps", exportId: fixture.exportId, split: "test" });
    expect(stored.report).toEqual(JSON.parse(JSON.stringify(run.report)));
    const audit = await db.prisma.auditEvent.findFirstOrThrow({ where: { subjectId: run.id } });
    expect(audit.action).toBe("evaluate.run_recorded");
  });

  test("counts all-invalid input item by item and scores it 0, never dropping a record", async () => {
    const run = await recordEvalRun(db.prisma, {
      exportId: fixture.exportId,
      split: "test",
      name: "broken judge",
      files: BROKEN_FILES,
    });
    const m = run.report.metrics;
    expect(m.accuracy).toBe(0);
    expect(m.accuracyOverValid).toBeNull();
    expect(m.answered).toBe(0);
    expect(m.positive).toEqual({ precision: null, recall: 0, f1: 0, support: 3, predicted: 0 });
    expect(m.negative).toEqual({ precision: null, recall: 0, f1: 0, support: 3, predicted: 0 });
    expect(m.macroF1).toBe(0);
    expect(m.trueRate).toBeNull();
    expect(m.invalid).toEqual({ records: 3, duplicates: 0, unattributed: 1, goldItems: 2 });
    expect(m.missing.count).toBe(4);
    expect(run.report.input.records).toBe(3);
    expect(run.report.input.invalid.map((record) => [record.file, record.line, record.evalId])).toEqual([
      ["predictions.jsonl", 1, null],
      ["predictions.jsonl", 2, IDS.posthogTrue],
      [`${IDS.posthogHumanFalse}.traj.json`, null, IDS.posthogHumanFalse],
    ]);
    expect(run.report.input.invalid[2].reason).toBe("run ended with LimitsExceeded before submitting a prediction");
    expect(run.report.intervals.accuracy).toMatchObject({ estimate: 0, lower: 0, upper: 0 });
  });

  test("gives the same bootstrap intervals for the same predictions, and lists runs for comparison", async () => {
    const files = [{ name: "predictions.jsonl", text: WITH_MISSING }];
    await recordEvalRun(db.prisma, { exportId: fixture.exportId, split: "test", name: "judge with gaps", files });
    await recordEvalRun(db.prisma, { exportId: fixture.exportId, split: "test", name: "broken judge", files: BROKEN_FILES });
    const again = await recordEvalRun(db.prisma, {
      exportId: fixture.exportId,
      split: "test",
      name: "judge with gaps, re-run",
      files: [{ name: "predictions.jsonl", text: WITH_MISSING }],
    });
    const { runs, unreadable } = await listEvalRuns(db.prisma, fixture.exportId, "test");
    expect(unreadable).toEqual([]);
    expect(runs.map((run) => run.name)).toEqual(["judge with gaps", "broken judge", "judge with gaps, re-run"]);
    expect(again.report.intervals).toEqual(runs[0].report.intervals);
    const table = compareRuns(runs.map((run) => ({ name: run.name, report: run.report.metrics })));
    expect(table.map((r) => [r.name, r.accuracy, r.unanswered])).toEqual([
      ["judge with gaps", 0.5, 1],
      ["judge with gaps, re-run", 0.5, 1],
      ["broken judge", 0, 6],
    ]);
    const [listed] = await listEvaluableExports(db.prisma);
    expect(listed).toMatchObject({
      id: fixture.exportId,
      sample: false,
      items: { train: 0, validation: 1, test: 6 },
      runs: { train: 0, validation: 0, test: 3 },
    });
    expect(listed.label).toMatch(/^Fixture export · \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
  });

  test("keeps splits apart: a validation run scores only the validation item", async () => {
    const run = await recordEvalRun(db.prisma, {
      exportId: fixture.exportId,
      split: "validation",
      name: "judge with gaps",
      files: [{ name: "predictions.jsonl", text: `${WITH_MISSING}\n${row(IDS.validationTrue, true)}` }],
    });
    expect(run.report.metrics.n).toBe(1);
    expect(run.report.metrics.accuracy).toBe(1);
    expect(run.report.metrics.unknown.count).toBe(6);
  });

  test("refuses a taken name, an empty split and an upload without records, storing nothing", async () => {
    const base = { exportId: fixture.exportId, split: "test" as const, files: [{ name: "p.jsonl", text: WITH_MISSING }] };
    await recordEvalRun(db.prisma, { ...base, name: "broken judge", files: BROKEN_FILES });
    const before = await db.prisma.evalRun.count();
    expect(before).toBe(1);
    await expect(recordEvalRun(db.prisma, { ...base, name: "broken judge" })).rejects.toMatchObject({ code: "duplicate" });
    await expect(recordEvalRun(db.prisma, { ...base, split: "train", name: "x" })).rejects.toMatchObject({
      details: { reason: "empty_split" },
    });
    await expect(recordEvalRun(db.prisma, { ...base, name: "blank", files: [{ name: "p.jsonl", text: "\n  \n" }] })).rejects.toMatchObject({
      details: { reason: "no_predictions" },
    });
    await expect(recordEvalRun(db.prisma, { ...base, name: "   " })).rejects.toThrow("Give the run a name");
    await expect(recordEvalRun(db.prisma, { ...base, name: "no files", files: [] })).rejects.toThrow("Upload a predictions JSONL");
    expect(await db.prisma.evalRun.count()).toBe(before);
  });

  test("lists a stored report of another shape apart instead of rendering it, and deletes runs", async () => {
    await recordEvalRun(db.prisma, { exportId: fixture.exportId, split: "test", name: "broken judge", files: BROKEN_FILES });
    const odd = await db.prisma.evalRun.create({
      data: { name: "hand-edited", exportId: fixture.exportId, split: "test", report: { version: 0, accuracy: 0.7 } },
    });
    const { runs, unreadable } = await listEvalRuns(db.prisma, fixture.exportId, "test");
    expect(runs.map((run) => run.name)).toEqual(["broken judge"]);
    expect(unreadable).toEqual([expect.objectContaining({ id: odd.id, name: "hand-edited" })]);
    expect(unreadable[0].problem).toContain("stored report does not match the current format");
    expect(await deleteEvalRun(db.prisma, odd.id)).toEqual({ exportId: fixture.exportId, split: "test" });
    expect((await listEvalRuns(db.prisma, fixture.exportId, "test")).unreadable).toEqual([]);
  });
});
