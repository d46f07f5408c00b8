// npx tsx scripts/bench-judge.ts [--files 10000] [--starts 15] [--tasks 40] [--concurrency 4]
// The judge runner's two costs: setting up a task's sandbox (a checkout of a 10,000-file repository at
// its base commit over the mirror's objects, the task files, bubblewrap's first command) and judging
// tasks end to end against the fake OpenAI-compatible model (a scripted 3-step agent: read the task,
// grep the repository, submit) at concurrency 4, each task in its own fresh sandbox.
// Prints sandbox_start_ms (median), sandbox_start_ms_p95, tasks_per_minute, agent_steps.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseCli } from "@/lib/cli/parse-cli";
import { config, judgeWorkDir } from "@/lib/config";
import { startFakeOpenAiServer } from "@/lib/llm/testing/fake-openai-server";
import { ensureBareMirror } from "@/lib/repo/build-bare-mirror";
import { createJudgeModel } from "@/lib/judge/judge-model";
import { AgentSettingsSchema } from "@/lib/judge/paper-agent";
import { runAgent } from "@/lib/judge/run-agent";
import { openTaskSandbox } from "@/lib/judge/sandbox";
import { scriptedAgent, submitCommand } from "@/lib/judge/testing/scripted-agent";

const { values } = parseCli(
  { url: import.meta.url },
  { options: { files: { type: "string" }, starts: { type: "string" }, tasks: { type: "string" }, concurrency: { type: "string" } } },
);
const FILES = Number(values.files ?? 10_000);
const STARTS = Number(values.starts ?? 15);
const TASKS = Number(values.tasks ?? 40);
const CONCURRENCY = Number(values.concurrency ?? 4);

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
} finally {
  rmSync(root, { recursive: true, force: true });
  rmSync(path.join(judgeWorkDir(config()), `bench-${process.pid}`), { recursive: true, force: true });
}
