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
import { acceptMissingHoles } from "@/lib/ingest/accept-missing-holes";

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

/** Given-up pull requests of a repository are retried: by the next crawl, or by a crawl of it queued now. */
export const reopenHolesAction = formAction({ roles: ["admin"], input: ReopenHolesSchema }, async (input, user, form) => {
  const now = form.get("now") === "1";
  if (now) githubToken();
  const n = await reopenHoles(await getPrisma(), input.repository);
  if (n === 0) {
    revalidatePath("/ingest");
    throw new AppError("not_found", `${input.repository} has no given-up pull requests.`);
  }
  const prs = `${n} pull request${n === 1 ? "" : "s"} of ${input.repository}`;
  if (!now) {
    revalidatePath("/ingest");
    return `${prs} will be retried by the next crawl.`;
  }
  const queued = await (await getJobEngine()).enqueue("ingest", { repositories: [input.repository] }, { requestedById: user.id });
  revalidatePath("/ingest");
  return queued.existing
    ? `${prs} reopened; a crawl is already queued or running, and the next one retries them.`
    : `${prs} reopened; a crawl of ${input.repository} is queued to retry them now.`;
});

const AcceptMissingSchema = ReopenHolesSchema.extend({ key: z.string().min(1).optional() });

/** A person accepts given-up pull requests as missing (audited): later runs stop saying partial for them (#44). */
export const acceptMissingAction = formAction({ roles: ["admin"], input: AcceptMissingSchema }, async (input, user) => {
  const n = await acceptMissingHoles(await getPrisma(), {
    repository: input.repository,
    keys: input.key ? [input.key] : undefined,
    actorId: user.id,
  });
  revalidatePath("/ingest");
  if (n === 0) throw new AppError("not_found", `${input.repository} has no given-up pull request to accept as missing.`);
  return `${n} pull request${n === 1 ? "" : "s"} of ${input.repository} accepted as missing.`;
});

function githubToken(): string {
  const token = config().GITHUB_TOKEN;
  if (!token) throw new AppError("not_configured", "GITHUB_TOKEN is not set: add a token to the server's environment, then restart it.");
  return token;
}

export const startCrawlAction = formAction({ roles: ["admin"], input: StartCrawlRequestSchema }, async (input, user) => {
  githubToken();
  // a job: a worker runs it (the app's own or `npm run worker`), one crawl at a time
  const queued = await (await getJobEngine()).enqueue(
    "ingest",
    { repositories: input.repositories.length ? input.repositories : undefined, maxDurationMs: input.maxMinutes * 60_000 },
    { requestedById: user.id },
  );
  revalidatePath("/ingest");
  return queued.existing ? "A crawl is already queued or running; its progress shows below." : "Crawl queued; its progress shows below.";
});
