import "server-only";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db/server";
import { startJobEngine, type JobEngine } from "./job-engine";
import { JOBS } from "./registry";

// One job engine per server process, beside its one database. With JOBS_IN_APP=1 (the default,
// and the only choice on the embedded database) it also runs one worker and the schedules;
// otherwise it only enqueues and `npm run worker` processes do the work.
const holder = globalThis as unknown as { __workbenchJobs?: Promise<JobEngine> };

async function start(): Promise<JobEngine> {
  const c = config();
  const engine = await startJobEngine(await getDb(), {
    jobs: JOBS,
    context: { config: c, trigger: "job" },
    // the hourly crawl needs a token; without one it stays unscheduled (the ingest page says so)
    schedule: c.JOBS_IN_APP ? (job) => job.id !== "ingest" || Boolean(c.GITHUB_TOKEN) : undefined,
  });
  if (c.JOBS_IN_APP) {
    // the app's one worker takes judge tasks as the runs allow (each run's concurrency caps its own, 16 at most)
    await engine.work({ perKind: { "judge-task": 16 } });
    const sweep = setInterval(() => void engine.reconcile().catch(() => undefined), 30_000);
    sweep.unref();
  }
  return engine;
}

export function getJobEngine(): Promise<JobEngine> {
  holder.__workbenchJobs ??= start().catch((e) => {
    holder.__workbenchJobs = undefined;
    throw e;
  });
  return holder.__workbenchJobs;
}
