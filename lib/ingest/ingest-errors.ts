// Errors that end or shape a run, each with a message a user can act on.

/** The token is missing, wrong or lacks access: nothing else will work until it is fixed. */
export class GitHubAccessError extends Error {
  name = "GitHubAccessError";
}

/** A budget ran low or out: the run stops, checkpointed, and the next one resumes after the reset. */
export class RateLimitStop extends Error {
  name = "RateLimitStop";
  constructor(
    readonly resource: string,
    readonly remaining: number,
    readonly resetAt: string,
  ) {
    super(
      resource === "secondary"
        ? `GitHub kept answering with secondary rate limits; stopped until ${resetAt} (the next run resumes from the checkpoints).`
        : `GitHub's ${resource} budget is down to ${remaining}; stopped until it resets at ${resetAt} (the next run resumes from the checkpoints).`,
    );
  }
}

/** The repository is gone (404/NOT_FOUND): deleted, renamed or made private since it was selected. */
export class RepositoryGoneError extends Error {
  name = "RepositoryGoneError";
  constructor(readonly fullName: string) {
    super(`${fullName} is not on GitHub any more (deleted, renamed or made private)`);
  }
}

/** The run's deadline passed or its signal fired: stop between items, checkpoints intact. */
export class RunStopped extends Error {
  name = "RunStopped";
}
