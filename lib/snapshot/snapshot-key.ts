// The key of a PatchSnapshot row within its PR: the snapshot commit's SHA; `entry:<timeline entry id>`
// when no commit can be named for the entry; `sha256:<hex>` for an imported row's own patch.
import { createHash } from "node:crypto";
import { snapshotCommitOf, type SnapshotTimelineEntry } from "./snapshot-commit";

export function snapshotKeyOf(entry: SnapshotTimelineEntry & { id: string }, timeline: SnapshotTimelineEntry[]): string {
  const commit = snapshotCommitOf(entry, timeline);
  return commit.sha ?? `entry:${entry.id}`;
}

export const IMPORTED_PREFIX = "sha256:";

export function importedPatchKey(patch: string): string {
  return `${IMPORTED_PREFIX}${createHash("sha256").update(patch, "utf8").digest("hex")}`;
}
