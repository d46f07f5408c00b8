// npx tsx scripts/bench-judge.ts [--files 10000] [--starts 15] [--tasks 40] [--concurrency 4] [--worker-tasks 32] [--answer-ms 15000] [--no-workers]
// The judge runner's two costs: setting up a task's sandbox (a checkout of a 10,000-file repository at
// its base commit over the mirror's objects, the task files, bubblewrap's first command) and judging
// tasks end to end against the fake OpenAI-compatible model (a scripted 3-step agent: read the task,
// grep the repository, submit) at concurrency 4, each task in its own fresh sandbox.
// Prints sandbox_start_ms (median), sandbox_start_ms_p95, tasks_per_minute, agent_steps.
// Then one run's tasks shared by `npm run worker` processes (each --concurrency 4) on a throwaway PostgreSQL
// database seeded with the demo: taken by one worker, then (a second run, the same tasks) by two, against
// the fake model answering each call after a fixed --answer-ms, so the model, not the CPU, is the bottleneck.
// Prints tasks_per_minute_1_worker, tasks_per_minute_2_workers and workers_speedup.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseCli } from "@/lib/cli/parse-cli";
import { config, judgeWorkDir } from "@/lib/config";
import { openDatabase } from "@/lib/db/connection";
import { migrate } from "@/lib/db/migrate";
import { createPostgresTestDatabase } from "@/lib/db/testing/test-database";
import { seedDemo } from "@/lib/demo/seed-demo";
import { type JobEngine, startJobEngine } from "@/lib/jobs/job-engine";
import { JOBS } from "@/lib/jobs/registry";
import { createJudgeRun } from "@/lib/judge/create-judge-run";
import { exportWithNegations } from "@/lib/judge/testing/export-with-negations";
import { startFakeOpenAiServer } from "@/lib/llm/testing/fake-openai-server";
import { ensureBareMirror } from "@/lib/repo/build-bare-mirror";
import { createJudgeModel } from "@/lib/judge/judge-model";
import { AgentSettingsSchema } from "@/lib/judge/paper-agent";
import { runAgent } from "@/lib/judge/run-agent";
import { openTaskSandbox } from "@/lib/judge/sandbox";
import { scriptedAgent, submitCommand } from "@/lib/judge/testing/scripted-agent";

const { values } = parseCli(
  { url: import.meta.url },
  {
    options: {
      files: { type: "string" },
      starts: { type: "string" },
      tasks: { type: "string" },
      concurrency: { type: "string" },
      "worker-tasks": { type: "string" },
      "answer-ms": { type: "string" },
      "no-workers": { type: "boolean", default: false },
    },
  },
);
const FILES = Number(values.files ?? 10_000);
const STARTS = Number(values.starts ?? 15);
const TASKS = Number(values.tasks ?? 40);
const CONCURRENCY = Number(values.concurrency ?? 4);
const WORKER_TASKS = Number(values["worker-tasks"] ?? 32);
const ANSWER_MS = Number(values["answer-ms"] ?? 15_000);

const root = mkdtempSync(path.join(tmpdir(), "bench-judge-"));
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
try {
  const files: Record<string, string> = {};
  for (let i = 0; i < FILES; i++) files[`pkg${i % 50}/module_${i}.py`] = `def f_${i}(x):\n    return x + ${i}\n`;
  const mirror = path.join(root, "bench__big.git");
  const [base] = await ensureBareMirror(mirror, "bench/big", [{ message: "base", files }]);
  const taskFiles = { "task.json": '{"eval_id": "eval_000000000000000000000000"}\n', "review.patch": "" };
  // where the judge runner puts checkouts (JUDGE_WORK_DIR, else /dev/shm), as a run would
  const workRoot = path.join(judgeWorkDir(config()), `bench-${process.pid}`);
  const open = () => openTaskSandbox({ taskFiles, mirrorGitDir: mirror, baseCommit: base, workRoot });

  const starts: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    const t0 = performance.now();
    const box = await open();
    const first = await box.run("test -f pkg7/module_7.py && echo ready", { timeoutMs: 30_000 });
    starts.push(performance.now() - t0);
    box.dispose();
    if (!first.output.includes("ready")) throw new Error(`the sandbox did not show the checkout: ${first.output}`);
  }

  const server = await startFakeOpenAiServer({
    respond: scriptedAgent(() => [
      { command: "cat /testbed/task/task.json" },
      { command: "grep -rn 'return x + 4242' pkg42 | head" },
      { command: submitCommand(true) },
    ]),
  });
  const settings = AgentSettingsSchema.parse({});
  const model = createJudgeModel({ baseUrl: server.url, model: "bench", actionMode: "tool", temperature: 0 });
  let next = 0;
  let steps = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < TASKS) {
        next++;
        const box = await open();
        try {
          const trajectory = await runAgent({ model, sandbox: box, settings });
          if (trajectory.outcome !== "submitted") throw new Error(`a task ended ${trajectory.outcome}: ${trajectory.reason}`);
          steps += trajectory.steps.length;
        } finally {
          box.dispose();
        }
      }
    }),
  );
  const minutes = (performance.now() - t0) / 60_000;
  await server.close();
  console.log(`repository_files=${FILES}`);
  console.log(`work_dir=${workRoot}`);
  console.log(`sandbox_start_ms=${quantile(starts, 0.5).toFixed(0)}`);
  console.log(`sandbox_start_ms_p95=${quantile(starts, 0.95).toFixed(0)}`);
  console.log(`tasks=${TASKS}`);
  console.log(`concurrency=${CONCURRENCY}`);
  console.log(`agent_steps=${steps}`);
  console.log(`tasks_per_minute=${(TASKS / minutes).toFixed(1)}`);
  if (!values["no-workers"]) {
    const one = await tasksPerMinuteOnWorkers(1);
    const two = await tasksPerMinuteOnWorkers(2);
    console.log(`worker_tasks=${WORKER_TASKS}`);
    console.log(`answer_ms=${ANSWER_MS}`);
    console.log(`tasks_per_minute_1_worker=${one.toFixed(1)}`);
    console.log(`tasks_per_minute_2_workers=${two.toFixed(1)}`);
    console.log(`workers_speedup=${(two / one).toFixed(2)}`);
  }
} finally {
  rmSync(root, { recursive: true, force: true });
  rmSync(path.join(judgeWorkDir(config()), `bench-${process.pid}`), { recursive: true, force: true });
}

/** Tasks per minute of one run whose tasks `workers` worker processes share (each takes 4 at a time). */
async function tasksPerMinuteOnWorkers(workers: number): Promise<number> {
  const created = await createPostgresTestDatabase();
  const db = await openDatabase({ kind: "postgresql", url: created.url });
  const answers = scriptedAgent(() => [{ command: "cat /testbed/task/task.json" }, { command: submitCommand(true) }]);
  const model = await startFakeOpenAiServer({
    apiKey: "sk-bench",
    respond: async (...a) => ({ ...(await answers(...a)), delayMs: ANSWER_MS }),
  });
  const children: ChildProcess[] = [];
  let enqueuer: JobEngine | null = null;
  try {
    await migrate(db);
    await seedDemo(db.prisma);
    const { exportId, split } = await exportWithNegations(db.prisma, WORKER_TASKS);
    const { runId } = await createJudgeRun(db.prisma, config(), {
      exportId,
      split,
      name: `bench ${workers} worker(s)`,
      baseUrl: model.url,
      model: "bench",
      // the run allows more than the workers take: the workers' own concurrency is what is measured
      concurrency: 16,
      limit: WORKER_TASKS,
    });
    for (let i = 0; i < workers; i++) {
      const child = spawn(process.execPath, ["--import", "tsx", path.join("scripts", "worker.ts"), "--concurrency", "4", "--no-schedule"], {
        env: { ...process.env, DATABASE_URL: created.url, JUDGE_API_KEY: "sk-bench" },
        stdio: ["ignore", "ignore", "pipe"],
      });
      children.push(child);
      // ready once it says it is running
      await new Promise<void>((resolve, reject) => {
        child.stderr?.on("data", (d) => String(d).includes("running") && resolve());
        child.on("exit", (code) => reject(new Error(`a worker exited (${code}) before it started`)));
      });
    }
    enqueuer = await startJobEngine(db, { jobs: JOBS, context: { config: config(), trigger: "bench" } });
    const t0 = performance.now();
    await enqueuer.enqueue("judge", { runId });
    for (;;) {
      const run = await db.prisma.judgeRun.findUniqueOrThrow({ where: { id: runId }, select: { status: true, error: true } });
      if (run.status === "succeeded") break;
      if (["failed", "paused", "cancelled"].includes(run.status)) throw new Error(`the bench run ended ${run.status}: ${run.error}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const minutes = (performance.now() - t0) / 60_000;
    const submitted = await db.prisma.judgeTask.count({ where: { runId, outcome: "submitted" } });
    if (submitted !== WORKER_TASKS) throw new Error(`${submitted} of ${WORKER_TASKS} tasks were submitted`);
    return WORKER_TASKS / minutes;
  } finally {
    for (const child of children) child.kill("SIGTERM");
    await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.on("exit", r)))));
    await enqueuer?.stop();
    await model.close();
    await db.close();
    await created.drop();
  }
}
