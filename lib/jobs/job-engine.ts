// The runner for every job: pg-boss on the app's own database (PostgreSQL, or the embedded PGlite
// through pg-boss's fromPglite adapter). It queues (with singleton lanes), runs handlers with a
// JobRun handle (progress, log, checkpoint, cancel), records each outcome where the UI reads it,
// and leaves retries with backoff and crash recovery to pg-boss. Its schema is installed by
// lib/db/migrate.ts, so every instance starts with `migrate: false`.
import { fromPglite, PgBoss, type Job as BossJob } from "pg-boss";
import type { Prisma } from "@/lib/db/generated/client";
import type { Database } from "@/lib/db/connection";
import { JOB_QUEUE_SCHEMA } from "@/lib/db/job-queue-schema";
import { AppError, isAppError } from "@/lib/errors";
import { messageOf } from "@/lib/unknown-value";
import type { Job, JobContext, JobRunHandle } from "./job-definition";
import { appendLog, createJobRun, finishJobRun, requestCancel, startAttempt, storeProgress } from "./job-run-record";

export interface JobEngineOptions {
  jobs: Record<string, Job<import("zod").ZodType>>;
  /** what handlers get besides their run handle */
  context: Omit<JobContext, "run" | "db">;
  /** register the jobs' schedules with pg-boss's scheduler (workers do; a web process that only enqueues need not) */
  schedule?: boolean | ((job: Job<import("zod").ZodType>) => boolean);
  /** seconds between polls for new jobs (pg-boss's minimum is 0.5) */
  pollingIntervalSeconds?: number;
  /** seconds between checks for jobs whose worker stopped heart-beating (crash recovery) */
  monitorIntervalSeconds?: number;
  /** seconds between checks of a running job's cancel request */
  cancelPollSeconds?: number;
}

export interface EnqueueResult {
  id: string;
  /** the job was already queued or running in its singleton lane; this is that job */
  existing: boolean;
}

export interface JobEngine {
  boss: PgBoss;
  enqueue(kind: string, payload: unknown, options?: { requestedById?: string | null }): Promise<EnqueueResult>;
  cancel(id: string): Promise<boolean>;
  /** starts handling every job kind in this process; `perKind` sets some kinds' own number at once */
  work(options?: { concurrency?: number; perKind?: Record<string, number> }): Promise<void>;
  /** updates JobRun rows whose pg-boss job ended without its worker (killed after its last retry) */
  reconcile(): Promise<number>;
  stop(): Promise<void>;
}

/** A worker that stops heart-beating for this long has its job retried (PostgreSQL's minimum is 10). */
const HEARTBEAT_SECONDS = 10;

export async function startJobEngine(db: Database, options: JobEngineOptions): Promise<JobEngine> {
  const { prisma } = db;
  const common = {
    schema: JOB_QUEUE_SCHEMA,
    migrate: false,
    schedule: Boolean(options.schedule),
    monitorIntervalSeconds: options.monitorIntervalSeconds ?? 10,
    superviseIntervalSeconds: options.monitorIntervalSeconds ?? 10,
  };
  const boss = db.pglite
    ? new PgBoss({ ...common, db: fromPglite(db.pglite), backend: "pglite" })
    : new PgBoss({ ...common, connectionString: postgresUrl(db), max: 4 });
  boss.on("error", (e: unknown) => console.error(`[jobs] ${messageOf(e)}`));
  await boss.start();

  for (const job of Object.values(options.jobs)) {
    const queue = {
      policy: job.singletonKey ? (job.lanePolicy ?? "exclusive") : "standard",
      retryLimit: job.retryLimit ?? 2,
      retryDelay: job.retryDelaySeconds ?? 5,
      retryBackoff: true,
      expireInSeconds: job.expireInSeconds ?? 6 * 60 * 60,
      heartbeatSeconds: HEARTBEAT_SECONDS,
    } as const;
    const existing = await boss.getQueue(job.id);
    const replaced =
      existing !== null &&
      existing.policy !== queue.policy &&
      (await replaceQueuePolicy(db, boss, job.id, existing.policy ?? "standard", queue.policy));
    if (!existing || replaced) {
      // two workers starting together may both try; the loser finds the queue made
      await boss.createQueue(job.id, queue).catch(async (e: unknown) => {
        if (!(await boss.getQueue(job.id))) throw e;
      });
    } else {
      const { policy: _policy, heartbeatSeconds: _heartbeat, ...updatable } = queue;
      await boss.updateQueue(job.id, updatable);
    }
    const scheduled = typeof options.schedule === "function" ? options.schedule(job) : Boolean(options.schedule);
    if (scheduled && job.schedule) await boss.schedule(job.id, job.schedule, {}, { tz: "UTC" });
    else if (job.schedule && options.schedule !== undefined) await boss.unschedule(job.id);
  }

  const jobOf = (kind: string) => {
    const job = options.jobs[kind];
    if (!job) throw new AppError("not_found", `No job named "${kind}". Known jobs: ${Object.keys(options.jobs).join(", ")}.`);
    return job;
  };

  const execute = async (bossJob: BossJob<object>) => {
    const job = jobOf(bossJob.name);
    const { version, payload: data } = splitPayloadVersion(bossJob.data);
    if (version !== null && version !== (job.payloadVersion ?? 1)) {
      const error = `This ${job.title} job was queued with payload version ${version}, and this worker reads version ${job.payloadVersion ?? 1} (the app was upgraded in between): queue it again.`;
      await createJobRun(prisma, { id: bossJob.id, kind: bossJob.name, payload: toJson(data) });
      await appendLog(prisma, bossJob.id, "error", error);
      await finishJobRun(prisma, bossJob.id, { state: "failed", error });
      return null;
    }
    // pg-boss counts the lease from its claim, a moment before this
    const attemptStart = Date.now();
    const payload = toJson(data);
    const started = await startAttempt(prisma, bossJob.id, bossJob.name, payload);
    if (!started || started.cancelRequested) {
      await finishJobRun(prisma, bossJob.id, { state: "cancelled" });
      return null;
    }
    const cancelled = new AbortController();
    const signal = AbortSignal.any([bossJob.signal, cancelled.signal]);
    const cancelError = () => new AppError("cancelled", "The job was cancelled.");
    const handle: JobRunHandle = {
      id: bossJob.id,
      attempt: started.attempts,
      leaseEndsAt: attemptStart + bossJob.expireInSeconds * 1000,
      checkpoint: started.checkpoint,
      doneBefore: started.done,
      signal,
      progress: async (update) => {
        const { cancelRequested } = await storeProgress(prisma, bossJob.id, update);
        if (cancelRequested) {
          cancelled.abort(cancelError());
          throw cancelError();
        }
      },
      log: (message, level = "info") => appendLog(prisma, bossJob.id, level, message),
    };
    // a handler between progress reports (one slow request) still stops within seconds
    const poll = setInterval(
      () => {
        void prisma.jobRun
          .findUnique({ where: { id: bossJob.id }, select: { cancelRequested: true } })
          .then((r) => r?.cancelRequested && cancelled.abort(cancelError()))
          .catch(() => undefined);
      },
      (options.cancelPollSeconds ?? 1) * 1000,
    );
    try {
      const result = await job.run({ ...options.context, db, run: handle, jobs: engine }, data);
      if (cancelled.signal.aborted) {
        await finishJobRun(prisma, bossJob.id, { state: "cancelled" });
        return null;
      }
      await finishJobRun(prisma, bossJob.id, { state: "completed", result: toJson(result ?? null) });
      return toJson(result ?? null);
    } catch (e) {
      if (cancelled.signal.aborted || isAppError(e, "cancelled")) {
        await appendLog(prisma, bossJob.id, "warn", "Cancelled.");
        await finishJobRun(prisma, bossJob.id, { state: "cancelled" });
        return null;
      }
      const willRetry = bossJob.retryCount < (job.retryLimit ?? 2);
      const message = messageOf(e);
      await appendLog(prisma, bossJob.id, "error", `Attempt ${started.attempts} failed: ${message}${willRetry ? " (will retry)" : ""}`);
      await finishJobRun(prisma, bossJob.id, { state: willRetry ? "retrying" : "failed", error: message });
      throw e;
    } finally {
      clearInterval(poll);
    }
  };

  const reconcile = async () => {
    // a worker killed on its last attempt leaves its JobRun "running"; pg-boss has failed the job
    const rows = await db.query<{ id: string; state: string; output: unknown }>(
      `SELECT j.id::text AS id, j.state::text AS state, j.output FROM ${JOB_QUEUE_SCHEMA}.job j
       JOIN "JobRun" r ON r.id = j.id::text
       WHERE r.state IN ('queued', 'running', 'retrying') AND j.state IN ('failed', 'cancelled', 'completed')`,
    );
    for (const row of rows) {
      if (row.state === "cancelled") await finishJobRun(prisma, row.id, { state: "cancelled" });
      else if (row.state === "failed")
        await finishJobRun(prisma, row.id, { state: "failed", error: `The worker stopped (${outputMessage(row.output)}).` });
      else await finishJobRun(prisma, row.id, { state: "completed", result: toJson(row.output ?? null) });
    }
    return rows.length;
  };

  const engine: JobEngine = {
    boss,
    enqueue: async (kind, rawPayload, enqueueOptions = {}) => {
      const job = jobOf(kind);
      const parsed = job.payloadSchema.safeParse(rawPayload ?? {});
      if (!parsed.success)
        throw new AppError(
          "invalid_input",
          `Invalid payload for job ${kind}: ${parsed.error.issues.map((i) => `${i.path.join(".") || "payload"}: ${i.message}`).join("; ")}`,
        );
      const payload = toJson(parsed.data);
      const singletonKey = job.singletonKey ? job.singletonKey(parsed.data) || kind : undefined;
      const id = await boss.send(
        kind,
        { ...jsonObject(payload), [PAYLOAD_VERSION_KEY]: job.payloadVersion ?? 1 },
        singletonKey ? { singletonKey } : {},
      );
      if (id === null) {
        const [busy] = await db.query<{ id: string }>(
          `SELECT id::text AS id FROM ${JOB_QUEUE_SCHEMA}.job WHERE name = $1 AND singleton_key = $2
           AND state IN ('created', 'retry', 'active') ORDER BY created_on DESC LIMIT 1`,
          [kind, singletonKey ?? kind],
        );
        if (!busy) throw new AppError("busy", `The ${job.title} job could not be queued; try again.`);
        return { id: busy.id, existing: true };
      }
      await createJobRun(prisma, { id, kind, payload, requestedById: enqueueOptions.requestedById });
      return { id, existing: false };
    },
    cancel: async (id) => {
      const row = await prisma.jobRun.findUnique({ where: { id }, select: { kind: true } });
      if (!row) throw new AppError("not_found", "No such job.");
      const asked = await requestCancel(prisma, id);
      // queued and retry-waiting jobs never start; a running one stops at its next report or poll
      const [bossJob] = await db.query<{ state: string }>(`SELECT state::text AS state FROM ${JOB_QUEUE_SCHEMA}.job WHERE id = $1::uuid`, [
        id,
      ]);
      if (bossJob && bossJob.state !== "active") await boss.cancel(row.kind, id);
      return asked;
    },
    work: async (workOptions = {}) => {
      for (const job of Object.values(options.jobs)) {
        await boss.work<object>(
          job.id,
          {
            batchSize: 1,
            localConcurrency: workOptions.perKind?.[job.id] ?? workOptions.concurrency ?? 1,
            pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
          },
          async ([bossJob]) => execute(bossJob),
        );
      }
    },
    reconcile,
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
  return engine;
}

/**
 * A queue's policy is fixed when pg-boss creates it. A job whose lane policy changed (judge runs became
 * "stately" to queue their own continuation) gets its queue made again, but only while nothing of it is
 * queued or running; otherwise it keeps the old policy until a later start, and says so. Says whether
 * the queue was deleted (to be made again).
 */
async function replaceQueuePolicy(db: Database, boss: PgBoss, name: string, from: string, to: string): Promise<boolean> {
  const [live] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${JOB_QUEUE_SCHEMA}.job WHERE name = $1 AND state IN ('created', 'retry', 'active')`,
    [name],
  );
  if ((live?.n ?? 0) > 0) {
    console.error(`[jobs] queue ${name} keeps its policy ${from} (not ${to}) while ${live?.n} of its jobs are queued or running`);
    return false;
  }
  await boss.deleteQueue(name);
  return true;
}

/** Where the payload's version travels in the queued job's data (JobRun.payload keeps the payload alone). */
const PAYLOAD_VERSION_KEY = "payloadVersion";

function splitPayloadVersion(data: object): { version: unknown; payload: object } {
  if (!(PAYLOAD_VERSION_KEY in data)) return { version: null, payload: data };
  const { [PAYLOAD_VERSION_KEY]: version, ...payload } = data as Record<string, unknown>;
  return { version, payload };
}

function postgresUrl(db: Database): string {
  if (db.target.kind !== "postgresql") throw new Error("Internal error: a PostgreSQL job engine needs a PostgreSQL target.");
  return db.target.url;
}

function toJson(value: unknown): Prisma.InputJsonValue {
  return JSON.parse(JSON.stringify(value, (_k, v) => (typeof v === "bigint" ? Number(v) : v)) ?? "null");
}

function jsonObject(value: Prisma.InputJsonValue): object {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? value : { value };
}

function outputMessage(output: unknown): string {
  const message = typeof output === "object" && output !== null && "message" in output ? output.message : null;
  return typeof message === "string" ? message : "no heartbeat";
}
