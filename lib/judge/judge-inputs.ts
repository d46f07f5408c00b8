// What enters a judge's sandbox for each task of one split of an export: /testbed/task's task.json
// (the paper's whitelist, or under the complete policy the whole timeline as well) and review.patch,
// the repository and base commit to check out. Built from the export's rows and eval ids, then put
// through the export's leak test before anything runs: a task that would show a label, source,
// perturbation kind or sample key is refused, whatever the policy.
import type { PrismaClient } from "@/lib/db/generated/client";
import type { SplitName } from "@/lib/db/enums";
import { AppError } from "@/lib/errors";
import { buildJudgeTask } from "@/lib/export/build-judge-task";
import { forbiddenTokens, whitelistedText } from "@/lib/export/find-judge-leaks";
import { loadSplitRows, loadSplitRowsFor } from "@/lib/export/load-split-rows";
import { judgedEntryOf, type ReleasedRow, rowKey } from "@/lib/export/released-row-schema";
import type { ContextPolicy } from "./paper-agent";

export interface JudgeInput {
  evalId: string;
  repo: string;
  baseCommit: string;
  /** /testbed/task, by file name */
  files: Record<string, string>;
}

export interface JudgeInputs {
  inputs: Map<string, JudgeInput>;
  /** eval ids of the split that cannot be judged now, each with its reason (shown on the run) */
  unavailable: { evalId: string; reason: string }[];
}

/** The timeline as the complete policy shows it: every entry in order, the judged one marked; no ids. */
function completeTimeline(row: ReleasedRow) {
  const target = judgedEntryOf(row);
  return row.code_review.map((e) => ({
    type: e.type,
    user: e.user,
    created_at: e.created_at,
    ...(e.type === "commit" ? { message: e.message } : { body: e.body }),
    ...("review_path" in e ? { review_path: e.review_path } : {}),
    ...("diff_hunk" in e ? { diff_hunk: e.diff_hunk } : {}),
    ...(e.type === "review" ? { review_state: e.review_state } : {}),
    judged: e.type !== "commit" && e.id === target.id,
  }));
}

export function buildTaskFiles(row: ReleasedRow, evalId: string, policy: ContextPolicy): Record<string, string> {
  const task = buildJudgeTask(row, evalId);
  const json = policy === "focused" ? task : { ...task, timeline: completeTimeline(row) };
  return { "task.json": `${JSON.stringify(json, null, 2)}\n`, "review.patch": row.pull_request.patch_to_review };
}

/**
 * The leak test on what a judge would see (task files and prompts): private tokens never; the
 * timeline's identities, states and texts only under the complete policy. One line per leak.
 */
export function judgeInputLeaks(texts: readonly { name: string; text: string }[], row: ReleasedRow, policy: ContextPolicy): string[] {
  const allowed = whitelistedText(row);
  const leaks: string[] = [];
  for (const { name, text } of texts)
    for (const { what, token, kind } of forbiddenTokens(row)) {
      if (!token || (kind === "timeline" && policy === "complete")) continue;
      if (text.includes(token) && !allowed.includes(token)) leaks.push(`${name}: ${what} ${JSON.stringify(token.slice(0, 60))}`);
    }
  return leaks;
}

export async function loadJudgeInputs(
  prisma: PrismaClient,
  exportId: string,
  split: SplitName,
  policy: ContextPolicy,
  prompts: readonly string[],
  /** only these tasks (a trajectory page's one), without writing the split's other rows */
  only?: { evalIds: readonly string[] },
): Promise<JudgeInputs> {
  const exported = await prisma.export.findUnique({
    where: { id: exportId },
    select: {
      splitRunId: true,
      items: { where: { split, ...(only ? { evalId: { in: [...only.evalIds] } } : {}) }, select: { instanceId: true, evalId: true } },
    },
  });
  if (!exported) throw new AppError("not_found", `Export ${exportId} does not exist`);
  if (exported.items.length === 0)
    throw new AppError(
      "invalid_input",
      only ? `Export ${exportId} has no such ${split} example` : `Export ${exportId} has no ${split} examples`,
    );
  const { rows, instanceOfRow } = only
    ? await loadSplitRowsFor(
        prisma,
        exported.splitRunId,
        exported.items.map((i) => i.instanceId),
      )
    : await loadSplitRows(prisma, exported.splitRunId);
  const rowOfInstance = new Map<string, ReleasedRow>();
  for (const row of rows[split]) {
    const instanceId = instanceOfRow.get(rowKey(row));
    if (instanceId) rowOfInstance.set(instanceId, row);
  }
  const inputs = new Map<string, JudgeInput>();
  const unavailable: JudgeInputs["unavailable"] = [];
  for (const item of exported.items) {
    const row = rowOfInstance.get(item.instanceId);
    if (!row) {
      unavailable.push({
        evalId: item.evalId,
        reason: "its instance is no longer labelled as when it was exported; export the split again",
      });
      continue;
    }
    const files = buildTaskFiles(row, item.evalId, policy);
    const leaks = judgeInputLeaks(
      [...Object.entries(files).map(([name, text]) => ({ name, text })), ...prompts.map((text, i) => ({ name: `prompt ${i + 1}`, text }))],
      row,
      policy,
    );
    if (leaks.length) {
      unavailable.push({ evalId: item.evalId, reason: `refused by the leak test: ${leaks.slice(0, 3).join("; ")}` });
      continue;
    }
    inputs.set(item.evalId, { evalId: item.evalId, repo: row.repo, baseCommit: row.pull_request.base_commit, files });
  }
  return { inputs, unavailable };
}
