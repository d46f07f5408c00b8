"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db/server";
import { AppError } from "@/lib/errors";
import { formAction } from "@/lib/http/form-action";
import type { FormState } from "@/lib/http/form-state";
import { crawlIsRunning } from "@/lib/ingest/crawl-views";
import { runIngest } from "@/lib/ingest/run-ingest";

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

export const startCrawlAction = formAction({ roles: ["admin"], input: StartCrawlRequestSchema }, async (input, user) => {
  const c = config();
  if (!c.GITHUB_TOKEN)
    throw new AppError("not_configured", "GITHUB_TOKEN is not set: add a token to the server's environment, then restart it.");
  const db = await getDb();
  if (await crawlIsRunning(db.prisma)) throw new AppError("busy", "A crawl is already running; its progress shows below.");
  // Runs in the server process; the database lock keeps it the only run even if another worker starts one.
  void runIngest({
    db,
    config: c,
    trigger: `ui:${user.login}`,
    request: { repositories: input.repositories.length ? input.repositories : undefined, maxDurationMs: input.maxMinutes * 60_000 },
  }).finally(() => revalidatePath("/ingest"));
  revalidatePath("/ingest");
  return "Crawl started. Refresh to follow its progress.";
});
