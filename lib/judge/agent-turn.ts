// Reading one model answer as an action, and one command's result as the observation the model gets
// back: pure, so each rule of the paper's protocol is tested on its own.
import { z } from "zod";
import { SUBMIT_MARKER } from "./paper-agent";

export interface AssistantMessage {
  content: string | null;
  tool_calls?: { id: string; type?: string; function: { name: string; arguments: string } }[] | null;
}

export type AgentAction =
  | { kind: "command"; thought: string; command: string; toolCallId: string | null }
  | { kind: "format_error"; thought: string; reason: string; toolCallIds: string[] };

const BashArgumentsSchema = z.object({ command: z.string().min(1) });
const FENCED_BASH = /```bash\s*\n([\s\S]*?)\n```/g;

/** One bash tool call (tool mode) or exactly one ```bash block (text mode, as mini-swe-agent parses it). */
export function readAction(message: AssistantMessage, mode: "tool" | "text"): AgentAction {
  const thought = message.content ?? "";
  const calls = message.tool_calls ?? [];
  if (mode === "tool") {
    const ids = calls.map((c) => c.id);
    if (calls.length !== 1)
      return {
        kind: "format_error",
        thought,
        toolCallIds: ids,
        reason:
          calls.length === 0
            ? "No tool call. Use exactly one bash tool call per turn, including the final turn."
            : `Use exactly one bash tool call per turn; this answer made ${calls.length}.`,
      };
    const [call] = calls;
    if (call.function.name !== "bash")
      return {
        kind: "format_error",
        thought,
        toolCallIds: ids,
        reason: `Unknown tool "${call.function.name}"; bash is the only available tool.`,
      };
    let args: unknown;
    try {
      args = JSON.parse(call.function.arguments);
    } catch {
      return { kind: "format_error", thought, toolCallIds: ids, reason: 'The bash call\'s arguments are not JSON; send {"command": "…"}.' };
    }
    const parsed = BashArgumentsSchema.safeParse(args);
    if (!parsed.success)
      return { kind: "format_error", thought, toolCallIds: ids, reason: "The bash call needs one string argument, command." };
    return { kind: "command", thought, command: parsed.data.command, toolCallId: call.id };
  }
  const blocks = [...thought.matchAll(FENCED_BASH)].map((m) => m[1]);
  if (blocks.length !== 1)
    return {
      kind: "format_error",
      thought,
      toolCallIds: [],
      reason: `Please always provide EXACTLY ONE action in triple backticks (\`\`\`bash), found ${blocks.length} actions.`,
    };
  return { kind: "command", thought, command: blocks[0], toolCallId: null };
}

export interface CommandResult {
  returncode: number;
  output: string;
  /** characters the command printed in all (more than output holds when capped) */
  outputChars: number;
  timedOut: boolean;
  /** what the sandbox says about a cap the command hit (sandbox-limits.ts) */
  notes?: string[];
}

/** The paper's observation: the message's index, the return code, and the output cut at the limit. */
export function formatObservation(result: CommandResult, messageIndex: number, limit: number): string {
  const total = Math.max(result.outputChars, result.output.length);
  const shown = result.output.length > limit ? result.output.slice(0, limit) : result.output;
  const notes: string[] = [];
  if (total > shown.length)
    notes.push(`[output truncated: the first ${shown.length.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} characters]`);
  if (result.timedOut) notes.push("[the command ran out of time and was killed with every process it started]");
  notes.push(...(result.notes ?? []));
  return [`[message_index=${messageIndex}]`, `returncode: ${result.returncode}`, "<output>", shown, ...notes, "</output>"].join("\n");
}

export type Submission = { kind: "none" } | { kind: "valid"; prediction: boolean } | { kind: "invalid"; reason: string; text: string };

const PredictionSchema = z.strictObject({ prediction: z.boolean() });

/** mini-swe-agent's rule: the output's first line is the marker; what follows must be {"prediction": <bool>}. */
export function readSubmission(output: string): Submission {
  const lines = output.trimStart().split("\n");
  if (lines[0]?.trim() !== SUBMIT_MARKER) return { kind: "none" };
  const text = lines.slice(1).join("\n").trim();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: "invalid", reason: "the output after the marker is not JSON", text };
  }
  const parsed = PredictionSchema.safeParse(value);
  if (!parsed.success) return { kind: "invalid", reason: 'the output after the marker is not exactly {"prediction": true|false}', text };
  return { kind: "valid", prediction: parsed.data.prediction };
}
