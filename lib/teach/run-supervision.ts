// A supervision run's prefixes taken one after another in this process (the CLI), or one pg-boss job
// each (lib/jobs/teach-jobs.ts) for any number of workers; the run's status follows its prefixes.
// Resuming puts back the prefixes a killed worker left running, the failed and the cancelled ones;
// done prefixes stay done.
import { recordAudit } from "@/lib/audit/record-audit";
import { judgeWorkDir } from "@/lib/config";
import type { PrismaClient } from "@/lib/db/generated/client";
import { removeLeftoverTaskDirs } from "@/lib/judge/sandbox";
import { AppError } from "@/lib/errors";
import { type SuperviseDeps, supervisePrefix } from "./supervise-prefix";

const STOP_AFTER_FAILURES = 3;

export interface SupervisionTally {
  prefixes: number;
  prefixesDone: number;
  prefixesFailed: number;
  teacherActions: number;
  approved: number;
  rejected: number;
  needsReview: number;
  refused: number;
  teacherNeedsReview: number;
  leaked: number;
  requests: number;
  inputTokens: number;
  outputTokens: number;
}

export async function tallySupervisionRun(prisma: PrismaClient, runId: string): Promise<SupervisionTally> {
  const prefixes = await prisma.supervisionPrefix.groupBy({ by: ["status"], where: { runId }, _count: { _all: true } });
  const actions = await prisma.supervisionAction.groupBy({
    by: ["status"],
    where: { prefix: { runId } },
    _count: { _all: true },
    _sum: { requests: true, inputTokens: true, outputTokens: true },
  });
  const p = (s: string) => prefixes.find((x) => x.status === s)?._count._all ?? 0;
  const a = (s: string) => actions.find((x) => x.status === s)?._count._all ?? 0;
  const sum = (k: "requests" | "inputTokens" | "outputTokens") => actions.reduce((n, x) => n + (x._sum[k] ?? 0), 0);
  return {
    prefixes: prefixes.reduce((n, x) => n + x._count._all, 0),
    prefixesDone: p("done"),
    prefixesFailed: p("failed"),
    teacherActions: actions.reduce((n, x) => n + x._count._all, 0),
    approved: a("approved"),
    rejected: a("rejected"),
    needsReview: a("needs_review"),
    refused: a("refused"),
    teacherNeedsReview: a("teacher_needs_review"),
    leaked: a("leaked"),
    requests: sum("requests"),
    inputTokens: sum("inputTokens"),
    outputTokens: sum("outputTokens"),
  };
}

/** Marks the run finished once no prefix is pending or running: succeeded, or failed with the first failure's reason. */
export async function settleSupervisionRun(prisma: PrismaClient, runId: string): Promise<string> {
  const open = await prisma.supervisionPrefix.count({ where: { runId, status: { in: ["pending", "running"] } } });
  const run = await prisma.supervisionRun.findUniqueOrThrow({ where: { id: runId }, select: { status: true } });
  if (open > 0 || run.status === "cancelled") return run.status;
  const failed = await prisma.supervisionPrefix.findMany({
    where: { runId, status: "failed" },
    select: { evalId: true, ended: true },
    take: 1,
  });
  const total = await prisma.supervisionPrefix.count({ where: { runId } });
  const failures = await prisma.supervisionPrefix.count({ where: { runId, status: "failed" } });
  const error = failed.length
    ? `${failures} of ${total} prefixes failed (first: ${failed[0].evalId}: ${failed[0].ended}); resume the run to try them again.`
    : null;
  const status = failures > 0 && failures === total ? "failed" : "succeeded";
  await prisma.supervisionRun.update({ where: { id: runId }, data: { status, error, finishedAt: new Date() } });
  return status;
}

/** Every open prefix in this process, in order; stops between prefixes when cancelled. */
export async function executeSupervisionRun(
  deps: SuperviseDeps & { onPrefix?: (outcome: string, evalId: string, reason?: string) => void | Promise<void> },
  runId: string,
): Promise<{ status: string; tally: SupervisionTally }> {
  const { prisma } = deps;
  const run = await prisma.supervisionRun.findUnique({ where: { id: runId }, select: { status: true } });
  if (!run) throw new AppError("not_found", `Supervision run ${runId} does not exist`);
  if (run.status === "cancelled") return { status: "cancelled", tally: await tallySupervisionRun(prisma, runId) };
  // the sandboxes a killed process left go first (only folders whose process is gone)
  removeLeftoverTaskDirs(judgeWorkDir(deps.config));
  const open = await prisma.supervisionPrefix.findMany({
    where: { runId, status: { in: ["pending", "running"] } },
    orderBy: [{ evalId: "asc" }, { afterStep: "asc" }],
    select: { id: true, evalId: true },
  });
  // a teacher endpoint that is down fails prefix after prefix for one cause: after this many in a row the
  // run stops and says why, instead of spending every prefix on it
  let failuresInARow = 0;
  for (const p of open) {
    if (deps.signal?.aborted) break;
    const current = await prisma.supervisionRun.findUniqueOrThrow({ where: { id: runId }, select: { status: true } });
    if (current.status === "cancelled") break;
    const result = await supervisePrefix(deps, p.id);
    await deps.onPrefix?.(result.outcome, p.evalId, result.reason);
    failuresInARow = result.outcome === "failed" ? failuresInARow + 1 : 0;
    if (failuresInARow >= STOP_AFTER_FAILURES) {
      const error = `Stopped: ${STOP_AFTER_FAILURES} prefixes in a row failed, the last with: ${result.reason} Fix the cause, then resume the run.`;
      await prisma.supervisionRun.update({ where: { id: runId }, data: { status: "failed", error, finishedAt: new Date() } });
      return { status: "failed", tally: await tallySupervisionRun(prisma, runId) };
    }
  }
  return { status: await settleSupervisionRun(prisma, runId), tally: await tallySupervisionRun(prisma, runId) };
}

/** A user's Cancel: the run stops taking prefixes; queued prefix jobs are cancelled; a running one stops at its next request. */
export async function cancelSupervisionRun(
  prisma: PrismaClient,
  jobs: { cancel(id: string): Promise<boolean> } | null,
  runId: string,
  actorId: string | null = null,
): Promise<void> {
  const run = await prisma.supervisionRun.findUnique({ where: { id: runId }, select: { id: true } });
  if (!run) throw new AppError("not_found", `Supervision run ${runId} does not exist`);
  await prisma.supervisionRun.updateMany({
    where: { id: runId, status: { in: ["queued", "running"] } },
    data: { status: "cancelled", finishedAt: new Date() },
  });
  const queued = await prisma.supervisionPrefix.findMany({
    where: { runId, status: { in: ["pending", "running"] }, jobId: { not: null } },
    select: { jobId: true },
  });
  for (const { jobId } of queued) if (jobId && jobs) await jobs.cancel(jobId);
  await recordAudit(prisma, { actorId, action: "teach.run_cancelled", subjectId: runId });
}

/** Before a run is taken up again: the prefixes left running, failed or cancelled go back to pending. */
export async function prepareSupervisionResume(
  prisma: PrismaClient,
  runId: string,
  actorId: string | null = null,
): Promise<{ prefixes: number }> {
  const run = await prisma.supervisionRun.findUnique({ where: { id: runId }, select: { id: true } });
  if (!run) throw new AppError("not_found", `Supervision run ${runId} does not exist`);
  await prisma.supervisionPrefix.updateMany({
    where: { runId, status: { in: ["running", "failed", "cancelled"] } },
    data: { status: "pending", ended: null, startedAt: null, finishedAt: null },
  });
  const open = await prisma.supervisionPrefix.count({ where: { runId, status: "pending" } });
  if (open === 0) throw new AppError("conflict", "Every prefix of this supervision run is done: there is nothing to resume");
  await prisma.supervisionRun.update({ where: { id: runId }, data: { status: "queued", error: null, finishedAt: null } });
  await recordAudit(prisma, { actorId, action: "teach.run_resumed", subjectId: runId, details: { prefixes: open } });
  return { prefixes: open };
}
