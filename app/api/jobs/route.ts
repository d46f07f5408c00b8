import { getPrisma } from "@/lib/db/server";
import { route } from "@/lib/http/route";
import { JobListQuerySchema } from "@/lib/jobs/job-requests";
import { listJobRuns } from "@/lib/jobs/job-run-record";

/** ?kinds=screen-rules,assign&take=10: the newest job runs with progress and log (admins). */
export const GET = route({ roles: ["admin"], query: JobListQuerySchema }, async ({ query }) => listJobRuns(await getPrisma(), query));
