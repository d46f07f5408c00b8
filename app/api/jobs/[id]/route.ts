import { z } from "zod";
import { getPrisma } from "@/lib/db/server";
import { AppError } from "@/lib/errors";
import { route } from "@/lib/http/route";
import { readJobRun } from "@/lib/jobs/job-run-record";
import { getJobEngine } from "@/lib/jobs/server-engine";

const JobPathSchema = z.object({ id: z.string() });

/** One job run: state, progress (done/total, rate, ETA), log, error. */
export const GET = route({ roles: ["admin"], params: JobPathSchema }, async ({ params }) => {
  const run = await readJobRun(await getPrisma(), params.id);
  if (!run) throw new AppError("not_found", "No such job.");
  return run;
});

/** Cancels the job: a queued one never starts, a running one stops at its next progress report. */
export const DELETE = route({ roles: ["admin"], params: JobPathSchema }, async ({ params }) => ({
  id: params.id,
  cancelRequested: await (await getJobEngine()).cancel(params.id),
}));
