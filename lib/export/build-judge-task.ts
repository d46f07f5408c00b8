// The judge-facing task (paper A.2.1, dataset-format.md "Judge-facing task"): built from an
// explicit whitelist, never by deleting fields from a row, so a field added to the row later
// cannot reach a judge by accident.
import { z } from "zod";
import { judgedEntryOf, type ReleasedRow } from "./released-row-schema";

const TASK_PATCH_PATH = "/testbed/task/review.patch";
const REPOSITORY_STATE = "base_commit; patch is not applied";

export const JudgeTaskSchema = z.strictObject({
  eval_id: z.string().regex(/^eval_[0-9a-f]{24}$/),
  repo: z.string(),
  language: z.string(),
  pull_request: z.strictObject({ base_commit: z.string(), title: z.string(), body: z.string() }),
  target_comment: z.strictObject({
    body: z.string(),
    review_path: z.string().nullable(),
    diff_hunk: z.string().nullable(),
    type: z.enum(["pr_comment", "inline", "inline_reply", "review"]),
  }),
  patch_file: z.literal(TASK_PATCH_PATH),
  repository_state: z.literal(REPOSITORY_STATE),
});
export type JudgeTask = z.infer<typeof JudgeTaskSchema>;

export interface JudgeTaskBundle {
  task: JudgeTask;
  /** files relative to the bundle folder; `task/` is what the judge's /testbed/task shows */
  files: { path: string; text: string }[];
}

export function buildJudgeTask(row: ReleasedRow, evalId: string): JudgeTask {
  const target = judgedEntryOf(row);
  return JudgeTaskSchema.parse({
    eval_id: evalId,
    repo: row.repo,
    language: row.language,
    pull_request: { base_commit: row.pull_request.base_commit, title: row.pull_request.title, body: row.pull_request.body },
    target_comment: {
      body: target.body,
      review_path: "review_path" in target ? target.review_path : null,
      diff_hunk: "diff_hunk" in target ? target.diff_hunk : null,
      type: target.type,
    },
    patch_file: TASK_PATCH_PATH,
    repository_state: REPOSITORY_STATE,
  });
}

/** Clones the repository at the base commit into /testbed/repo (paper A.2.2); the patch stays unapplied. */
function checkoutScript(repo: string, baseCommit: string): string {
  return [
    "#!/bin/sh",
    "# Checks the repository out at the PR's base commit; review.patch is NOT applied (paper A.2.2).",
    "# Usage: sh checkout.sh [destination]   (default /testbed/repo; REPO_URL overrides the clone URL)",
    "set -eu",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell parameter expansion, not a JS template
    'dest="${1:-/testbed/repo}"',
    `url="\${REPO_URL:-https://github.com/${repo}.git}"`,
    'git init -q "$dest"',
    `git -C "$dest" fetch -q --depth 1 "$url" ${baseCommit}`,
    'git -C "$dest" checkout -q --detach FETCH_HEAD',
    "",
  ].join("\n");
}

export function buildJudgeTaskBundle(row: ReleasedRow, evalId: string): JudgeTaskBundle {
  const task = buildJudgeTask(row, evalId);
  return {
    task,
    files: [
      { path: "task/task.json", text: `${JSON.stringify(task, null, 2)}\n` },
      { path: "task/review.patch", text: row.pull_request.patch_to_review },
      { path: "checkout.sh", text: checkoutScript(row.repo, row.pull_request.base_commit) },
    ],
  };
}
