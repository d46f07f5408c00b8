// A judge run on the demo export's train split, played by a scripted student over HTTP in real
// sandboxes: it reads its task, reads the review patch, searches the repository for the reviewed file's
// name and submits "trustworthy". Its trajectories are what supervision tests start from.
import { config } from "@/lib/config";
import type { PrismaClient } from "@/lib/db/generated/client";
import { createJudgeRun } from "@/lib/judge/create-judge-run";
import { executeJudgeRun } from "@/lib/judge/execute-judge-run";
import { scriptedAgent, submitCommand } from "@/lib/judge/testing/scripted-agent";
import { startFakeOpenAiServer } from "@/lib/llm/testing/fake-openai-server";

/** eval_id and review_path as the task.json observation shows them */
export function taskFieldsOf(messages: readonly { role: string; content: string | null }[]): {
  evalId: string | null;
  reviewPath: string | null;
} {
  const task = messages.find((m) => m.role === "tool" && m.content?.includes('"eval_id"'))?.content ?? "";
  return { evalId: task.match(/"eval_id": "([^"]+)"/)?.[1] ?? null, reviewPath: task.match(/"review_path": "([^"]+)"/)?.[1] ?? null };
}

export async function judgeTrainSplit(
  prisma: PrismaClient,
  name = "student round 1",
  limit?: number,
  /** another split only for the test that supervision refuses it */
  split: "train" | "test" = "train",
): Promise<{ judgeRunId: string; exportId: string; tasks: number }> {
  const exp = await prisma.export.findFirstOrThrow({ orderBy: { createdAt: "asc" }, select: { id: true } });
  const student = await startFakeOpenAiServer({
    respond: scriptedAgent((request) => {
      const { reviewPath } = taskFieldsOf((request.body?.messages ?? []) as { role: string; content: string | null }[]);
      const base = (reviewPath ?? "README").split("/").at(-1);
      return [
        { thought: "Read the task.", command: "cat /testbed/task/task.json" },
        { thought: "Read the patch.", command: "head -c 3000 /testbed/task/review.patch" },
        { thought: "Find the reviewed file.", command: `find . -name '${base}' -not -path './.git/*' | head -5` },
        { command: submitCommand(true) },
      ];
    }),
  });
  try {
    const { runId, tasks } = await createJudgeRun(prisma, config(), {
      exportId: exp.id,
      split,
      name,
      baseUrl: student.url,
      model: "student-1",
      concurrency: 2,
      ...(limit ? { limit } : {}),
    });
    const result = await executeJudgeRun({ prisma, config: config() }, runId);
    if (result.status !== "succeeded") throw new Error(`the student's run ended ${result.status}`);
    return { judgeRunId: runId, exportId: exp.id, tasks };
  } finally {
    await student.close();
  }
}
