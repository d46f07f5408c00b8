// Errors a user can act on, each with the HTTP status a route maps it to.

export class NothingToSplitError extends Error {
  readonly status = 409;
  constructor() {
    super(
      "Nothing to split yet: no human instance is labelled trustworthy or untrustworthy and no perturbation is verified. " +
        "Finish annotation (or import a released JSONL file) first.",
    );
    this.name = "NothingToSplitError";
  }
}

export class NotFoundError extends Error {
  readonly status = 404;
  constructor(what: string) {
    super(`${what} was not found.`);
    this.name = "NotFoundError";
  }
}

export class StaleSplitError extends Error {
  readonly status = 409;
  constructor(readonly instanceIds: string[]) {
    super(
      `This split is out of date: ${instanceIds.length} of its instances no longer have a final label ` +
        `(relabelled, judged unsuitable or un-verified since the split was made). Create a new split.`,
    );
    this.name = "StaleSplitError";
  }
}

export class ExportFolderError extends Error {
  readonly status = 409;
  constructor(message: string) {
    super(message);
    this.name = "ExportFolderError";
  }
}

export class UnreadableSplitError extends Error {
  readonly status = 409;
  constructor(splitRunId: string) {
    super(`Split ${splitRunId} was not made by the split stage (for example the evaluation sample's), so it cannot be exported; create a new split.`);
    this.name = "UnreadableSplitError";
  }
}
