// What a job is: an id (its pg-boss queue), a zod payload, an idempotent handler in lib/, how it
// retries, whether two may run at once, and an optional schedule. The runner (lib/jobs/job-engine.ts)
// only queues, reports progress and records outcomes; the work stays in the stage's lib/ function.
import type { z } from "zod";
import type { Config } from "@/lib/config";
import type { Database } from "@/lib/db/connection";
import type { RunIngestOptions } from "@/lib/ingest/run-ingest";
import type { ProgressUpdate } from "./job-run-record";

/** What a running handler gets from the runner. */
export interface JobRunHandle {
  id: string;
  /** 1 on the first try, 2 on the first retry, … */
  attempt: number;
  /** what the last attempt stored with its progress; null on a fresh start */
  checkpoint: unknown;
  /** `done` as the last attempt left it (0 on a fresh start) */
  doneBefore: number;
  /** aborted when the job is cancelled or the worker stops */
  signal: AbortSignal;
  /**
   * When the queue fails this attempt as overrun (ms since the epoch: its start plus expireInSeconds). A job
   * that may outlast it stops taking work before then and queues its own continuation (lanePolicy "stately").
   */
  leaseEndsAt: number;
  /** stores progress (and a checkpoint); throws a `cancelled` AppError once someone asked to cancel */
  progress(update: ProgressUpdate): Promise<void>;
  log(message: string, level?: "info" | "warn" | "error"): Promise<void>;
}

export interface JobContext {
  db: Pick<Database, "prisma">;
  config: Config;
  trigger: string;
  /** test seam: where git fetches repositories from */
  gitUrlFor?: RunIngestOptions["gitUrlFor"];
  github?: RunIngestOptions["github"];
  /** the running job's handle; absent when a CLI runs the handler directly */
  run?: JobRunHandle;
  /** queue or cancel other jobs (a job that fans out into shards) */
  jobs?: {
    enqueue(kind: string, payload: unknown): Promise<{ id: string; existing: boolean }>;
    cancel(id: string): Promise<boolean>;
  };
}

export interface Job<S extends z.ZodType, R = unknown> {
  id: string;
  /** short description for pages and --help */
  title: string;
  /** cron expression for pg-boss's scheduler (UTC); unscheduled when absent */
  schedule?: string;
  payloadSchema: S;
  /**
   * The payload's shape, counted: raise it when a change would make a payload queued by an older
   * version of the app mean something else. A worker refuses a job queued with another version (the
   * run says so and is not retried) instead of guessing; a scheduled job is always queued as current.
   */
  payloadVersion?: number;
  /**
   * Jobs that must never run twice at once: the key of the payload's lane (one lane when the
   * function returns ""). A second request for a busy lane returns the queued or running job.
   */
  singletonKey?: (payload: z.output<S>) => string;
  /**
   * How a singleton lane queues: "exclusive" (the default) holds one job, queued or running; "stately" holds
   * one running and one queued, so a running job can queue its continuation, which starts once it ends.
   */
  lanePolicy?: "exclusive" | "stately";
  /** retries after the first failure, with exponential backoff from retryDelaySeconds */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** an attempt that neither finishes nor reports progress for this long is failed and retried */
  expireInSeconds?: number;
  run(ctx: JobContext, payload: z.output<S>): Promise<R>;
  /** one line for the job's log when it completes ("Assigned 41,701 instances") */
  describe?: (result: R) => string;
}

/** Erases a job's payload type for the registry (each job parses its own payload first). */
export function defineJob<S extends z.ZodType, R>(job: Job<S, R>): Job<z.ZodType> {
  const { describe, ...rest } = job;
  return {
    ...rest,
    singletonKey: job.singletonKey ? (payload) => job.singletonKey?.(job.payloadSchema.parse(payload)) ?? "" : undefined,
    run: async (ctx, payload) => {
      const result = await job.run(ctx, job.payloadSchema.parse(payload));
      if (describe) await ctx.run?.log(describe(result));
      return result;
    },
  };
}
