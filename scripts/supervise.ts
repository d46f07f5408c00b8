// Supervises a judge run's rollouts the paper's way (section 3, appendices B and C): the key-step
// prefixes of each task, a privileged teacher proposing the next action, the action run in the task's
// sandbox at the prefix's state, an independent reviewer approving or rejecting it, and the approved
// actions written as training records (prompt, completion, tools) with a manifest. Runs in this process,
// one prefix after another (or, with --queue, as one job per prefix for the app's or `npm run worker`'s
// workers); a killed run goes on with --resume.
//   npx tsx scripts/supervise.ts --run <judge run id> --base-url <url> --model <name> [--api responses|chat] [--out records.jsonl]
//   npx tsx scripts/supervise.ts --resume <supervision run id> [--out records.jsonl]
//   npx tsx scripts/supervise.ts --run <judge run id> --base-url <url> --model <name> --queue    queue it; its page follows it
// Other flags: --round N (default: the judge run's earlier round, else one past the export's last),
// --allow-split (supervise a validation or test run; only the train split otherwise), --limit N (first N tasks),
// --reasoning-effort high|medium|low|minimal|none, --max-output-tokens 4096, --timeout 180 (seconds per request),
// --followups 3 (at most 3), --price-in USD --price-out USD (per million tokens, for the run's cost).
// --out writes the records of this round and every earlier one on the export, deduplicated, and
// <out>.manifest.json beside them. The teacher's key: TEACHER_API_KEY.
// Prints name=value lines: supervision_run, round, prefixes, teacher_actions, approved, rejected,
// needs_review, refused, leaked, teacher_requests, input_tokens, output_tokens, records (with --out).
// Uses DATABASE_URL, or the embedded database (stop the app first).
import { writeFileSync } from "node:fs";
import { parseCli } from "@/lib/cli/parse-cli";

const { values } = parseCli(
  { url: import.meta.url },
  {
    options: {
      run: { type: "string" },
      resume: { type: "string" },
      "base-url": { type: "string" },
      model: { type: "string" },
      api: { type: "string" },
      out: { type: "string" },
      round: { type: "string" },
      "allow-split": { type: "boolean", default: false },
      limit: { type: "string" },
      "reasoning-effort": { type: "string" },
      "max-output-tokens": { type: "string" },
      timeout: { type: "string" },
      followups: { type: "string" },
      queue: { type: "boolean", default: false },
      "price-in": { type: "string" },
      "price-out": { type: "string" },
    },
  },
);

// the rest loads once the flags are read: --help and a wrong flag answer without loading the stages
const [
  { config },
  { databaseTargetOf, openDatabase },
  { migrate },
  { startJobEngine },
  { JOBS },
  { sandboxAvailability },
  { createSupervisionRun, SupervisionRequestSchema },
  { executeSupervisionRun, prepareSupervisionResume },
  { supervisionDataset },
  { TeacherSettingsSchema },
] = await Promise.all([
  import("@/lib/config"),
  import("@/lib/db/connection"),
  import("@/lib/db/migrate"),
  import("@/lib/jobs/job-engine"),
  import("@/lib/jobs/registry"),
  import("@/lib/judge/sandbox"),
  import("@/lib/teach/create-supervision-run"),
  import("@/lib/teach/run-supervision"),
  import("@/lib/teach/supervision-dataset"),
  import("@/lib/teach/teacher-settings"),
]);

const fail = (message: string): never => {
  console.error(`error: ${message}`);
  process.exit(2);
};

if (!values.run && !values.resume) fail("name a judge run (--run <id>) or a supervision run to resume (--resume <id>)");
const parsed = values.resume
  ? null
  : SupervisionRequestSchema.safeParse({
      judgeRunId: values.run,
      round: values.round,
      allowNonTrain: values["allow-split"],
      limitTasks: values.limit,
      teacher: {
        baseUrl: values["base-url"],
        model: values.model,
        ...(values.api ? { api: values.api } : {}),
        ...(values["reasoning-effort"]
          ? { reasoningEffort: values["reasoning-effort"] === "none" ? null : values["reasoning-effort"] }
          : {}),
        ...(values["max-output-tokens"] ? { maxOutputTokens: values["max-output-tokens"] } : {}),
        ...(values.timeout ? { timeoutSeconds: values.timeout } : {}),
        ...(values.followups ? { followupSteps: values.followups } : {}),
        ...(values["price-in"] ? { promptPricePerMillion: values["price-in"] } : {}),
        ...(values["price-out"] ? { completionPricePerMillion: values["price-out"] } : {}),
      },
    });
if (parsed && !parsed.success) fail(parsed.error.issues.map((i) => `${i.path.join(".") || "input"}: ${i.message}`).join("; "));
const sandbox = sandboxAvailability();
if (!sandbox.ok) fail(sandbox.reason);

const c = config();
const db = await openDatabase(databaseTargetOf(c));
const stop = new AbortController();
process.once("SIGINT", () => {
  console.error("\nstopping: the running prefix goes back to pending; --resume finishes the run");
  stop.abort();
});
try {
  await migrate(db);
  let runId: string;
  if (values.resume) {
    await prepareSupervisionResume(db.prisma, values.resume);
    runId = values.resume;
  } else {
    const created = await createSupervisionRun(db.prisma, c, parsed?.success ? parsed.data : fail("nothing to run"));
    runId = created.runId;
    for (const s of created.skipped) console.error(`skipped ${s.evalId}: ${s.reason}`);
  }
  console.log(`supervision_run=${runId}`);
  const run = await db.prisma.supervisionRun.findUniqueOrThrow({ where: { id: runId }, select: { round: true } });
  console.log(`round=${run.round}`);
  if (values.queue) {
    const engine = await startJobEngine(db, { jobs: JOBS, context: { config: c, trigger: "cli" } });
    try {
      const job = await engine.enqueue("supervise", { runId });
      console.log(`job=${job.id}`);
      console.log(`page=/evaluate/supervision/${runId}`);
    } finally {
      await engine.stop();
    }
  } else {
    const { status, tally } = await executeSupervisionRun(
      {
        prisma: db.prisma,
        config: c,
        signal: stop.signal,
        onPrefix: (outcome, evalId, reason) => void console.error(`prefix ${evalId}: ${outcome}${reason ? ` (${reason})` : ""}`),
      },
      runId,
    );
    console.log(`status=${status}`);
    console.log(`prefixes=${tally.prefixes}`);
    console.log(`teacher_actions=${tally.teacherActions}`);
    console.log(`approved=${tally.approved}`);
    console.log(`rejected=${tally.rejected}`);
    console.log(`needs_review=${tally.needsReview + tally.teacherNeedsReview}`);
    console.log(`refused=${tally.refused}`);
    console.log(`leaked=${tally.leaked}`);
    console.log(`teacher_requests=${tally.requests}`);
    console.log(`input_tokens=${tally.inputTokens}`);
    console.log(`output_tokens=${tally.outputTokens}`);
    const teacher = TeacherSettingsSchema.parse(
      (await db.prisma.supervisionRun.findUniqueOrThrow({ where: { id: runId }, select: { teacher: true } })).teacher,
    );
    if (teacher.promptPricePerMillion !== undefined || teacher.completionPricePerMillion !== undefined)
      console.log(
        `cost_usd=${((tally.inputTokens * (teacher.promptPricePerMillion ?? 0) + tally.outputTokens * (teacher.completionPricePerMillion ?? 0)) / 1_000_000).toFixed(4)}`,
      );
    if (tally.prefixesFailed > 0) {
      console.error(`${tally.prefixesFailed} prefix(es) failed (see the run page); --resume ${runId} tries them again`);
      process.exitCode = 3;
    }
    const dataset = await supervisionDataset(db.prisma, runId);
    console.log(`records=${dataset.records}`);
    if (values.out) {
      writeFileSync(values.out, dataset.jsonl);
      writeFileSync(`${values.out}.manifest.json`, `${JSON.stringify(dataset.manifest, null, 2)}\n`);
      console.log(`out=${values.out}`);
      console.log(`manifest=${values.out}.manifest.json`);
    }
  }
} catch (error) {
  console.error(error instanceof Error && "status" in error ? `error: ${error.message}` : error);
  process.exitCode = 1;
} finally {
  await db.close();
}
