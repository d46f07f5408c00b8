"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireRole } from "@/lib/auth/current-user";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db/server";
import { runIngest } from "@/lib/ingest/run-ingest";

const StartCrawlRequestSchema = z.object({
  repositories: z
    .string()
    .trim()
    .transform((s) => (s ? s.split(/[\s,]+/).filter(Boolean) : []))
    .pipe(z.array(z.string().regex(/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/, "Repositories must be written owner/name"))),
  maxMinutes: z.coerce.number().int().min(1).max(600).default(50),
});

export type StartCrawlState = { message?: string; error?: string };

export async function startCrawlAction(_prev: StartCrawlState, form: FormData): Promise<StartCrawlState> {
  const user = await requireRole("admin");
  const parsed = StartCrawlRequestSchema.safeParse({ repositories: form.get("repositories") ?? "", maxMinutes: form.get("maxMinutes") ?? 50 });
  if (!parsed.success) return { error: parsed.error.issues[0].message };
  const c = config();
  if (!c.GITHUB_TOKEN) return { error: "GITHUB_TOKEN is not set: add a token to the server's environment, then restart it." };
  const db = await getDb();
  const running = await db.prisma.crawlRun.count({ where: { status: "running" } });
  if (running) return { error: "A crawl is already running; its progress shows below." };
  // Runs in the server process; the database lock keeps it the only run even if another worker starts one.
  void runIngest({
    db,
    config: c,
    trigger: `ui:${user.login}`,
    request: { repositories: parsed.data.repositories.length ? parsed.data.repositories : undefined, maxDurationMs: parsed.data.maxMinutes * 60_000 },
  }).finally(() => revalidatePath("/ingest"));
  revalidatePath("/ingest");
  return { message: "Crawl started. Refresh to follow its progress." };
}
