// A supervision of a judge run on the demo export's train split, on both databases: the student's
// stored rollouts, a local fake teacher and reviewer (lib/teach/testing/rules-teacher.ts) over the
// Responses API, the actions run in real sandboxes, the records checked against C.1's shape.
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { config } from "@/lib/config";
import type { Database } from "@/lib/db/connection";
import { TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { openSeededTestDatabase } from "@/lib/demo/testing/seeded-test-database";
import { AgentSettingsSchema } from "@/lib/judge/paper-agent";
import { createSupervisionRun } from "./create-supervision-run";
import { executeSupervisionRun, prepareSupervisionResume } from "./run-supervision";
import { supervisionDataset } from "./supervision-dataset";
import { loadSupervisionView } from "./supervision-view";
import { type FakeTeacherRequest, type FakeTeacherServer, startFakeTeacherServer } from "./testing/fake-teacher-server";
import { rulesReviewer, rulesTeacher } from "./testing/rules-teacher";
import { judgeTrainSplit, taskFieldsOf } from "./testing/supervision-fixture";
import { TeachingActionSchema } from "./teaching-action";
import { trainingRecordProblems } from "./training-record";

describe.each(TEST_DATABASE_KINDS)("supervision on %s", (kind) => {
  let db: Database;
  let teacher: FakeTeacherServer;
  // the first task (by eval id) gets a fabricated quote; the second's first action is rejected
  let refuseTask: string | null = null;
  let rejectTask: string | null = null;
  beforeEach(async () => {
    db = await openSeededTestDatabase(kind);
    teacher = await startFakeTeacherServer((r: FakeTeacherRequest) => {
      const history = r.payload.student_history as { role: string; content: string | null }[];
      const { evalId } = taskFieldsOf(history);
      if (r.role === "teacher" && evalId === refuseTask && r.payload.student_candidate_action !== null)
        return {
          json: {
            kind: "finish",
            command: null,
            prediction: true,
            explanation: "The reviewed line is in the patch.",
            evidence: [{ message_index: 3, quote: "this text is in no observation" }],
            review_note: "",
          },
        };
      if (r.role === "reviewer" && evalId === rejectTask) return { json: { decision: "reject", reason: "Not useful for this comment." } };
      return r.role === "teacher" ? rulesTeacher(r) : rulesReviewer(r);
    });
  });
  afterEach(async () => {
    await teacher?.close();
    await db?.close();
  });

  const deps = () => ({ prisma: db.prisma, config: config() });
  const teacherSettings = () => ({ baseUrl: teacher.url, model: "fake-teacher", api: "responses" as const });

  test("records pass C.1's validator; a fabricated quote is refused with why; a reject ends its branch; rounds merge without duplicates", async () => {
    const { judgeRunId, tasks } = await judgeTrainSplit(db.prisma);
    const evalIds = (
      await db.prisma.judgeTask.findMany({ where: { runId: judgeRunId }, orderBy: { evalId: "asc" }, select: { evalId: true } })
    ).map((t) => t.evalId);
    expect(evalIds.length).toBeGreaterThanOrEqual(3);
    [refuseTask, rejectTask] = evalIds;

    const created = await createSupervisionRun(db.prisma, config(), { judgeRunId, teacher: teacherSettings() });
    expect(created.round).toBe(1);
    // per task: the patch read, and the file search right before the submission (one state with the final reasoning)
    expect(created.prefixes).toBe(2 * tasks);
    const { status, tally } = await executeSupervisionRun(deps(), created.runId);
    expect(status).toBe("succeeded");
    expect(tally.prefixesDone).toBe(created.prefixes);

    const actions = await db.prisma.supervisionAction.findMany({ where: { prefix: { runId: created.runId } }, include: { prefix: true } });
    const of = (evalId: string | null) => actions.filter((a) => a.prefix.evalId === evalId);
    // the refused task: one refused proposal per prefix, with the reason, nothing run, no record
    expect(of(refuseTask).map((a) => a.status)).toEqual(Array(2).fill("refused"));
    expect(
      of(refuseTask).every(
        (a) => /evidence quote "this text is in no observation" is not in message 3/.test(a.reason) && a.execution === null,
      ),
    ).toBe(true);
    // the rejected task: one rejected action per prefix, and no teacher request after it
    expect(of(rejectTask).map((a) => [a.status, a.position])).toEqual(Array(2).fill(["rejected", 0]));
    const rejectedTeacherCalls = teacher.requests.filter(
      (r) => r.role === "teacher" && taskFieldsOf(r.payload.student_history as never).evalId === rejectTask,
    );
    expect(rejectedTeacherCalls).toHaveLength(2);
    // every other task: the patch section, then a finish, both approved
    const others = actions.filter((a) => a.prefix.evalId !== refuseTask && a.prefix.evalId !== rejectTask);
    expect(others.length).toBe(2 * 2 * (tasks - 2));
    expect(others.every((a) => a.status === "approved")).toBe(true);
    expect(tally).toMatchObject({ approved: others.length, rejected: 2, refused: 2 });

    const judge = await db.prisma.judgeRun.findUniqueOrThrow({ where: { id: judgeRunId } });
    const prompts = AgentSettingsSchema.parse(judge.settings);
    const notes = actions.flatMap((a) => (a.proposal ? [TeachingActionSchema.parse(a.proposal).review_note] : []));
    const dataset = await supervisionDataset(db.prisma, created.runId);
    const lines = dataset.jsonl
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.length).toBe(dataset.records);
    expect(dataset.records).toBe(others.length);
    expect(dataset.manifest.duplicates_dropped).toBe(0);
    for (const record of lines) expect(trainingRecordProblems(record, prompts, notes)).toEqual([]);
    expect(dataset.jsonl).not.toMatch(/teacher_private_label|review_note|PRIVATE human label/);
    expect(dataset.manifest).toMatchObject({
      only_train_split: true,
      rounds: [{ round: 1, action_training_examples: dataset.records, training_tasks_represented: tasks - 2 }],
      sources: [
        {
          judge_run: judgeRunId,
          round: 1,
          split: "train",
          teacher: { model: "fake-teacher", store: false, max_output_tokens: 4096, reasoning_effort: "high", followup_steps: 3 },
        },
      ],
    });

    // the page's view: each prefix with the student's side beside the teacher's, the refusal's reason shown
    const view = await loadSupervisionView(db.prisma, created.runId);
    expect(view.prefixes).toHaveLength(created.prefixes);
    expect(view.tally.approved).toBe(others.length);
    for (const p of view.prefixes.filter((x) => x.evalId === refuseTask)) {
      expect(p.actions[0].reason).toMatch(/is not in message 3/);
      expect(p.historyTail.length).toBeGreaterThan(0);
      expect(p.candidate).toMatchObject({ role: "assistant" });
    }

    // round 2: a later student run on the same split; earlier records are kept, the same ones not added twice.
    // Three of the tasks: at least one beyond the refused and the rejected, whose records are round 1's again
    const second = await judgeTrainSplit(db.prisma, "student round 2", 3);
    const round2 = await createSupervisionRun(db.prisma, config(), { judgeRunId: second.judgeRunId, teacher: teacherSettings() });
    expect(round2.round).toBe(2);
    const { tally: tally2 } = await executeSupervisionRun(deps(), round2.runId);
    expect(tally2.approved).toBeGreaterThan(0);
    const merged = await supervisionDataset(db.prisma, round2.runId);
    expect(merged.records).toBe(dataset.records);
    expect(merged.jsonl).toBe(dataset.jsonl);
    expect(merged.manifest.duplicates_dropped).toBe(tally2.approved);
    expect(merged.manifest.sources).toHaveLength(2);
  }, 600_000);

  test("a teacher endpoint that fails stops the run after three prefixes in a row, with why; resuming takes them again", async () => {
    const { judgeRunId } = await judgeTrainSplit(db.prisma, "student", 2);
    const down = await startFakeTeacherServer(() => ({ status: 503, message: "the teacher is overloaded" }));
    try {
      const { runId, prefixes } = await createSupervisionRun(db.prisma, config(), {
        judgeRunId,
        teacher: { baseUrl: down.url, model: "fake-teacher" },
      });
      expect(prefixes).toBe(4);
      const { status } = await executeSupervisionRun(deps(), runId);
      expect(status).toBe("failed");
      const run = await db.prisma.supervisionRun.findUniqueOrThrow({ where: { id: runId } });
      expect(run.error).toMatch(/3 prefixes in a row failed, the last with: .*answered 503/);
      expect(down.requests).toHaveLength(3);
      expect(await db.prisma.supervisionPrefix.count({ where: { runId, status: "pending" } })).toBe(1);
      expect(await db.prisma.supervisionAction.count()).toBe(0);
      expect((await prepareSupervisionResume(db.prisma, runId)).prefixes).toBe(4);
    } finally {
      await down.close();
    }
  }, 600_000);

  test("a run on another split is refused unless allowed, and the manifest then says so", async () => {
    const { judgeRunId } = await judgeTrainSplit(db.prisma, "test run", 1, "test");
    await expect(createSupervisionRun(db.prisma, config(), { judgeRunId, teacher: teacherSettings() })).rejects.toThrow(
      /test labels into training data/,
    );
    expect(await db.prisma.supervisionRun.count()).toBe(0);
    const allowed = await createSupervisionRun(db.prisma, config(), { judgeRunId, teacher: teacherSettings(), allowNonTrain: true });
    const { manifest } = await supervisionDataset(db.prisma, allowed.runId);
    expect(manifest).toMatchObject({
      only_train_split: false,
      splits: ["test"],
      sources: [{ split: "test", non_train_split_allowed: true }],
    });
  });
});
