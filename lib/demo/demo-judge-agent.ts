// The demo's judge agent, replayed: no model is asked and no sandbox made. Each task's turns are fixed
// (read the task, read the patch, submit), the observations are the task's own files, and the run goes
// through the real agent loop (lib/judge/run-agent.ts: reading each answer as a bash call, the paper's
// observation format, the submission rule), so what the demo stores is exactly what a run stores.
import { zeroUsage } from "@/lib/llm/chat-completion-response";
import type { CommandResult } from "@/lib/judge/agent-turn";
import type { ChatMessage, JudgeModel, ModelAnswer } from "@/lib/judge/judge-model";
import { SUBMIT_MARKER } from "@/lib/judge/paper-agent";
import type { CommandRunner } from "@/lib/judge/run-agent";

/** One turn of the replay: what the agent says and runs, and what the command printed. */
export interface ReplayedTurn {
  thought: string;
  command: string;
  output: string;
}

/** What the agent submits: a prediction, or an answer the submission rule refuses (a string for a boolean). */
export type DemoAgentAnswer = boolean | "malformed";

export function demoAgentTurns(files: Readonly<Record<string, string>>, answer: DemoAgentAnswer): ReplayedTurn[] {
  const submitted = answer === "malformed" ? '{"prediction": "likely true"}' : `{"prediction": ${answer}}`;
  const verdict =
    answer === "malformed"
      ? "The comment looks right to me."
      : answer
        ? "The patch does what the comment says about it: the comment is trustworthy."
        : "The patch contradicts what the comment claims: the comment is untrustworthy.";
  return [
    {
      thought: "Read the task: the comment under review and where it points.",
      command: "cat /testbed/task/task.json",
      output: files["task.json"] ?? "",
    },
    { thought: "Read the patch the comment was made on.", command: "cat /testbed/task/review.patch", output: files["review.patch"] ?? "" },
    { thought: verdict, command: `printf '%s\\n%s\\n' '${SUBMIT_MARKER}' '${submitted}'`, output: `${SUBMIT_MARKER}\n${submitted}\n` },
  ];
}

/** The model's side: turn k answers the conversation's k-th model call, as one bash tool call. */
export function replayedModel(turns: readonly ReplayedTurn[]): JudgeModel {
  return {
    async complete(messages: readonly ChatMessage[]): Promise<ModelAnswer> {
      const k = messages.filter((m) => m.role === "assistant").length;
      const turn = turns[k];
      if (!turn) throw new Error(`The replay has ${turns.length} turns; the agent asked for turn ${k + 1}`);
      return {
        message: {
          content: turn.thought,
          tool_calls: [
            { id: `call_${k + 1}`, type: "function", function: { name: "bash", arguments: JSON.stringify({ command: turn.command }) } },
          ],
        },
        // no request was made, nothing was billed
        usage: zeroUsage,
        attempts: 0,
      };
    },
  };
}

/** The sandbox's side: each replayed command prints what it printed; any other command is not found. */
export function replayedCommands(turns: readonly ReplayedTurn[]): CommandRunner {
  return {
    async run(command: string): Promise<CommandResult> {
      const turn = turns.find((t) => t.command === command);
      const output = turn ? turn.output : `bash: the replay has no output for: ${command}\n`;
      return { returncode: turn ? 0 : 127, output, outputChars: output.length, timedOut: false };
    },
  };
}
