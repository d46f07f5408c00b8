// Which patch an instance is judged against, and what the annotation view says about it (issue #12):
// the instance's snapshot (the PR as it stood when the comment was written) when there is one; the PR's
// final diff, with a notice, when the snapshot is unavailable or not computed. Pure.
import type { SnapshotStatus } from "@/lib/db/enums";

export interface SnapshotFacts {
  status: SnapshotStatus;
  reason: string;
  commitSha: string | null;
  patch: string;
}

export interface JudgedPatch {
  patch: string;
  /** the commit the patch shows, when known: the repository browser reads files there when the patch does not apply */
  commit: string | null;
  /** "snapshot": the code the comment was written on; "final": the PR's final diff stands in */
  source: "snapshot" | "final";
  /** a note for the user, or null when the snapshot is the final diff anyway */
  notice: { tone: "info" | "warning"; text: string } | null;
  differsFromFinal: boolean;
}

const short = (sha: string | null) => (sha ? sha.slice(0, 7) : "an earlier commit");

/** Judged on the PR's final diff, with a warning saying why. */
const onFinalDiff = (patch: string, headSha: string, why: string): JudgedPatch => ({
  patch,
  commit: headSha,
  source: "final",
  differsFromFinal: false,
  notice: { tone: "warning", text: why },
});

export function judgedPatchOf(snapshot: SnapshotFacts | null, finalPatch: string, headSha: string): JudgedPatch {
  if (!snapshot)
    return onFinalDiff(
      finalPatch,
      headSha,
      "This instance's snapshot has not been computed (scripts/compute-snapshots.ts): the PR's final diff is shown, which may differ from the code the comment refers to.",
    );
  if (snapshot.status === "unavailable")
    return onFinalDiff(
      finalPatch,
      headSha,
      `The code this comment was written on is unavailable: ${snapshot.reason}. The PR's final diff is shown; it may differ from what the reviewer saw. The instance stays out of the dataset unless an admin chooses (on the screening page) to judge it on the final diff.`,
    );
  if (snapshot.status === "final_fallback")
    return onFinalDiff(
      snapshot.patch,
      headSha,
      `Judged on the PR's final diff by an admin's choice: the snapshot is unavailable (${snapshot.reason}).`,
    );
  const differs = snapshot.patch !== finalPatch;
  return {
    patch: snapshot.patch,
    commit: snapshot.commitSha,
    source: "snapshot",
    differsFromFinal: differs,
    notice: differs
      ? {
          tone: "info",
          text: `This comment was written on ${short(snapshot.commitSha)}: the patch is the PR as it stood then. The PR's final diff differs; use the toggle to compare.`,
        }
      : null,
  };
}
