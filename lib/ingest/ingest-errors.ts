// Failures that end or shape a crawl, as AppErrors with a message a user can act on; the kind in
// details tells the run what to do (stop and resume later, give up on one repository, ...).
import { AppError, isAppError } from "@/lib/errors";

type IngestStop = "github_access" | "rate_limit" | "repository_gone" | "run_stopped";

const stopOf = (e: unknown): IngestStop | undefined =>
  isAppError(e) && typeof e.details.stop === "string" ? (e.details.stop as IngestStop) : undefined;

/** The token is missing, wrong or lacks access: nothing else will work until it is fixed. */
export const gitHubAccessError = (message: string) => new AppError("upstream_error", message, { stop: "github_access" });
export const isGitHubAccessError = (e: unknown): e is AppError => stopOf(e) === "github_access";

/** A budget ran low or out: the run stops, checkpointed, and the next one resumes after the reset. */
export function rateLimitStop(resource: string, remaining: number, resetAt: string): AppError {
  return new AppError(
    "rate_limited",
    resource === "secondary"
      ? `GitHub kept answering with secondary rate limits; stopped until ${resetAt} (the next run resumes from the checkpoints).`
      : `GitHub's ${resource} budget is down to ${remaining}; stopped until it resets at ${resetAt} (the next run resumes from the checkpoints).`,
    { stop: "rate_limit", resource, remaining, resetAt },
  );
}
export const isRateLimitStop = (e: unknown): e is AppError => stopOf(e) === "rate_limit";

/** The repository is gone (404/NOT_FOUND): deleted, renamed or made private since it was selected. */
export const repositoryGone = (fullName: string) =>
  new AppError("not_found", `${fullName} is not on GitHub any more (deleted, renamed or made private)`, {
    stop: "repository_gone",
    fullName,
  });
export const isRepositoryGone = (e: unknown): e is AppError => stopOf(e) === "repository_gone";

/** The run's deadline passed or its signal fired: stop between items, checkpoints intact. */
export const runStopped = (why: string) => new AppError("busy", why, { stop: "run_stopped" });
export const isRunStopped = (e: unknown): e is AppError => stopOf(e) === "run_stopped";
