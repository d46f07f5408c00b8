// Every background job in one place. The embedded worker, `npm run worker`, the cron route (which
// only enqueues), the pages and the tests all reach jobs through this registry, so no job logic
// lives only inside a route. Handlers import their stage when they run, so a process that only
// queues jobs (a page, the cron route) loads their payload schemas, not the crawler or the judge.
import { z } from "zod";
import { IngestRequestSchema } from "@/lib/ingest/ingest-request";
import { defineJob, type Job } from "./job-definition";
import { EXPORT_JOBS } from "./export-jobs";
import { JUDGE_JOBS } from "./judge-jobs";
import { SCREENING_JOBS } from "./screening-jobs";
import { TEACH_JOBS } from "./teach-jobs";

export type { Job, JobContext, JobRunHandle } from "./job-definition";

const ingestJob = defineJob({
  id: "ingest",
  title: "crawl",
  // hourly: each run resumes from checkpoints and spends about one hour of GraphQL budget
  schedule: "7 * * * *",
  payloadSchema: IngestRequestSchema,
  // one crawl at a time; a crawl stopped by a crash resumes from its checkpoints on the retry
  singletonKey: () => "",
  retryLimit: 3,
  retryDelaySeconds: 30,
  run: async (ctx, payload) => {
    const { runIngest } = await import("@/lib/ingest/run-ingest");
    const summary = await runIngest({
      db: ctx.db,
      config: ctx.config,
      trigger: ctx.trigger,
      request: payload,
      gitUrlFor: ctx.gitUrlFor,
      github: ctx.github,
      signal: ctx.run?.signal,
      onProgress: (p) => {
        if (p.type === "repository")
          void ctx.run?.progress({ done: p.reposDone, total: p.reposTotal, unit: "repositories" }).catch(() => undefined);
        if (p.type === "log") void ctx.run?.log(p.message, p.level);
      },
    });
    if (summary.status === "failed") throw new Error(summary.error ?? "The crawl failed; see its run on /ingest.");
    if (summary.status === "partial") await ctx.run?.log(`partial: ${summary.error}; see "Pull requests not harvested" on /ingest`, "warn");
    return summary;
  },
});

const SnapshotsPayloadSchema = z.object({ fetch: z.boolean().default(true), recompute: z.boolean().default(false) });

/** Snapshots of instances that have none (databases harvested before issue #12); a no-op once all have one. */
const snapshotsJob = defineJob({
  id: "snapshots",
  title: "snapshot backfill",
  schedule: "37 * * * *",
  payloadSchema: SnapshotsPayloadSchema,
  singletonKey: () => "",
  run: async (ctx, payload) =>
    (await import("@/lib/snapshot/backfill-snapshots")).backfillSnapshots(ctx.db.prisma, {
      mirrorsDir: ctx.config.MIRRORS_DIR,
      githubApiUrl: ctx.config.GITHUB_API_URL,
      fetch: payload.fetch,
      recompute: payload.recompute,
      gitUrlFor: ctx.gitUrlFor,
    }),
});

export const JOBS: Record<string, Job<z.ZodType>> = Object.fromEntries(
  [ingestJob, snapshotsJob, ...SCREENING_JOBS, ...EXPORT_JOBS, ...JUDGE_JOBS, ...TEACH_JOBS].map((job) => [job.id, job]),
);
