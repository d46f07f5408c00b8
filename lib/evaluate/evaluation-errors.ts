// Errors a user can act on, each with the HTTP status the route maps it to .

export class ExportNotFoundError extends Error {
  readonly status = 404;
  constructor(readonly exportId: string) {
    super(`No export with id ${JSON.stringify(exportId)}. Pick one from the list of exports.`);
    this.name = "ExportNotFoundError";
  }
}

export class EvalRunNotFoundError extends Error {
  readonly status = 404;
  constructor(readonly runId: string) {
    super(`No evaluation run with id ${JSON.stringify(runId)}.`);
    this.name = "EvalRunNotFoundError";
  }
}

export class EmptySplitError extends Error {
  readonly status = 422;
  constructor(readonly exportId: string, readonly split: string) {
    super(`The export has no ${split} items to score against; choose another split or export.`);
    this.name = "EmptySplitError";
  }
}

export class DuplicateRunNameError extends Error {
  readonly status = 409;
  constructor(readonly runName: string, readonly split: string) {
    super(`A run named ${JSON.stringify(runName)} already exists on this export's ${split} split; choose another name or delete that run first.`);
    this.name = "DuplicateRunNameError";
  }
}

export class NoPredictionRecordsError extends Error {
  readonly status = 422;
  constructor() {
    super("The uploaded files hold no prediction records (every line is blank). Upload a JSONL of {eval_id, prediction} rows or mini-swe-agent trajectories.");
    this.name = "NoPredictionRecordsError";
  }
}

export interface UnlabelledItem {
  instanceId: string;
  evalId: string;
  reason: string;
}

/** An exported item whose gold label cannot be read: scoring against a partial gold set would mislead. */
export class UnlabelledGoldError extends Error {
  readonly status = 422;
  constructor(readonly items: UnlabelledItem[]) {
    const shown = items.slice(0, 3).map((item) => `${item.evalId} (${item.reason})`).join("; ");
    const more = items.length > 3 ? ` and ${items.length - 3} more` : "";
    super(`${items.length} exported item(s) have no usable gold label: ${shown}${more}. Re-export after labelling them.`);
    this.name = "UnlabelledGoldError";
  }
}
