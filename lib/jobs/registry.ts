// Every background job in one place: an id, the schedule a platform cron should use, the zod schema
// of its payload, and the function that does the work. The CLI, the cron route and tests all run
// jobs through this registry, so no job logic lives only inside a route.
import { z } from "zod";
import type { Config } from "@/lib/config";
import type { Database } from "@/lib/db/connection";
import { IngestRequestSchema } from "@/lib/ingest/ingest-request";
import { runIngest, type RunIngestOptions } from "@/lib/ingest/run-ingest";
import { backfillSnapshots } from "@/lib/snapshot/backfill-snapshots";

export interface JobContext {
  db: Pick<Database, "prisma">;
  config: Config;
  trigger: string;
  /** test seam: where git fetches repositories from */
  gitUrlFor?: RunIngestOptions["gitUrlFor"];
  github?: RunIngestOptions["github"];
}

export interface Job<S extends z.ZodType> {
  id: string;
  /** cron expression for the platform scheduler */
  schedule: string;
  payloadSchema: S;
  run(ctx: JobContext, payload: z.output<S>): Promise<unknown>;
}

const ingestJob: Job<typeof IngestRequestSchema> = {
  id: "ingest",
  // hourly: each invocation resumes from checkpoints and spends about one hour of GraphQL budget
  schedule: "7 * * * *",
  payloadSchema: IngestRequestSchema,
  run: (ctx, payload) =>
    runIngest({ db: ctx.db, config: ctx.config, trigger: ctx.trigger, request: payload, gitUrlFor: ctx.gitUrlFor, github: ctx.github }),
};

const SnapshotsPayloadSchema = z.object({ fetch: z.boolean().default(true), recompute: z.boolean().default(false) });

/** Snapshots of instances that have none (databases harvested before issue #12); a no-op once all have one. */
const snapshotsJob: Job<typeof SnapshotsPayloadSchema> = {
  id: "snapshots",
  schedule: "37 * * * *",
  payloadSchema: SnapshotsPayloadSchema,
  run: (ctx, payload) =>
    backfillSnapshots(ctx.db.prisma, {
      mirrorsDir: ctx.config.MIRRORS_DIR,
      githubApiUrl: ctx.config.GITHUB_API_URL,
      fetch: payload.fetch,
      recompute: payload.recompute,
      gitUrlFor: ctx.gitUrlFor,
    }),
};

export const JOBS: Record<string, Job<z.ZodType>> = {
  [ingestJob.id]: ingestJob as unknown as Job<z.ZodType>,
  [snapshotsJob.id]: snapshotsJob as unknown as Job<z.ZodType>,
};
