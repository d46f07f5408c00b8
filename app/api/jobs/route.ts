import { requireRole } from "@/lib/auth/current-user";
import { getPrisma } from "@/lib/db/server";
import { respond } from "@/lib/http/error-response";
import { JobListQuerySchema } from "@/lib/jobs/job-requests";
import { listJobRuns } from "@/lib/jobs/job-run-record";

/** ?kinds=screen-rules,assign&take=10: the newest job runs with progress and log (admins). */
export async function GET(request: Request) {
  return respond(async () => {
    await requireRole("admin");
    const query = JobListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    return listJobRuns(await getPrisma(), query);
  });
}
