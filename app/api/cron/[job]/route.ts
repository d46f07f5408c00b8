import { z } from "zod";
import { config } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { readLimitedText } from "@/lib/http/read-limited-text";
import { route } from "@/lib/http/route";
import { runCronJob } from "@/lib/jobs/run-cron-job";
import { getJobEngine } from "@/lib/jobs/server-engine";
import { parseUntrustedJson } from "@/lib/untrusted-json";

export const dynamic = "force-dynamic";

// a job's payload is a few fields; anything larger is refused while it streams in
const MAX_PAYLOAD_BYTES = 64 * 1024;

// Queues the job and answers 202 with its id; a worker runs it (see README "Jobs and workers").
// Public to route(): no session; runCronJob checks the shared secret before anything reads the body.
export const POST = route({ roles: "public", params: z.object({ job: z.string() }) }, async ({ params, request }) => {
  // the body is read only once the secret has been checked (runCronJob calls this after it)
  const readPayload = async (): Promise<unknown> => {
    const text = await readLimitedText(request, MAX_PAYLOAD_BYTES);
    if (!text.trim()) return {};
    const reading = parseUntrustedJson(text);
    if (!reading.ok) throw new AppError("invalid_input", `The body must be JSON: ${reading.reason}.`);
    return reading.value;
  };
  const engine = await getJobEngine();
  const res = await runCronJob(params.job, request.headers.get("authorization"), readPayload, {
    config: config(),
    enqueue: engine.enqueue,
  });
  return Response.json(res.body, { status: res.status });
});
