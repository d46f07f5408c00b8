// Screening and assignment as jobs. The handlers are the stages' own lib/ functions; these wrappers
// add progress, the singleton lane and, for the LLM screen, shards that several workers share. Stage
// code and the LLM client are imported when a job runs, so the registry loads only payload schemas.
import { z } from "zod";
import type { PrismaClient } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { createAuditSample, CreateAuditSampleRequestSchema } from "@/lib/screen/create-audit-sample";
import { RuleFilterKeySchema } from "@/lib/screen/screening-filters";
import { defineJob, type JobContext } from "./job-definition";
import { splitIntoShards } from "./split-into-shards";
import { counted } from "@/lib/text/plural";

const screenRulesJob = defineJob({
  id: "screen-rules",
  title: "rule screening",
  payloadSchema: z.object({ only: RuleFilterKeySchema.optional() }),
  singletonKey: () => "",
  run: async (ctx, payload) => {
    const { prisma } = ctx.db;
    const [{ loadRuleConfig }, { runRuleScreening }] = await Promise.all([
      import("@/lib/screen/rule-config-store"),
      import("@/lib/screen/run-rule-screening"),
    ]);
    const { config } = await loadRuleConfig(prisma);
    const [prs, instances] = await Promise.all([prisma.pullRequest.count(), prisma.instance.count()]);
    let prsDone = 0;
    let instancesDone = 0;
    const report = await runRuleScreening(prisma, config, {
      only: payload.only,
      chunkSize: 5_000,
      onProgress: (e) => {
        if (e.phase === "pull requests screened") prsDone = e.items;
        if (e.phase === "instances screened") instancesDone = e.items;
        void ctx.run?.progress({ done: prsDone + instancesDone, total: prs + instances }).catch(() => undefined);
      },
    });
    await ctx.run?.log(
      `Ran ${counted(report.runs.length, "rule filter")} over ${report.pullRequestsScreened} PRs and ${report.instancesScreened} instances.`,
    );
    return report;
  },
});

const LlmLevelSchema = z.enum(["pr", "comment"]);
const LlmScreenPayloadSchema = z.object({
  level: LlmLevelSchema,
  limit: z.number().int().positive().optional(),
  redecide: z.boolean().default(false),
  promptVersion: z.string().min(1).optional(),
  /** parts the run is split into; each is a job any worker may take */
  shards: z.number().int().min(1).max(64).default(8),
});

const LlmShardPayloadSchema = LlmScreenPayloadSchema.omit({ shards: true }).extend({
  idAfter: z.string().optional(),
  idUpTo: z.string().optional(),
});

const screenLlmShardJob = defineJob({
  id: "screen-llm-shard",
  title: "LLM screening (one shard)",
  payloadSchema: LlmShardPayloadSchema,
  // the same shard never runs twice at once; different shards run side by side
  singletonKey: (p) => `${p.level}:${p.idAfter ?? ""}:${p.idUpTo ?? ""}`,
  run: async (ctx, payload) => {
    const { prisma } = ctx.db;
    const [{ screeningLlmClient }, { runLlmScreening }, { createDbLlmCache }] = await Promise.all([
      import("@/lib/llm/configured-llm"),
      import("@/lib/screen/run-llm-screening"),
      import("@/lib/llm/db-cache"),
    ]);
    const client = screeningLlmClient(ctx.config);
    // a retry resumes: what the last attempt answered is stored, so it is no longer eligible
    const before = ctx.run?.doneBefore ?? 0;
    return runLlmScreening(
      prisma,
      {
        client,
        cache: createDbLlmCache(prisma),
        signal: ctx.run?.signal,
        unlocked: true,
        onProgress: (p) => ctx.run?.progress({ done: before + p.done, total: before + p.eligible }) ?? Promise.resolve(),
      },
      { ...payload, concurrency: ctx.config.LLM_CONCURRENCY, batchSize: 50, pageSize: 500 },
    );
  },
  describe: (r) =>
    `${r.filterKey} (${r.promptVersion}, ${r.model}): kept ${r.kept}, dropped ${r.dropped}, errors ${r.stats.errors}, cache hits ${r.stats.cacheHits}.` +
    (r.stats.stoppedBecause ? ` Stopped early: ${r.stats.stoppedBecause}` : "") +
    (r.errors[0] ? ` First error: ${r.errors[0].message}` : ""),
});

const screenLlmJob = defineJob({
  id: "screen-llm",
  title: "LLM screening",
  payloadSchema: LlmScreenPayloadSchema,
  singletonKey: (p) => p.level,
  retryLimit: 1,
  run: async (ctx, payload) => {
    const { prisma } = ctx.db;
    (await import("@/lib/llm/configured-llm")).screeningLlmClient(ctx.config); // fails here, once, with the settings to add, when no LLM is configured
    const jobs = ctx.jobs;
    if (!jobs) throw new Error("Internal error: the LLM screen fans out into jobs and needs the job engine.");
    const ids = await idsOfLevel(prisma, payload.level);
    const { shards, ...rest } = payload;
    const ranges = splitIntoShards(ids, shards);
    const perShardLimit = payload.limit ? Math.ceil(payload.limit / ranges.length) : undefined;
    // a retried parent finds its shards in their singleton lanes (or finished, then they are no-ops)
    const children = [];
    for (const range of ranges) children.push(await jobs.enqueue("screen-llm-shard", { ...rest, ...range, limit: perShardLimit }));
    await ctx.run?.log(`Split ${ids.length} ${payload.level === "pr" ? "pull requests" : "instances"} into ${ranges.length} shards.`);
    return waitForShards(
      ctx,
      children.map((c) => c.id),
    );
  },
});

async function idsOfLevel(prisma: PrismaClient, level: z.infer<typeof LlmLevelSchema>): Promise<string[]> {
  return level === "pr"
    ? (await prisma.pullRequest.findMany({ select: { id: true }, orderBy: { id: "asc" } })).map((r) => r.id)
    : (await prisma.instance.findMany({ where: { source: "human" }, select: { id: true }, orderBy: { id: "asc" } })).map((r) => r.id);
}

/** Follows the shards' JobRun rows: summed progress on the parent, cancel passed down, first error up. */
async function waitForShards(ctx: JobContext, ids: string[]) {
  const { prisma } = ctx.db;
  for (;;) {
    const rows = await prisma.jobRun.findMany({
      where: { id: { in: ids } },
      select: { id: true, state: true, done: true, total: true, error: true },
    });
    const done = rows.reduce((n, r) => n + r.done, 0);
    const total = rows.reduce((n, r) => n + (r.total ?? 0), 0);
    try {
      await ctx.run?.progress({ done, total });
    } catch (e) {
      await Promise.all(ids.map((id) => ctx.jobs?.cancel(id).catch(() => false)));
      throw e;
    }
    const finished = rows.filter((r) => ["completed", "failed", "cancelled"].includes(r.state));
    if (rows.length === ids.length && finished.length === ids.length) {
      const failed = rows.filter((r) => r.state !== "completed");
      if (failed.length > 0)
        throw new AppError(
          "upstream_error",
          `${failed.length} of ${ids.length} shards did not finish: ${failed.map((r) => r.error ?? r.state).join("; ")}`,
        );
      return { shards: ids.length, screened: done };
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

const assignJob = defineJob({
  id: "assign",
  title: "assignment",
  payloadSchema: z.object({
    overlap: z.number().int().min(1).max(10).optional(),
    includeCandidates: z.boolean().default(false),
    actorId: z.string().nullable().default(null),
  }),
  singletonKey: () => "",
  run: async (ctx, payload) =>
    (await import("@/lib/annotate/assign-instances")).assignInstances(ctx.db.prisma, {
      ...payload,
      gate: await (await import("@/lib/screen/screen-gate")).loadScreenGate(ctx.db.prisma, {
        llmConfigured: (await import("@/lib/llm/configured-llm")).screeningLlmStatus(ctx.config).configured,
      }),
      onProgress: (p) => ctx.run?.progress({ done: p.done, total: p.total, unit: "instances" }) ?? Promise.resolve(),
    }),
  describe: (r) =>
    r.assignments === 0
      ? "Nothing to assign: every ready instance already has its annotators."
      : `Assigned ${counted(r.assignments, "label")} over ${counted(r.instances, "instance")} (overlap ${r.overlap}).` +
        (r.shortfall ? ` ${counted(r.shortfall, "instance")} got fewer annotators than the overlap: add annotators.` : ""),
});

const auditSampleJob = defineJob({
  id: "audit-sample",
  title: "audit-sample draw",
  payloadSchema: CreateAuditSampleRequestSchema.extend({ actorId: z.string().nullable().default(null) }),
  singletonKey: (p) => p.filterKey,
  run: (ctx, { actorId, ...request }) => createAuditSample(ctx.db.prisma, request, actorId),
  describe: (r) => `Drew audit sample ${r.sampleId}: ${r.size} of ${r.population} decisions.`,
});

export const SCREENING_JOBS = [screenRulesJob, screenLlmJob, screenLlmShardJob, assignJob, auditSampleJob];
