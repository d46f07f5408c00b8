// The student's history h_t as the paper's teacher payload (B.2) and training prompt (C.1) hold it:
// system and user prompts, each assistant turn with its bash tool call, each observation as a tool
// message paired by tool_call_id. Rebuilt from the steps a judge run stored, in the same order and
// with the same message indices the agent used when it wrote "[message_index=N]" into each observation;
// format errors and their recovery messages stay, as the paper keeps failed calls.
import { z } from "zod";
import { AppError } from "@/lib/errors";
import type { AgentStep } from "@/lib/judge/run-agent";

/** One bash call; arguments are an object as in the paper's records (C.1), a raw string only when the student sent no JSON. */
export const ToolCallSchema = z.strictObject({
  type: z.literal("function"),
  id: z.string().min(1),
  function: z.strictObject({
    name: z.string(),
    arguments: z.union([z.strictObject({ command: z.string() }), z.record(z.string(), z.unknown()), z.string()]),
  }),
});
export type ToolCall = z.infer<typeof ToolCallSchema>;

export const HistoryMessageSchema = z.union([
  z.strictObject({ role: z.enum(["system", "user"]), content: z.string() }),
  z.strictObject({ role: z.literal("assistant"), content: z.string().nullable(), tool_calls: z.array(ToolCallSchema).optional() }),
  z.strictObject({ role: z.literal("tool"), content: z.string(), tool_call_id: z.string().min(1) }),
]);
export type HistoryMessage = z.infer<typeof HistoryMessageSchema>;

/** A bash call in the records' shape: arguments parsed to an object when they are JSON. */
export function bashCall(id: string, command: string): ToolCall {
  return { type: "function", id, function: { name: "bash", arguments: { command } } };
}

function recordedCall(call: { id: string; function: { name: string; arguments: string } }): ToolCall {
  let args: ToolCall["function"]["arguments"] = call.function.arguments;
  try {
    const parsed: unknown = JSON.parse(call.function.arguments);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) args = parsed as Record<string, unknown>;
  } catch {
    // a format error the student made: kept as sent, as the paper keeps failed calls
  }
  return { type: "function", id: call.id, function: { name: call.function.name, arguments: args } };
}

export interface StepMessages {
  /** index in the history of the step's assistant message */
  assistantIndex: number;
  /** one past the step's last message (its observation or error) */
  end: number;
}

/**
 * The whole conversation of a tool-mode task and where each step's messages sit. A step stored without
 * its provider call (older runs) gets the id `call_<step>`, as the trajectory export names it.
 */
export function studentHistory(
  prompts: { systemPrompt: string; userPrompt: string; actionMode: "tool" | "text" },
  steps: readonly AgentStep[],
): { messages: HistoryMessage[]; spans: StepMessages[] } {
  if (prompts.actionMode !== "tool")
    throw new AppError(
      "invalid_input",
      "Supervision needs a judge run in tool mode: the paper's records are bash tool calls, and a text-mode run's history has none.",
    );
  const messages: HistoryMessage[] = [
    { role: "system", content: prompts.systemPrompt },
    { role: "user", content: prompts.userPrompt },
  ];
  const spans: StepMessages[] = [];
  for (const s of steps) {
    const assistantIndex = messages.length;
    const content = s.call ? s.call.content : s.thought || null;
    if (s.command !== null) {
      const calls = s.call?.toolCalls?.length ? s.call.toolCalls.map(recordedCall) : [bashCall(`call_${s.step}`, s.command)];
      messages.push({ role: "assistant", content, tool_calls: calls });
      messages.push({ role: "tool", content: s.observation, tool_call_id: calls[0].id });
    } else if (s.call?.toolCalls?.length) {
      const calls = s.call.toolCalls.map(recordedCall);
      messages.push({ role: "assistant", content, tool_calls: calls });
      for (const call of calls) messages.push({ role: "tool", content: s.observation, tool_call_id: call.id });
    } else {
      messages.push({ role: "assistant", content });
      messages.push({ role: "user", content: s.observation });
    }
    spans.push({ assistantIndex, end: messages.length });
  }
  return { messages, spans };
}
