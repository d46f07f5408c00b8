// The cron route's work, framework-free: check the shared secret, find the job, validate the
// payload, queue it. The route never runs the job itself: a worker does (the app's own, or
// `npm run worker`), so a platform cron's time limit never cuts a crawl short. Returns an HTTP
// status and a JSON body; the route only translates.
import type { Config } from "@/lib/config";
import type { ErrorAnswer } from "@/lib/http/error-response";
import type { EnqueueResult } from "./job-engine";
import { JOBS } from "./registry";
import { verifyCronSecret } from "./verify-cron-secret";

/** 202 with the queued job, or a refusal in every route's error shape ({ code, error, issues? }). */
export type CronResponse = { status: 202; body: { job: string; id: string; alreadyQueued: boolean } } | ErrorAnswer;

export interface CronContext {
  config: Pick<Config, "CRON_SECRET">;
  enqueue(kind: string, payload: unknown): Promise<EnqueueResult>;
}

/**
 * `payload` is the parsed body, or a function that reads it: the route passes a reader so that a
 * request without the right secret is refused before its body is read at all.
 */
export async function runCronJob(
  jobId: string,
  authorization: string | null,
  payload: unknown | (() => Promise<unknown>),
  ctx: CronContext,
): Promise<CronResponse> {
  if (!ctx.config.CRON_SECRET)
    return { status: 503, body: { code: "not_configured", error: "Cron is disabled: set CRON_SECRET (16+ characters) to enable it." } };
  if (!verifyCronSecret(authorization, ctx.config.CRON_SECRET))
    return { status: 401, body: { code: "unauthorized", error: "Missing or wrong cron secret." } };
  const job = JOBS[jobId];
  if (!job)
    return { status: 404, body: { code: "not_found", error: `No job named "${jobId}". Known jobs: ${Object.keys(JOBS).join(", ")}.` } };
  const rawPayload = typeof payload === "function" ? await payload() : payload;
  const parsed = job.payloadSchema.safeParse(rawPayload ?? {});
  if (!parsed.success) {
    return {
      status: 422,
      body: {
        code: "invalid_input",
        error: "Invalid job payload.",
        issues: parsed.error.issues.map((i) => `${i.path.join(".") || "payload"}: ${i.message}`),
      },
    };
  }
  const queued = await ctx.enqueue(job.id, parsed.data);
  return { status: 202, body: { job: job.id, id: queued.id, alreadyQueued: queued.existing } };
}
