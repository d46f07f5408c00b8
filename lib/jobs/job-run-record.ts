// The JobRun row: what a page, a CLI and the API read about one job (progress, log, checkpoint,
// error, cancel request). pg-boss owns queueing, retries and singletons; this row owns what the
// user sees, whichever worker process runs the job.
import { z } from "zod";
import type { Prisma, PrismaClient } from "@/lib/db/generated/client";
import { JobRunState } from "@/lib/db/generated/enums";

/** log lines kept per job: the newest, so a long run's log stays one small row */
const LOG_LINES_KEPT = 200;

const LogLineSchema = z.object({ at: z.string(), level: z.enum(["info", "warn", "error"]), message: z.string() });
export type JobLogLine = z.infer<typeof LogLineSchema>;

export async function createJobRun(
  prisma: PrismaClient,
  row: { id: string; kind: string; payload: Prisma.InputJsonValue; requestedById?: string | null },
): Promise<void> {
  // INSERT … ON CONFLICT DO NOTHING: the sender and the worker's first attempt may create the
  // row at the same moment, and Prisma's upsert with an empty update reads then inserts (P2002).
  await prisma.jobRun.createMany({
    data: [{ id: row.id, kind: row.kind, payload: row.payload, requestedById: row.requestedById ?? null }],
    skipDuplicates: true,
  });
}

/** The worker took the job: a new attempt starts from the stored progress and checkpoint. */
export async function startAttempt(prisma: PrismaClient, id: string, kind: string, payload: Prisma.InputJsonValue) {
  const now = new Date();
  // a job sent by pg-boss's scheduler has no row yet
  await createJobRun(prisma, { id, kind, payload });
  const rows = await prisma.$queryRaw<{ done: number; checkpoint: unknown; cancelRequested: boolean; attempts: number }[]>`
    UPDATE "JobRun" SET state = 'running', attempts = attempts + 1, "attemptDone" = done, "attemptStartAt" = ${now},
      error = NULL, "updatedAt" = ${now}
    WHERE id = ${id} RETURNING done, checkpoint, "cancelRequested", attempts`;
  return rows[0];
}

export interface ProgressUpdate {
  done: number;
  total?: number | null;
  unit?: string;
  checkpoint?: Prisma.InputJsonValue;
}

/** Stores progress; returns whether someone asked to cancel the job since. */
export async function storeProgress(prisma: PrismaClient, id: string, update: ProgressUpdate): Promise<{ cancelRequested: boolean }> {
  const row = await prisma.jobRun.update({
    where: { id },
    data: {
      done: update.done,
      ...(update.total !== undefined ? { total: update.total } : {}),
      ...(update.unit ? { unit: update.unit } : {}),
      ...(update.checkpoint !== undefined ? { checkpoint: update.checkpoint } : {}),
    },
    select: { cancelRequested: true },
  });
  return row;
}

export async function appendLog(prisma: PrismaClient, id: string, level: JobLogLine["level"], message: string): Promise<void> {
  const line = JSON.stringify([{ at: new Date().toISOString(), level, message }]);
  // append and keep the newest LOG_LINES_KEPT in one statement, so two writers never lose a line
  await prisma.$executeRaw`
    UPDATE "JobRun" SET log = (
      SELECT COALESCE(jsonb_agg(e ORDER BY n), '[]'::jsonb) FROM (
        SELECT e, n FROM jsonb_array_elements(log || ${line}::jsonb) WITH ORDINALITY AS t(e, n)
        ORDER BY n DESC LIMIT ${LOG_LINES_KEPT}
      ) newest
    ), "updatedAt" = now() WHERE id = ${id}`;
}

export async function finishJobRun(
  prisma: PrismaClient,
  id: string,
  outcome: { state: "completed"; result: Prisma.InputJsonValue } | { state: "cancelled" } | { state: "failed" | "retrying"; error: string },
): Promise<void> {
  const final = outcome.state !== "retrying";
  await prisma.jobRun.update({
    where: { id },
    data: {
      state: outcome.state,
      ...(outcome.state === "completed" ? { result: outcome.result } : {}),
      ...(outcome.state === "failed" || outcome.state === "retrying" ? { error: outcome.error } : {}),
      ...(final ? { finishedAt: new Date() } : {}),
    },
  });
}

/** Marks the run for cancelling: a queued one is cancelled at once, a running one at its next progress report. */
export async function requestCancel(prisma: PrismaClient, id: string): Promise<boolean> {
  const { count } = await prisma.jobRun.updateMany({
    where: { id, state: { in: ["queued", "running", "retrying"] } },
    data: { cancelRequested: true },
  });
  await prisma.jobRun.updateMany({
    where: { id, state: { in: ["queued", "retrying"] } },
    data: { state: "cancelled", finishedAt: new Date() },
  });
  return count === 1;
}

export const JobRunViewSchema = z.object({
  id: z.string(),
  kind: z.string(),
  state: z.enum(JobRunState),
  done: z.number(),
  total: z.number().nullable(),
  unit: z.string(),
  attempts: z.number(),
  /** items per second in the current attempt */
  rate: z.number().nullable(),
  /** seconds left at that rate */
  etaSeconds: z.number().nullable(),
  error: z.string().nullable(),
  cancelRequested: z.boolean(),
  log: z.array(LogLineSchema),
  result: z.unknown(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type JobRunView = z.infer<typeof JobRunViewSchema>;

type JobRunRow = Prisma.JobRunGetPayload<object>;

function viewJobRun(row: JobRunRow, now = new Date()): JobRunView {
  const seconds = row.attemptStartAt ? (now.getTime() - row.attemptStartAt.getTime()) / 1000 : 0;
  const attemptWork = row.done - row.attemptDone;
  const rate = row.state === "running" && seconds > 0 && attemptWork > 0 ? attemptWork / seconds : null;
  const etaSeconds = rate && row.total !== null ? Math.max(0, (row.total - row.done) / rate) : null;
  const log = z.array(LogLineSchema).safeParse(row.log);
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    done: row.done,
    total: row.total,
    unit: row.unit,
    attempts: row.attempts,
    rate,
    etaSeconds,
    error: row.error,
    cancelRequested: row.cancelRequested,
    log: log.success ? log.data : [],
    result: row.result,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export async function readJobRun(prisma: PrismaClient, id: string): Promise<JobRunView | null> {
  const row = await prisma.jobRun.findUnique({ where: { id } });
  return row ? viewJobRun(row) : null;
}

/** The newest runs, of some kinds or all. */
export async function listJobRuns(prisma: PrismaClient, options: { kinds?: string[]; take?: number } = {}): Promise<JobRunView[]> {
  const rows = await prisma.jobRun.findMany({
    where: options.kinds ? { kind: { in: options.kinds } } : {},
    orderBy: { createdAt: "desc" },
    take: options.take ?? 20,
  });
  const now = new Date();
  return rows.map((r) => viewJobRun(r, now));
}

/** Whether a job of these kinds is running or waiting to retry. */
export async function anyJobActive(prisma: PrismaClient, kinds: string[]): Promise<boolean> {
  return (await prisma.jobRun.count({ where: { kind: { in: kinds }, state: { in: ["running", "retrying"] } } })) > 0;
}
