// What /screen shows at the top: the funnel and the two queue sizes. Counting them walks every
// decision (half a million rows at the paper's scale, 1-2 s), so the counts are kept in a Setting
// with the screening version they were counted at; a trigger moves that version on any write to
// decisions, PRs or instances (migration 20261203093000), and the next view counts again.
import { z } from "zod";
import type { PrismaClient } from "@/lib/db/generated/client";
import { type ScreeningFunnel, screeningFunnel } from "./funnel";
import { manualQueue } from "./manual-screening";
import { loadScreeningHandoff, type ScreeningHandoff, ScreeningHandoffSchema } from "./screen-gate";

const SCREENING_VERSION_KEY = "screen.version";
const OVERVIEW_KEY = "screen.overview";

export interface ScreeningOverview {
  funnel: ScreeningFunnel;
  queues: { pr: number; comment: number };
  /** where screening hands comments to annotation: what is ready and what waits, for which screens */
  handoff: ScreeningHandoff;
  countedAt: Date;
  /** decisions changed since countedAt (a screening run is writing them); the page says so */
  stale: boolean;
}

/** While a run writes decisions every second, recount at most this often. */
const RECOUNT_WHILE_RUNNING_MS = 30_000;

const LastRunSchema = z
  .object({
    id: z.string(),
    startedAt: z.coerce.date(),
    finishedAt: z.coerce.date().nullable(),
    version: z.string(),
    kept: z.number(),
    dropped: z.number(),
  })
  .nullable();
const StepSchema = z.object({
  id: z.string(),
  subject: z.enum(["pull_request", "instance"]),
  label: z.string(),
  description: z.string(),
  filterKey: z.string().nullable(),
  kind: z.enum(["total", "cascade", "rule", "llm"]),
  reached: z.number(),
  dropped: z.number(),
  awaiting: z.number(),
  remaining: z.number(),
  lastRun: LastRunSchema,
});
const StoredOverviewSchema = z.object({
  version: z.number(),
  /** the hand-off depends on whether an LLM is configured: counted again when that changes */
  llmConfigured: z.boolean(),
  handoff: ScreeningHandoffSchema,
  countedAt: z.coerce.date(),
  funnel: z.object({ pullRequests: z.array(StepSchema), instances: z.array(StepSchema) }),
  queues: z.object({ pr: z.number(), comment: z.number() }),
});

async function readVersion(prisma: PrismaClient): Promise<number> {
  const row = await prisma.setting.findUnique({ where: { key: SCREENING_VERSION_KEY } });
  return typeof row?.value === "number" ? row.value : 0;
}

/**
 * The funnel and queue sizes, counted again only when the screening version moved. While a
 * screening job runs (`screeningRunning`), counts up to 30 s old are shown, marked stale: a count
 * takes seconds at the paper's scale and the run moves the version with every batch.
 */
export async function screeningOverview(
  prisma: PrismaClient,
  options: { screeningRunning?: boolean; llmConfigured: boolean },
): Promise<ScreeningOverview> {
  const [version, stored] = await Promise.all([readVersion(prisma), prisma.setting.findUnique({ where: { key: OVERVIEW_KEY } })]);
  const parsed = StoredOverviewSchema.safeParse(stored?.value);
  const cached = parsed.success && parsed.data.llmConfigured === options.llmConfigured ? parsed.data : null;
  if (cached && cached.version === version) return { ...cached, stale: false };
  if (cached && options.screeningRunning && Date.now() - cached.countedAt.getTime() < RECOUNT_WHILE_RUNNING_MS)
    return { ...cached, stale: true };
  // counted at `version`: a write during the count moves the version, so the next view counts again
  const [funnel, pr, comment, handoff] = await Promise.all([
    screeningFunnel(prisma),
    manualQueue(prisma, "pr", { take: 0 }),
    manualQueue(prisma, "comment", { take: 0 }),
    loadScreeningHandoff(prisma, { llmConfigured: options.llmConfigured }),
  ]);
  const overview = { funnel, queues: { pr: pr.total, comment: comment.total }, handoff, countedAt: new Date() };
  const value = JSON.parse(JSON.stringify({ version, llmConfigured: options.llmConfigured, ...overview }));
  await prisma.setting.upsert({ where: { key: OVERVIEW_KEY }, create: { key: OVERVIEW_KEY, value }, update: { value } });
  return { ...overview, stale: false };
}
