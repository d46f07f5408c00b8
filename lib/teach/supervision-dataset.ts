// The training set a supervision run contributes to (C.1-C.2): the approved records of this run and of
// every earlier round on the same export, merged (earlier rounds are kept, as the paper's iterations
// supplement new units with old ones), deduplicated by (task, history, action), as JSONL lines of
// prompt, completion and tools; with a manifest: records and tasks per round (Table 13's counts), the
// source runs and their splits, the teacher's model and settings.
import type { PrismaClient } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { tallySupervisionRun } from "./run-supervision";
import { TeacherSettingsSchema } from "./teacher-settings";
import { canonicalRecord } from "./training-record";

export interface SupervisionDataset {
  jsonl: string;
  records: number;
  manifest: Record<string, unknown>;
}

export async function supervisionDataset(prisma: PrismaClient, runId: string): Promise<SupervisionDataset> {
  const run = await prisma.supervisionRun.findUnique({ where: { id: runId }, include: { judgeRun: { select: { exportId: true } } } });
  if (!run) throw new AppError("not_found", `Supervision run ${runId} does not exist`);
  const runs = await prisma.supervisionRun.findMany({
    where: { judgeRun: { exportId: run.judgeRun.exportId }, round: { lte: run.round } },
    orderBy: [{ round: "asc" }, { createdAt: "asc" }],
    include: { judgeRun: { select: { id: true, name: true, model: true, split: true } } },
  });
  const actions = await prisma.supervisionAction.findMany({
    where: { status: "approved", prefix: { runId: { in: runs.map((r) => r.id) } } },
    select: { record: true, recordKey: true, prefix: { select: { evalId: true, afterStep: true, runId: true } }, position: true },
  });
  const roundOf = new Map(runs.map((r) => [r.id, r.round]));
  const order = new Map(runs.map((r, i) => [r.id, i]));
  actions.sort(
    (a, b) =>
      (order.get(a.prefix.runId) ?? 0) - (order.get(b.prefix.runId) ?? 0) ||
      a.prefix.evalId.localeCompare(b.prefix.evalId) ||
      a.prefix.afterStep - b.prefix.afterStep ||
      a.position - b.position,
  );
  const seen = new Set<string>();
  const lines: string[] = [];
  const perRound = new Map<number, { examples: number; tasks: Set<string> }>();
  let duplicates = 0;
  for (const a of actions) {
    if (!a.recordKey || seen.has(a.recordKey)) {
      duplicates++;
      continue;
    }
    seen.add(a.recordKey);
    lines.push(JSON.stringify(canonicalRecord(a.record)));
    const round = roundOf.get(a.prefix.runId) ?? 0;
    const entry = perRound.get(round) ?? { examples: 0, tasks: new Set<string>() };
    entry.examples++;
    entry.tasks.add(a.prefix.evalId);
    perRound.set(round, entry);
  }
  const sources = await Promise.all(
    runs.map(async (r) => {
      const teacher = TeacherSettingsSchema.parse(r.teacher);
      const tally = await tallySupervisionRun(prisma, r.id);
      return {
        supervision_run: r.id,
        round: r.round,
        judge_run: r.judgeRun.id,
        judge_run_name: r.judgeRun.name,
        student_model: r.judgeRun.model,
        split: r.judgeRun.split,
        non_train_split_allowed: r.allowNonTrain,
        teacher: {
          model: teacher.model,
          api: teacher.api === "responses" ? "responses.create" : "chat.completions.create",
          output_format: { type: "json_schema", name: "teaching_action", strict: true },
          reasoning_effort: teacher.reasoningEffort,
          max_output_tokens: teacher.maxOutputTokens,
          timeout_seconds: teacher.timeoutSeconds,
          max_retries: 0,
          store: false,
          temperature: "not set",
          followup_steps: teacher.followupSteps,
        },
        counts: {
          prefixes: tally.prefixes,
          teacher_actions: tally.teacherActions,
          approved: tally.approved,
          rejected: tally.rejected,
          reviewer_needs_review: tally.needsReview,
          refused: tally.refused,
          teacher_needs_review: tally.teacherNeedsReview,
          leaked: tally.leaked,
          teacher_requests: tally.requests,
          input_tokens: tally.inputTokens,
          output_tokens: tally.outputTokens,
        },
      };
    }),
  );
  const manifest = {
    format: "prompt-completion conversational with tools (one bash tool call per completion)",
    export: run.judgeRun.exportId,
    supervision_run: run.id,
    records: lines.length,
    duplicates_dropped: duplicates,
    dedup_key: "(task_id, history, action)",
    rounds: [...perRound.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([round, e]) => ({ round, action_training_examples: e.examples, training_tasks_represented: e.tasks.size })),
    splits: [...new Set(sources.map((s) => s.split))],
    only_train_split: sources.every((s) => s.split === "train"),
    sources,
  };
  return { jsonl: lines.length ? `${lines.join("\n")}\n` : "", records: lines.length, manifest };
}
