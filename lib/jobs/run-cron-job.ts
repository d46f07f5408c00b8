// The cron route's work, framework-free: check the shared secret, find the job, validate the
// payload, run it. Returns an HTTP status and a JSON body; the route only translates.
import { verifyCronSecret } from "./verify-cron-secret";
import { JOBS, type JobContext } from "./registry";

export interface CronResponse {
  status: number;
  body: unknown;
}

/**
 * `payload` is the parsed body, or a function that reads it: the route passes a reader so that a
 * request without the right secret is refused before its body is read at all.
 */
export async function runCronJob(
  jobId: string,
  authorization: string | null,
  payload: unknown | (() => Promise<unknown>),
  ctx: JobContext,
): Promise<CronResponse> {
  if (!ctx.config.CRON_SECRET) return { status: 503, body: { error: "Cron is disabled: set CRON_SECRET (16+ characters) to enable it." } };
  if (!verifyCronSecret(authorization, ctx.config.CRON_SECRET)) return { status: 401, body: { error: "Missing or wrong cron secret." } };
  const job = JOBS[jobId];
  if (!job) return { status: 404, body: { error: `No job named "${jobId}". Known jobs: ${Object.keys(JOBS).join(", ")}.` } };
  const rawPayload = typeof payload === "function" ? await payload() : payload;
  const parsed = job.payloadSchema.safeParse(rawPayload ?? {});
  if (!parsed.success) {
    return {
      status: 422,
      body: { error: "Invalid job payload.", issues: parsed.error.issues.map((i) => `${i.path.join(".") || "payload"}: ${i.message}`) },
    };
  }
  const result = await job.run(ctx, parsed.data);
  return { status: 200, body: { job: job.id, result } };
}
