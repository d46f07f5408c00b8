// Teacher supervision as jobs: "supervise" queues one "supervise-prefix" job per open prefix of a run,
// so any number of workers share the prefixes and a killed worker loses one prefix (its retry, or a
// resume, starts that prefix over; done prefixes stay done). A user's cancel marks the run cancelled
// and cancels its prefix jobs; the run settles (succeeded or failed, with why) when its last prefix ends.
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { defineJob } from "./job-definition";

const superviseJob = defineJob({
  id: "supervise",
  title: "supervision run",
  payloadSchema: z.object({ runId: z.string().min(1) }),
  singletonKey: (p) => p.runId,
  retryLimit: 2,
  retryDelaySeconds: 10,
  run: async (ctx, payload) => {
    if (!ctx.jobs) throw new AppError("internal", "The supervise job needs the job engine to queue its prefixes.");
    const prisma = ctx.db.prisma;
    const run = await prisma.supervisionRun.findUnique({ where: { id: payload.runId }, select: { status: true } });
    if (!run) throw new AppError("not_found", `Supervision run ${payload.runId} does not exist`);
    if (run.status === "cancelled") return { queued: 0 };
    await prisma.supervisionRun.update({ where: { id: payload.runId }, data: { status: "running", startedAt: new Date() } });
    const open = await prisma.supervisionPrefix.findMany({
      where: { runId: payload.runId, status: { in: ["pending", "running"] } },
      orderBy: [{ evalId: "asc" }, { afterStep: "asc" }],
      select: { id: true },
    });
    for (const p of open) {
      const job = await ctx.jobs.enqueue("supervise-prefix", { prefixId: p.id });
      await prisma.supervisionPrefix.update({ where: { id: p.id }, data: { jobId: job.id } });
    }
    if (open.length === 0) await (await import("@/lib/teach/run-supervision")).settleSupervisionRun(prisma, payload.runId);
    return { queued: open.length };
  },
  describe: (r) => `Queued ${r.queued} prefix job(s).`,
});

const supervisePrefixJob = defineJob({
  id: "supervise-prefix",
  title: "supervision prefix",
  payloadSchema: z.object({ prefixId: z.string().min(1) }),
  singletonKey: (p) => p.prefixId,
  retryLimit: 2,
  retryDelaySeconds: 10,
  // one branch: at most 8 requests of 180 s and 4 commands, with the prefix's replay
  expireInSeconds: 2 * 3_600,
  run: async (ctx, payload) => {
    const { supervisePrefix } = await import("@/lib/teach/supervise-prefix");
    const { settleSupervisionRun } = await import("@/lib/teach/run-supervision");
    const prisma = ctx.db.prisma;
    const result = await supervisePrefix({ prisma, config: ctx.config, signal: ctx.run?.signal }, payload.prefixId);
    const prefix = await prisma.supervisionPrefix.findUniqueOrThrow({ where: { id: payload.prefixId }, select: { runId: true } });
    if (result.outcome === "cancelled") {
      const stoppedByUser =
        (await prisma.supervisionRun.findUnique({ where: { id: prefix.runId }, select: { status: true } }))?.status === "cancelled";
      // a worker that stopped (not a user) hands the prefix on: failing the attempt makes the queue retry it
      if (!stoppedByUser) throw new AppError("upstream_error", "The worker stopped during the prefix; it is handed on.");
      return result;
    }
    await settleSupervisionRun(prisma, prefix.runId);
    if (result.outcome === "failed") await ctx.run?.log(`The prefix failed: ${result.reason}`, "warn");
    return result;
  },
  describe: (r) => `Prefix ${r.outcome}: ${r.actions} teacher action(s).`,
});

export const TEACH_JOBS = [superviseJob, supervisePrefixJob];
