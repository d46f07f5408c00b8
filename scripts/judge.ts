// Runs a judge agent over one split of an export, the paper's way (appendix A): one sandbox per task
// (bubblewrap), the model at an OpenAI-compatible endpoint, scored through the evaluation as submitted
// and with repair credits. Runs in this process (the worker's "judge" job does the same for the page).
//   npx tsx scripts/judge.ts --export <id> --split test --name "qwen focused"     the model from JUDGE_BASE_URL / JUDGE_MODEL / JUDGE_API_KEY
//   npx tsx scripts/judge.ts --export <id> --name r --base-url http://127.0.0.1:8000/v1 --model qwen3-coder
//   npx tsx scripts/judge.ts --resume <run id>                                   finish a cancelled or crashed run (and the tasks not judged)
//   npx tsx scripts/judge.ts --trajectories <run id> --out <folder>              write <eval_id>.traj.json per judged task
// Other flags: --policy focused|complete, --concurrency 4, --seed 0, --limit N (first N tasks),
// --step-limit 30, --wall-time 900, --format-errors 3, --command-timeout 60, --text-mode,
// --endpoint-limit N (requests at once to the base URL over every run and worker calling it).
// Request options: --temperature 0|default, --max-tokens N, --request-seed N, --reasoning-effort low,
// --extra-body '{"chat_template_kwargs": {…}}', --header 'X-Team: lab-a' and --secret-header 'X-Gateway-Key: …' (repeatable;
// a secret header is sealed like the key and never shown); prices for the cost: --price-in USD, --price-out USD (per million tokens).
// Prints name=value lines: sandbox_caps (the caps in force here; a warning on stderr without per-task caps), judge_run, tasks, done, submitted, invalid, not_judged, retries, prompt_tokens, completion_tokens,
// cost_usd (with prices), accuracy, macro_f1 (and credited_accuracy).
// Uses DATABASE_URL, or the embedded database (stop the app first).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { z } from "zod";
import { parseCli } from "@/lib/cli/parse-cli";
import type { JudgeRunRequestSchema } from "@/lib/judge/create-judge-run";

const { values } = parseCli(
  { url: import.meta.url },
  {
    options: {
      export: { type: "string" },
      split: { type: "string" },
      name: { type: "string" },
      "base-url": { type: "string" },
      model: { type: "string" },
      policy: { type: "string" },
      concurrency: { type: "string" },
      seed: { type: "string" },
      limit: { type: "string" },
      "step-limit": { type: "string" },
      "wall-time": { type: "string" },
      "format-errors": { type: "string" },
      "command-timeout": { type: "string" },
      "endpoint-limit": { type: "string" },
      "text-mode": { type: "boolean", default: false },
      temperature: { type: "string" },
      "max-tokens": { type: "string" },
      "request-seed": { type: "string" },
      "reasoning-effort": { type: "string" },
      "extra-body": { type: "string" },
      header: { type: "string", multiple: true },
      "secret-header": { type: "string", multiple: true },
      "price-in": { type: "string" },
      "price-out": { type: "string" },
      resume: { type: "string" },
      trajectories: { type: "string" },
      out: { type: "string" },
    },
  },
);

// the rest loads once the flags are read: --help and a wrong flag answer without loading the stages
const [
  { config },
  { databaseTargetOf, openDatabase },
  { migrate },
  { EvalReportSchema },
  { preflightJudgeModel },
  { createJudgeRun, JudgeRunRequestSchema: RequestSchema },
  { executeJudgeRun },
  { prepareJudgeRunResume },
  { AgentSettingsSchema, costOf },
  { sandboxAvailability },
  { hostSandboxCaps },
  { runTrajectoryFiles },
  { counted },
] = await Promise.all([
  import("@/lib/config"),
  import("@/lib/db/connection"),
  import("@/lib/db/migrate"),
  import("@/lib/evaluate/eval-report-schema"),
  import("@/lib/judge/judge-model"),
  import("@/lib/judge/create-judge-run"),
  import("@/lib/judge/execute-judge-run"),
  import("@/lib/judge/resume-judge-run"),
  import("@/lib/judge/paper-agent"),
  import("@/lib/judge/sandbox"),
  import("@/lib/judge/sandbox-caps"),
  import("@/lib/judge/trajectory-export"),
  import("@/lib/text/plural"),
]);

const fail = (message: string): never => {
  console.error(`error: ${message}`);
  process.exit(2);
};

let request: z.output<typeof JudgeRunRequestSchema> | null = null;
if (values.trajectories) {
  const out = values.out ?? fail("--trajectories needs --out <folder>");
  const c = config();
  const db = await openDatabase(databaseTargetOf(c));
  try {
    const { files } = await runTrajectoryFiles(db.prisma, values.trajectories);
    mkdirSync(out, { recursive: true });
    for (const file of files) writeFileSync(path.join(out, file.name), file.text);
    console.log(`trajectories=${files.length}`);
    console.log(`folder=${path.resolve(out)}`);
  } catch (error) {
    console.error(error instanceof Error && "status" in error ? `error: ${error.message}` : error);
    process.exitCode = 1;
  } finally {
    await db.close();
  }
  process.exit();
}
if (!values.resume) {
  const parsed = RequestSchema.safeParse({
    exportId: values.export,
    split: values.split ?? "test",
    name: values.name,
    baseUrl: values["base-url"],
    model: values.model,
    contextPolicy: values.policy,
    concurrency: values.concurrency,
    seed: values.seed,
    limit: values.limit,
    headers: values.header?.join("\n"),
    secretHeaders: values["secret-header"]?.join("\n"),
    settings: {
      ...(values["step-limit"] ? { stepLimit: values["step-limit"] } : {}),
      ...(values["wall-time"] ? { wallTimeSeconds: values["wall-time"] } : {}),
      ...(values["format-errors"] ? { maxConsecutiveFormatErrors: values["format-errors"] } : {}),
      ...(values["command-timeout"] ? { commandTimeoutSeconds: values["command-timeout"] } : {}),
      ...(values["endpoint-limit"] ? { endpointConcurrency: values["endpoint-limit"] } : {}),
      ...(values["text-mode"] ? { actionMode: "text" } : {}),
      ...(values.temperature ? { temperature: values.temperature } : {}),
      ...(values["max-tokens"] ? { maxTokens: values["max-tokens"] } : {}),
      ...(values["request-seed"] ? { requestSeed: values["request-seed"] } : {}),
      ...(values["reasoning-effort"] ? { reasoningEffort: values["reasoning-effort"] } : {}),
      ...(values["extra-body"] ? { extraBody: values["extra-body"] } : {}),
      ...(values["price-in"] ? { promptPricePerMillion: values["price-in"] } : {}),
      ...(values["price-out"] ? { completionPricePerMillion: values["price-out"] } : {}),
    },
  });
  if (!parsed.success) fail(parsed.error.issues.map((i) => `${i.path.join(".") || "input"}: ${i.message}`).join("; "));
  else request = parsed.data;
}
const sandbox = sandboxAvailability();
if (!sandbox.ok) fail(sandbox.reason);
// which caps hold here; a host without per-task caps runs with per-process caps only, after this warning
const caps = hostSandboxCaps();
console.log(`sandbox_caps=${caps.caps}`);
if (caps.warning) console.error(`warning: ${caps.warning}`);

const c = config();
const db = await openDatabase(databaseTargetOf(c));
const stop = new AbortController();
process.once("SIGINT", () => {
  console.error("\nstopping: the running tasks are cancelled; --resume finishes the run");
  stop.abort();
});
try {
  await migrate(db);
  if (values.resume) await prepareJudgeRunResume(db.prisma, values.resume, { crashed: true });
  const runId = values.resume ?? (await createJudgeRun(db.prisma, c, request ?? fail("nothing to run"), null, preflightJudgeModel)).runId;
  console.log(`judge_run=${runId}`);
  const started = Date.now();
  const result = await executeJudgeRun(
    {
      prisma: db.prisma,
      config: c,
      signal: stop.signal,
      log: async (message, level) => void console.error(`${level ?? "info"}: ${message}`),
      progress: async (done, total) => {
        const width = 30;
        const filled = total ? Math.round((width * done) / total) : 0;
        const rate = done / Math.max(1 / 60, (Date.now() - started) / 60_000);
        process.stderr.write(`\rjudging [${"#".repeat(filled).padEnd(width)}] ${done}/${total} ${rate.toFixed(1)}/min   `);
      },
    },
    runId,
  );
  process.stderr.write("\n");
  console.log(`status=${result.status}`);
  console.log(`tasks=${result.total}`);
  console.log(`done=${result.done}`);
  console.log(`submitted=${result.submitted}`);
  console.log(`invalid=${result.invalid}`);
  console.log(`not_judged=${result.notJudged}`);
  if (result.notJudged > 0)
    console.error(`${counted(result.notJudged, "task")} not judged (see the run page); --resume ${runId} judges them again`);
  const run = await db.prisma.judgeRun.findUniqueOrThrow({
    where: { id: runId },
    select: { evalRunId: true, creditedEvalRunId: true, settings: true, error: true, retries: true },
  });
  // requests the provider failed (429, 5xx, timeouts) that the client sent again, over every attempt of the run
  console.log(`retries=${run.retries}`);
  // paused (the provider failed task after task) or failed: the cause, and a status scripts can test
  if (result.status === "paused" || result.status === "failed") {
    console.error(`${result.status}: ${run.error ?? "see the run page"}`);
    process.exitCode = 3;
  }
  const sums = await db.prisma.judgeTask.aggregate({ where: { runId }, _sum: { promptTokens: true, completionTokens: true } });
  const tokens = { prompt: sums._sum.promptTokens ?? 0, completion: sums._sum.completionTokens ?? 0 };
  console.log(`prompt_tokens=${tokens.prompt}`);
  console.log(`completion_tokens=${tokens.completion}`);
  const cost = costOf(tokens, AgentSettingsSchema.parse(run.settings));
  if (cost !== null) console.log(`cost_usd=${cost.toFixed(4)}`);
  for (const [prefix, id] of [
    ["", run.evalRunId],
    ["credited_", run.creditedEvalRunId],
  ] as const) {
    if (!id) continue;
    const report = EvalReportSchema.parse((await db.prisma.evalRun.findUniqueOrThrow({ where: { id } })).report);
    console.log(`${prefix}accuracy=${report.metrics.accuracy?.toFixed(4) ?? "undefined"}`);
    if (!prefix) console.log(`macro_f1=${report.metrics.macroF1?.toFixed(4) ?? "undefined"}`);
  }
} catch (error) {
  console.error(error instanceof Error && "status" in error ? `error: ${error.message}` : error);
  process.exitCode = 1;
} finally {
  await db.close();
}
