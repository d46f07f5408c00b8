// What a run is asked to do, as the CLI, the cron route and the UI send it (zod at the boundary).
import { z } from "zod";
import { SelectionCriteriaSchema } from "./selection-criteria";

export const IngestRequestSchema = z.object({
  /** the paper's criteria unless overridden */
  criteria: SelectionCriteriaSchema.default(SelectionCriteriaSchema.parse({})),
  /** harvest exactly these `owner/name` repositories instead of selecting by stars */
  repositories: z.array(z.string().regex(/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/, "must be owner/name")).optional(),
  /** stop (checkpointed) after this long: platform cron invocations have a time limit */
  maxDurationMs: z.number().int().positive().optional(),
  /** reuse a finished selection younger than this */
  selectionMaxAgeHours: z
    .number()
    .positive()
    .default(24 * 7),
  /** PRs per GraphQL page; halved automatically when GitHub times out */
  pageSize: z.number().int().min(1).max(100).default(25),
  /** repositories harvested at once by this worker */
  concurrency: z.number().int().min(1).max(8).default(2),
});

export type IngestRequest = z.infer<typeof IngestRequestSchema>;
export type IngestRequestInput = z.input<typeof IngestRequestSchema>;

export type IngestProgress =
  | { type: "phase"; phase: "selection" | "harvest"; message: string }
  | { type: "selection"; decided: number; total: number }
  | {
      type: "repository";
      fullName: string;
      status: "started" | "page" | "harvested" | "unchanged" | "gone" | "busy" | "failed";
      prsDone: number;
      prsTotal: number | null;
      reposDone: number;
      reposTotal: number;
    }
  | { type: "usage"; requests: number; rateLimitRemaining: number | null }
  | { type: "log"; level: "info" | "warn" | "error"; message: string };
