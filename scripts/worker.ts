// npm run worker -- [--concurrency N] [--no-schedule]
// A job worker for a team's PostgreSQL setup (DATABASE_URL): takes queued jobs (crawl, screening,
// assignment, …) from pg-boss and runs them, reporting progress where the pages read it. Start any
// number on any number of machines; they share the queue, and a singleton job never runs twice at
// once. --concurrency: jobs of each kind this process runs at once (default 1). --no-schedule: leave
// the hourly schedules to other workers. SIGINT/SIGTERM stop taking jobs and wait up to 10 s for the
// running ones; a job cut off is retried from its checkpoint by another worker.
import { parseCli } from "@/lib/cli/parse-cli";

const { values } = parseCli(
  { url: import.meta.url },
  { options: { concurrency: { type: "string" }, "no-schedule": { type: "boolean", default: false } } },
);

// the rest loads once the flags are read: --help and a wrong flag answer without loading the stages
const [{ parseConfig, judgeWorkDir }, { openDatabase }, { migrate }, { startJobEngine }, { JOBS }, { removeLeftoverTaskDirs }] =
  await Promise.all([
    import("@/lib/config"),
    import("@/lib/db/connection"),
    import("@/lib/db/migrate"),
    import("@/lib/jobs/job-engine"),
    import("@/lib/jobs/registry"),
    import("@/lib/judge/sandbox"),
  ]);

const concurrency = values.concurrency === undefined ? 1 : Number(values.concurrency);
if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 32) {
  console.error("error: --concurrency must be a whole number from 1 to 32");
  process.exit(2);
}
const config = parseConfig(process.env);
if (!config.DATABASE_URL) {
  console.error("error: a worker process needs DATABASE_URL (PostgreSQL); with the embedded database the app runs its own worker.");
  process.exit(2);
}

// judge task folders a killed worker left behind (only ours, only of processes that are gone)
for (const dir of removeLeftoverTaskDirs(judgeWorkDir(config))) console.error(`worker ${process.pid}: removed leftover ${dir}`);
const db = await openDatabase({ kind: "postgresql", url: config.DATABASE_URL });
await migrate(db);
const engine = await startJobEngine(db, {
  jobs: JOBS,
  context: { config, trigger: "worker" },
  schedule: values["no-schedule"] ? undefined : (job) => job.id !== "ingest" || Boolean(config.GITHUB_TOKEN),
});
await engine.work({ concurrency });
const sweep = setInterval(() => void engine.reconcile().catch(() => undefined), 30_000);
console.error(`worker ${process.pid}: running ${Object.keys(JOBS).length} job kinds, ${concurrency} at a time each`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  clearInterval(sweep);
  console.error(`worker ${process.pid}: stopping`);
  await engine.stop();
  await db.close();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
