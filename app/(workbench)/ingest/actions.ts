"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { config } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { formAction } from "@/lib/http/form-action";
import type { FormState } from "@/lib/http/form-state";
import { getJobEngine } from "@/lib/jobs/server-engine";
import { getPrisma } from "@/lib/db/server";
import { reopenHoles } from "@/lib/ingest/crawl-holes";

const StartCrawlRequestSchema = z.object({
  repositories: z
    .string()
    .default("")
    .transform((s) => s.trim())
    .transform((s) => (s ? s.split(/[\s,]+/).filter(Boolean) : []))
    .pipe(z.array(z.string().regex(/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/, "Repositories must be written owner/name"))),
  maxMinutes: z.coerce.number().int().min(1).max(600).default(50),
});

export type StartCrawlState = FormState;

const ReopenHolesSchema = z.object({ repository: z.string().regex(/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/, "owner/name") });

/** Given-up pull requests of a repository are retried by the next crawl. */
export const reopenHolesAction = formAction({ roles: ["admin"], input: ReopenHolesSchema }, async (input) => {
  const n = await reopenHoles(await getPrisma(), input.repository);
  revalidatePath("/ingest");
  if (n === 0) throw new AppError("not_found", `${input.repository} has no given-up pull requests.`);
  return `${n} pull request${n === 1 ? "" : "s"} of ${input.repository} will be retried by the next crawl.`;
});

export const startCrawlAction = formAction({ roles: ["admin"], input: StartCrawlRequestSchema }, async (input, user) => {
  const c = config();
  if (!c.GITHUB_TOKEN)
    throw new AppError("not_configured", "GITHUB_TOKEN is not set: add a token to the server's environment, then restart it.");
  // a job: a worker runs it (the app's own or `npm run worker`), one crawl at a time
  const queued = await (await getJobEngine()).enqueue(
    "ingest",
    { repositories: input.repositories.length ? input.repositories : undefined, maxDurationMs: input.maxMinutes * 60_000 },
    { requestedById: user.id },
  );
  revalidatePath("/ingest");
  return queued.existing ? "A crawl is already queued or running; its progress shows below." : "Crawl queued; its progress shows below.";
});
