import { NextResponse } from "next/server";
import { config } from "@/lib/config";
import { AppError, isAppError } from "@/lib/errors";
import { readLimitedText } from "@/lib/http/read-limited-text";
import { runCronJob } from "@/lib/jobs/run-cron-job";
import { getJobEngine } from "@/lib/jobs/server-engine";
import { parseUntrustedJson } from "@/lib/untrusted-json";

export const dynamic = "force-dynamic";

// a job's payload is a few fields; anything larger is refused while it streams in
const MAX_PAYLOAD_BYTES = 64 * 1024;

// Queues the job and answers 202 with its id; a worker runs it (see README "Jobs and workers").
export async function POST(req: Request, { params }: { params: Promise<{ job: string }> }) {
  const { job } = await params;
  // the body is read only once the secret has been checked (runCronJob calls this after it)
  const readPayload = async (): Promise<unknown> => {
    const text = await readLimitedText(req, MAX_PAYLOAD_BYTES);
    if (!text.trim()) return {};
    const reading = parseUntrustedJson(text);
    if (!reading.ok) throw new AppError("invalid_input", `The body must be JSON: ${reading.reason}.`);
    return reading.value;
  };
  try {
    const engine = await getJobEngine();
    const res = await runCronJob(job, req.headers.get("authorization"), readPayload, { config: config(), enqueue: engine.enqueue });
    return NextResponse.json(res.body, { status: res.status });
  } catch (e) {
    if (isAppError(e)) return NextResponse.json({ code: e.code, error: e.message }, { status: e.status });
    throw e;
  }
}
