// Export and Hub push as jobs: the only way the pages run them (the splits page queues, a worker
// writes, the job panel follows), and the cron route's. The handlers are lib/export's, imported
// when a job runs.
import { z } from "zod";
import { exportsDir } from "@/lib/config";
import { exportConventionsOf } from "@/lib/export/export-conventions";
import type { ExportJobResult } from "@/lib/export/export-job-results";
import { ExportRequestSchema } from "@/lib/export/export-requests";
import { defineJob } from "./job-definition";

const exportJob = defineJob({
  id: "export",
  title: "export",
  payloadSchema: ExportRequestSchema.extend({ actorId: z.string().nullable().default(null) }),
  singletonKey: (p) => p.splitRunId,
  // each run writes a new export folder: a failed one is re-run by a person, not retried blindly
  retryLimit: 0,
  run: async (ctx, payload): Promise<ExportJobResult> => {
    const { license, sourceHuman, sourcePerturbation, ...request } = payload;
    const { exportDataset } = await import("@/lib/export/export-dataset");
    const result = await exportDataset(ctx.db.prisma, {
      ...request,
      ...exportConventionsOf({ license, sourceHuman, sourcePerturbation }),
      exportsRoot: exportsDir(ctx.config),
      onStep: async (step, done, total) => {
        await ctx.run?.log(`${done}/${total}: ${step}`);
        const reported = ctx.run?.progress({ done, total, unit: "steps" });
        // once recorded the export exists: a cancel that arrives then is too late to undo it
        if (step === "recorded") await reported?.catch(() => undefined);
        else await reported;
      },
    });
    return { exportId: result.exportId, dir: result.dir, rows: result.manifest.rows, warnings: result.warnings };
  },
  describe: (r) => `Exported ${r.exportId} to ${r.dir}.${r.warnings.length ? ` Warning: ${r.warnings.join(" ")}` : ""}`,
});

const hubPushJob = defineJob({
  id: "hub-push",
  title: "Hub push",
  payloadSchema: z.object({
    exportId: z.string().min(1),
    createIfMissing: z.boolean().default(false),
    actorId: z.string().nullable().default(null),
  }),
  singletonKey: (p) => p.exportId,
  retryLimit: 2,
  retryDelaySeconds: 30,
  run: async (ctx, payload) =>
    (await import("@/lib/export/push-export")).pushExport(
      ctx.db.prisma,
      payload.exportId,
      { repoId: ctx.config.HF_REPO_ID, token: ctx.config.HF_TOKEN, endpoint: ctx.config.HF_ENDPOINT },
      { createIfMissing: payload.createIfMissing, actorId: payload.actorId },
    ),
  describe: (r) => `Pushed to ${r.repoId}: ${r.commitUrl}`,
});

export const EXPORT_JOBS = [exportJob, hubPushJob];
