import { NextResponse } from "next/server";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db/server";
import { runCronJob } from "@/lib/jobs/run-cron-job";

export const dynamic = "force-dynamic";
// a crawl invocation may run for minutes; pass maxDurationMs in the payload to fit the platform limit
export const maxDuration = 800;

export async function POST(req: Request, { params }: { params: Promise<{ job: string }> }) {
  const { job } = await params;
  let payload: unknown = {};
  const text = await req.text();
  if (text.trim()) {
    try {
      payload = JSON.parse(text);
    } catch {
      return NextResponse.json({ error: "Body must be JSON." }, { status: 400 });
    }
  }
  const res = await runCronJob(job, req.headers.get("authorization"), payload, { db: await getDb(), config: config(), trigger: "cron" });
  return NextResponse.json(res.body, { status: res.status });
}
