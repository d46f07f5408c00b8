// npx tsx scripts/bench-scale.ts [--comments 76190] [--loads 20] [--keep | --pages-of <database url>]
// The paper's scale on PostgreSQL (127.0.0.1:5432, a throwaway database it creates and drops):
// seeds the synthetic corpus (≥ 70,000 comment instances in ≥ 5,000 PRs), then runs rule screening,
// LLM screening (a local fake LLM with 20 ms latency, concurrency 8 per worker) and assignment as
// jobs on two `npm run worker` processes (the comment screen is measured on one worker first),
// then, signed in, loads each page 20 times against `next start` (run `npx next build` first).
// Prints name=value lines: scale_instances, screened_instances, assigned_instances,
// llm_screen_items_per_second (two workers), llm_screen_items_per_second_one_worker,
// page_p95_ms_<page> (the lead's /annotate/team among them) and page_p95_ms_max. Bounded: gives up after 40 minutes.
// --keep leaves the database in place and prints database_url=…; --pages-of <url> times only the pages
// against such a kept database (to measure a page change without seeding and screening again), --only
// a,b just the pages named.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { hashPassword } from "@/lib/auth/password";
import { SESSION_COOKIE, signIn } from "@/lib/auth/sessions";
import { parseCli } from "@/lib/cli/parse-cli";
import { parseConfig } from "@/lib/config";
import { type Database, openDatabase } from "@/lib/db/connection";
import { migrate } from "@/lib/db/migrate";
import { createPostgresTestDatabase } from "@/lib/db/testing/test-database";
import { seedSyntheticCorpus } from "@/lib/demo/seed-synthetic-corpus";
import { startJobEngine } from "@/lib/jobs/job-engine";
import { readJobRun } from "@/lib/jobs/job-run-record";
import { JOBS } from "@/lib/jobs/registry";
import { startFakeOpenAiServer } from "@/lib/llm/testing/fake-openai-server";
import { scriptedScreenAnswer } from "@/lib/screen/testing/scripted-screen-answers";
import { must } from "@/lib/must";

const { values } = parseCli(
  { url: import.meta.url },
  {
    options: {
      comments: { type: "string" },
      loads: { type: "string" },
      keep: { type: "boolean" },
      "pages-of": { type: "string" },
      only: { type: "string" },
    },
  },
);
const KEEP = values.keep === true;
const PAGES_OF = values["pages-of"];
/** --only annotate,screen: time just those pages */
const ONLY = values.only ? new Set(values.only.split(",")) : null;
const COMMENTS = Number(values.comments ?? 76_190);
const LOADS = Number(values.loads ?? 20);
const ONE_WORKER_SAMPLE = 4_000;
const DEADLINE_MS = 40 * 60_000;
const ROOT = path.resolve(import.meta.dirname, "..");
const PASSWORD = "bench-scale-password";

const children: ChildProcess[] = [];
let dropDatabase: (() => Promise<void>) | null = null;
const stopChild = (child: ChildProcess) => {
  try {
    if (child.pid) process.kill(-child.pid, "SIGTERM");
  } catch {
    // already gone
  }
};
async function cleanUp() {
  for (const c of children) stopChild(c);
  await new Promise((r) => setTimeout(r, 1_500));
  await dropDatabase?.().catch((e) => console.error(`could not drop the bench database: ${e}`));
}
const deadline = setTimeout(() => {
  console.error(`bench-scale: gave up after ${DEADLINE_MS / 60_000} minutes`);
  void cleanUp().finally(() => process.exit(1));
}, DEADLINE_MS);

const log = (line: string) => process.stderr.write(`${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function startWorker(env: NodeJS.ProcessEnv, name: string): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "scripts/worker.ts")], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ["ignore", "inherit", "pipe"],
  });
  child.stderr?.on("data", (d: Buffer) => process.stderr.write(`[${name}] ${d}`));
  children.push(child);
  return child;
}

/** Waits for the job, drawing its progress on stderr; returns seconds from queued to finished. */
async function follow(db: Database, id: string, label: string): Promise<{ seconds: number; done: number }> {
  const t0 = performance.now();
  for (;;) {
    const run = must(await readJobRun(db.prisma, id), `job ${id}`);
    const width = 30;
    const filled = run.total ? Math.round((width * run.done) / Math.max(1, run.total)) : 0;
    process.stderr.write(
      `\r${label.padEnd(22)} [${"#".repeat(filled).padEnd(width)}] ${run.done}/${run.total ?? "?"} ${run.state}` +
        `${run.rate ? ` ${run.rate.toFixed(0)}/s` : ""}${run.etaSeconds ? ` eta ${run.etaSeconds.toFixed(0)} s` : ""}    `,
    );
    if (["completed", "failed", "cancelled"].includes(run.state)) {
      process.stderr.write("\n");
      if (run.state !== "completed") throw new Error(`${label} ended ${run.state}: ${run.error ?? ""}`);
      return { seconds: (performance.now() - t0) / 1000, done: run.done };
    }
    await sleep(500);
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const address = s.address();
      const port = typeof address === "object" && address ? address.port : 0;
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

async function waitForServer(url: string, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`the app did not answer at ${url}`);
}

async function timePage(url: string, token: string): Promise<number[]> {
  const times: number[] = [];
  const load = async () => {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { cookie: `${SESSION_COOKIE}=${token}` }, redirect: "manual" });
    await res.text();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    return performance.now() - t0;
  };
  await load(); // warm-up, not counted: the first render of a route loads its server chunks
  for (let i = 0; i < LOADS; i++) times.push(await load());
  return times;
}

const p95 = (times: number[]) => [...times].sort((a, b) => a - b)[Math.ceil(0.95 * times.length) - 1];

/** Signed in, loads each page LOADS times against a production build; the app runs no worker (JOBS_IN_APP=0). */
async function timePages(db: Database, env: NodeJS.ProcessEnv) {
  const port = await freePort();
  const server = spawn(path.join(ROOT, "node_modules/.bin/next"), ["start", "-H", "127.0.0.1", "-p", String(port)], {
    cwd: ROOT,
    env: { ...env, JOBS_IN_APP: "0", NODE_ENV: "production" },
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(server);
  const base = `http://127.0.0.1:${port}`;
  await waitForServer(`${base}/sign-in`, 120_000);
  const admin = must(await signIn(db.prisma, "admin", PASSWORD), "admin session");
  const annotator = must(await signIn(db.prisma, "ann1", PASSWORD), "annotator session");
  const instance = must(
    await db.prisma.assignment.findFirst({ where: { annotator: { login: "ann1" } }, select: { instanceId: true } }),
    "an instance assigned to ann1",
  );
  const pages: [string, string, string][] = [
    ["overview", "/", admin.token],
    ["screen", "/screen", admin.token],
    ["screen_dropped", "/screen/dropped", admin.token],
    ["annotate", "/annotate", admin.token],
    ["team", "/annotate/team", admin.token],
    ["agreement", "/agreement", admin.token],
    ["perturb", "/perturb", admin.token],
    ["splits", "/splits", admin.token],
    ["evaluate", "/evaluate", admin.token],
    ["ingest", "/ingest", admin.token],
    ["annotator_queue", "/annotate", annotator.token],
    ["instance", `/annotate/${instance.instanceId}`, annotator.token],
  ];
  let worst = 0;
  for (const [name, url, token] of pages) {
    if (ONLY && !ONLY.has(name)) continue;
    const ms = p95(await timePage(`${base}${url}`, token));
    worst = Math.max(worst, ms);
    console.log(`page_p95_ms_${name}=${ms.toFixed(0)}`);
  }
  console.log(`page_p95_ms_max=${worst.toFixed(0)}`);
}

async function main() {
  if (!existsSync(path.join(ROOT, ".next", "BUILD_ID"))) throw new Error("no build in .next: run `npx next build` first");
  if (PAGES_OF) {
    const db = await openDatabase({ kind: "postgresql", url: PAGES_OF });
    try {
      // a database kept by an older build gets the migrations a page change may bring
      await migrate(db);
      await timePages(db, { ...process.env, DATABASE_URL: PAGES_OF, DEMO_DATA: "0", GITHUB_TOKEN: "", NODE_NO_WARNINGS: "1" });
    } finally {
      await db.close();
      await cleanUp();
      clearTimeout(deadline);
    }
    return;
  }
  const created = await createPostgresTestDatabase();
  dropDatabase = KEEP ? null : created.drop;
  if (KEEP) console.log(`database_url=${created.url}`);
  const db = await openDatabase({ kind: "postgresql", url: created.url });
  await migrate(db);
  let t0 = performance.now();
  const corpus = await seedSyntheticCorpus(db.prisma, { comments: COMMENTS, seed: 20250815 });
  const passwordHash = await hashPassword(PASSWORD);
  await db.prisma.user.create({ data: { login: "admin", name: "Admin", passwordHash, roles: ["admin"] } });
  for (const login of ["ann1", "ann2", "ann3", "ann4", "ann5", "ann6"])
    await db.prisma.user.create({ data: { login, name: login, passwordHash, roles: ["annotator"] } });
  log(`seeded ${corpus.instances} instances in ${corpus.pullRequests} PRs in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  console.log(`scale_instances=${corpus.instances}`);
  console.log(`scale_pull_requests=${corpus.pullRequests}`);

  const llm = await startFakeOpenAiServer({ respond: (r) => ({ ...scriptedScreenAnswer(r), delayMs: 20 }) });
  const env = {
    ...process.env,
    DATABASE_URL: created.url,
    LLM_BASE_URL: llm.url,
    LLM_MODEL: "fake-scripted-judge",
    LLM_CONCURRENCY: "8",
    DEMO_DATA: "0",
    GITHUB_TOKEN: "",
    NODE_NO_WARNINGS: "1",
  };
  const engine = await startJobEngine(db, { jobs: JOBS, context: { config: parseConfig(env), trigger: "bench" } });
  const run = async (kind: string, payload: unknown, label: string) => follow(db, (await engine.enqueue(kind, payload)).id, label);
  try {
    const workerA = startWorker(env, "worker-a");
    let workerB = startWorker(env, "worker-b");
    await run("screen-rules", {}, "rule screening");
    await run("screen-llm", { level: "pr" }, "LLM PR audit");

    // the comment screen: a sample on one worker, then the rest on two
    stopChild(workerB);
    await sleep(3_000);
    const one = await run("screen-llm", { level: "comment", limit: ONE_WORKER_SAMPLE }, "LLM comments, 1 worker");
    console.log(`llm_screen_items_per_second_one_worker=${(one.done / one.seconds).toFixed(1)}`);
    workerB = startWorker(env, "worker-b");
    const two = await run("screen-llm", { level: "comment" }, "LLM comments, 2 workers");
    console.log(`llm_screen_items_per_second=${(two.done / two.seconds).toFixed(1)}`);

    t0 = performance.now();
    await run("assign", { overlap: 2 }, "assignment");
    console.log(`assign_seconds=${((performance.now() - t0) / 1000).toFixed(1)}`);
    const screened = await db.prisma.instance.count({ where: { source: "human", stage: { in: ["screened", "annotating"] } } });
    const assigned = (await db.prisma.assignment.groupBy({ by: ["instanceId"] })).length;
    console.log(`screened_instances=${screened}`);
    console.log(`assigned_instances=${assigned}`);
    stopChild(workerA);
    stopChild(workerB);

    await timePages(db, env);
  } finally {
    await engine.stop();
    await llm.close();
    await db.close();
    await cleanUp();
    clearTimeout(deadline);
  }
}

main().catch(async (e) => {
  console.error(e);
  await cleanUp();
  process.exit(1);
});
