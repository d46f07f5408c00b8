import { describe, expect, test } from "vitest";
import { AgentSettingsSchema } from "@/lib/judge/paper-agent";
import { runAgent } from "@/lib/judge/run-agent";
import { demoAgentTurns, replayedCommands, replayedModel } from "./demo-judge-agent";

const files = {
  "task.json": '{\n  "eval_id": "eval_1",\n  "review_path": "router/retry.py"\n}\n',
  "review.patch": "diff --git a/router/retry.py b/router/retry.py\n",
};
const settings = AgentSettingsSchema.parse({});
const replay = (answer: Parameters<typeof demoAgentTurns>[1]) => {
  const turns = demoAgentTurns(files, answer);
  return runAgent({ model: replayedModel(turns), sandbox: replayedCommands(turns), settings });
};

describe("the demo's replayed judge agent, through the real agent loop", () => {
  test("reads the task and the patch, then submits its prediction", async () => {
    for (const answer of [true, false]) {
      const t = await replay(answer);
      expect(t).toMatchObject({ outcome: "submitted", prediction: answer, usage: { promptTokens: 0, completionTokens: 0 } });
      expect(t.steps.map((s) => s.command?.split(" ")[0])).toEqual(["cat", "cat", "printf"]);
      // the observations are the task's own files, in the paper's format
      expect(t.steps[0].observation).toContain('"review_path": "router/retry.py"');
      expect(t.steps[0].observation).toMatch(/^\[message_index=\d+\]\nreturncode: 0\n<output>\n/);
      expect(t.steps[1].observation).toContain("diff --git a/router/retry.py");
    }
  });

  test("a prediction written as a string is an invalid submission, as the evaluation counts it", async () => {
    const t = await replay("malformed");
    expect(t.outcome).toBe("invalid_submission");
    expect(t.prediction).toBeNull();
    expect(t.reason).toContain('"likely true"');
  });

  test("a command the replay does not hold is not found, not answered", async () => {
    const result = await replayedCommands(demoAgentTurns(files, true)).run("ls /", { timeoutMs: 1_000 });
    expect(result.returncode).toBe(127);
  });
});
