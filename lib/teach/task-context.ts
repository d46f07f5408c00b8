// What supervision needs of one task besides the stored steps: the files the student saw (for the
// sandbox), the comment it judged (to recognise key steps), the private label (the teacher's) and the
// export's private tokens of its row (the leak check). Read through lib/judge's and lib/export's
// public readers, for the named tasks only.
import { z } from "zod";
import type { PrismaClient } from "@/lib/db/generated/client";
import type { SplitName } from "@/lib/db/enums";
import { AppError } from "@/lib/errors";
import { loadGold } from "@/lib/evaluate/load-gold";
import { type ForbiddenToken, forbiddenTokens } from "@/lib/export/find-judge-leaks";
import { loadSplitRowsFor } from "@/lib/export/load-split-rows";
import { rowKey } from "@/lib/export/released-row-schema";
import { type JudgeInput, loadJudgeInputs } from "@/lib/judge/judge-inputs";
import type { ContextPolicy } from "@/lib/judge/paper-agent";
import type { TargetComment } from "./key-step-prefixes";

const TaskJsonSchema = z.object({
  target_comment: z.object({ body: z.string(), review_path: z.string().nullable(), diff_hunk: z.string().nullable() }),
});

export interface TaskContext {
  input: JudgeInput;
  comment: TargetComment;
  label: boolean;
  forbidden: ForbiddenToken[];
}

export interface TaskContexts {
  contexts: Map<string, TaskContext>;
  unavailable: { evalId: string; reason: string }[];
}

export async function loadTaskContexts(
  prisma: PrismaClient,
  run: { exportId: string; split: SplitName; contextPolicy: ContextPolicy; prompts: readonly string[] },
  evalIds: readonly string[],
): Promise<TaskContexts> {
  if (evalIds.length === 0) return { contexts: new Map(), unavailable: [] };
  const { inputs, unavailable } = await loadJudgeInputs(prisma, run.exportId, run.split, run.contextPolicy, run.prompts, { evalIds });
  const gold = new Map((await loadGold(prisma, run.exportId, run.split, { evalIds })).map((g) => [g.evalId, g.trustworthy]));
  const exported = await prisma.export.findUnique({
    where: { id: run.exportId },
    select: { splitRunId: true, items: { where: { evalId: { in: [...evalIds] } }, select: { evalId: true, instanceId: true } } },
  });
  if (!exported) throw new AppError("not_found", `Export ${run.exportId} does not exist`);
  const { rows, instanceOfRow } = await loadSplitRowsFor(
    prisma,
    exported.splitRunId,
    exported.items.map((i) => i.instanceId),
  );
  const rowOfInstance = new Map(rows[run.split].map((row) => [instanceOfRow.get(rowKey(row)), row]));
  const contexts = new Map<string, TaskContext>();
  for (const item of exported.items) {
    const input = inputs.get(item.evalId);
    const label = gold.get(item.evalId);
    const row = rowOfInstance.get(item.instanceId);
    if (!input) continue;
    if (label === undefined || !row) {
      unavailable.push({ evalId: item.evalId, reason: "its label is no longer in the export; export the split again" });
      continue;
    }
    const { target_comment } = TaskJsonSchema.parse(JSON.parse(input.files["task.json"]));
    contexts.set(item.evalId, { input, comment: target_comment, label, forbidden: forbiddenTokens(row) });
  }
  return { contexts, unavailable };
}
