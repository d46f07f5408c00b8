import { requireRole } from "@/lib/auth/current-user";
import { getPrisma } from "@/lib/db/server";
import { AppError } from "@/lib/errors";
import { respond } from "@/lib/http/error-response";
import { readJobRun } from "@/lib/jobs/job-run-record";
import { getJobEngine } from "@/lib/jobs/server-engine";

type Params = { params: Promise<{ id: string }> };

/** One job run: state, progress (done/total, rate, ETA), log, error. */
export async function GET(_request: Request, { params }: Params) {
  return respond(async () => {
    await requireRole("admin");
    const run = await readJobRun(await getPrisma(), (await params).id);
    if (!run) throw new AppError("not_found", "No such job.");
    return run;
  });
}

/** Cancels the job: a queued one never starts, a running one stops at its next progress report. */
export async function DELETE(_request: Request, { params }: Params) {
  return respond(async () => {
    await requireRole("admin");
    const { id } = await params;
    const asked = await (await getJobEngine()).cancel(id);
    return { id, cancelRequested: asked };
  });
}
