// Typed failures of the repository browser, each with a message an annotator or admin can act on.

export class MirrorMissingError extends Error {
  readonly status = 404;
  constructor(readonly fullName: string, readonly gitDir: string) {
    super(`No local mirror of ${fullName} (expected a bare repository at ${gitDir}); ingestion fetches it.`);
    this.name = "MirrorMissingError";
  }
}

export class CommitMissingError extends Error {
  readonly status = 404;
  constructor(readonly commit: string) {
    super(`Commit ${commit.slice(0, 12)} is not in the local mirror; re-run the mirror fetch for this repository.`);
    this.name = "CommitMissingError";
  }
}

export class InvalidRepoPathError extends Error {
  readonly status = 422;
  constructor(readonly path: string) {
    super(`"${path}" is not a file path inside the repository.`);
    this.name = "InvalidRepoPathError";
  }
}

export class PatchDoesNotApplyError extends Error {
  readonly status = 409;
  constructor(readonly path: string, readonly hunkHeader: string, readonly detail: string) {
    super(`The patch does not apply to ${path} at the base commit (${hunkHeader}: ${detail}).`);
    this.name = "PatchDoesNotApplyError";
  }
}

export class GitCommandError extends Error {
  readonly status = 500;
  constructor(readonly args: string[], readonly stderr: string, readonly exitCode: number | null) {
    super(`git ${args[0] ?? ""} failed (${exitCode ?? "killed"}): ${stderr.trim().slice(0, 300)}`);
    this.name = "GitCommandError";
  }
}
