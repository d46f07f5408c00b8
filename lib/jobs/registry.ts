// Every background job in one place: an id, the schedule a platform cron should use, the zod schema
// of its payload, and the function that does the work. The CLI, the cron route and tests all run
// jobs through this registry, so no job logic lives only inside a route.
import type { z } from "zod";
import type { Config } from "@/lib/config";
import type { Database } from "@/lib/db/connection";
import { IngestRequestSchema } from "@/lib/ingest/ingest-request";
import { runIngest, type RunIngestOptions } from "@/lib/ingest/run-ingest";

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

export const JOBS: Record<string, Job<z.ZodType>> = { [ingestJob.id]: ingestJob as unknown as Job<z.ZodType> };
