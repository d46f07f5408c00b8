// What the export and Hub-push jobs store as their result (JobRun.result): written by lib/jobs/export-jobs.ts,
// read back by the splits pages' job panels to link the finished export or the pushed commit.
import { z } from "zod";

export const ExportJobResultSchema = z.object({
  exportId: z.string(),
  dir: z.string(),
  rows: z.object({ train: z.number(), validation: z.number(), test: z.number() }),
  warnings: z.array(z.string()),
});
export type ExportJobResult = z.infer<typeof ExportJobResultSchema>;

export const HubPushJobResultSchema = z.object({
  repoId: z.string(),
  commitOid: z.string(),
  commitUrl: z.string(),
  createdRepo: z.boolean(),
});
