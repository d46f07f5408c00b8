// How a judge task ended, counted: which outcomes are judgements of the model and which are not (the task
// could not start, the provider gave it no answer), and what a run's finished tasks came to. Constants and
// small queries the pages share with the runner (no sandbox, no model).
import type { PrismaClient } from "@/lib/db/generated/client";

export const SETUP_ERROR = "setup_error";
/**
 * Outcomes that are no judgement of the model: the task could not start (no sandbox, no mirror, the leak
 * test refused it) or the provider failed it (unreachable, errors after retries). The score leaves these
 * tasks out and reports them beside; resuming the run judges them again.
 */
export const NOT_JUDGED_OUTCOMES: ReadonlySet<string> = new Set([SETUP_ERROR, "model_error", "rate_limited"]);
/** Outcomes where the provider gave the task no answer (as opposed to the task not starting). */
export const PROVIDER_OUTCOMES: ReadonlySet<string> = new Set(["model_error", "rate_limited"]);
export const isJudged = (outcome: string | null) => outcome !== null && !NOT_JUDGED_OUTCOMES.has(outcome);

export interface RunTally {
  runId: string;
  done: number;
  total: number;
  submitted: number;
  /** judged without a valid submission */
  invalid: number;
  /** not judged: the task could not start or the provider failed it */
  notJudged: number;
}

/** What a run's finished tasks came to: submitted, judged without a valid submission, not judged. */
export async function tallyOf(prisma: PrismaClient, runId: string, total: number): Promise<RunTally> {
  const counts = await prisma.judgeTask.groupBy({ by: ["outcome"], where: { runId, status: "done" }, _count: { _all: true } });
  const submitted = counts.find((c) => c.outcome === "submitted")?._count._all ?? 0;
  const done = counts.reduce((n, c) => n + c._count._all, 0);
  const notJudged = counts.filter((c) => !isJudged(c.outcome)).reduce((n, c) => n + c._count._all, 0);
  return { runId, done, total, submitted, invalid: done - submitted - notJudged, notJudged };
}

/** The reason most of a run's unjudged tasks share. */
export async function commonReason(prisma: PrismaClient, runId: string): Promise<string> {
  const reasons = await prisma.judgeTask.groupBy({
    by: ["reason"],
    where: { runId, status: "done", outcome: { in: [...NOT_JUDGED_OUTCOMES] } },
    _count: { _all: true },
  });
  const top = reasons.sort((a, b) => b._count._all - a._count._all)[0];
  return top?.reason ?? "unknown";
}
