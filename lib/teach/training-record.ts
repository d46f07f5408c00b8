// The paper's training record (C.1): prompt (the student's instructions, its earlier actions and the
// actual observations), completion (exactly one reviewer-approved action: an assistant message with one
// bash tool call and an optional concise explanation) and tools (the bash function the student was run
// with, so the record trains what it will call). Tool-call ids are paired in the prompt and fresh in the
// completion. validateTrainingRecord checks a record against that shape: the student's prompts verbatim,
// every call answered by its tool message, no private field or teacher note.
import { createHash } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import { z } from "zod";
import { BASH_TOOL } from "@/lib/judge/paper-agent";
import { type HistoryMessage, HistoryMessageSchema } from "./student-history";
import { pythonJsonDumps } from "./python-json";

export const TrainingRecordSchema = z.strictObject({
  prompt: z.array(HistoryMessageSchema).min(2),
  completion: z.array(HistoryMessageSchema).length(1),
  tools: z.array(z.unknown()).length(1),
});
export type TrainingRecord = z.infer<typeof TrainingRecordSchema>;

/** A record as stored (a JSON column may reorder keys) back in the order written: schema order, the tool as defined. */
export function canonicalRecord(value: unknown): TrainingRecord {
  const record = TrainingRecordSchema.parse(value);
  if (!isDeepStrictEqual(record.tools[0], BASH_TOOL)) return record;
  return { ...record, tools: [BASH_TOOL] };
}

export function trainingRecord(history: readonly HistoryMessage[], action: HistoryMessage): TrainingRecord {
  return { prompt: [...history], completion: [action], tools: [BASH_TOOL] };
}

/** The (task, history, action) key records are deduplicated by (C.2); the action's own call id does not count. */
export function recordKey(evalId: string, record: TrainingRecord): string {
  const [action] = record.completion;
  const bare = action.role === "assistant" ? { ...action, tool_calls: action.tool_calls?.map((c) => ({ ...c, id: "" })) } : action;
  return createHash("sha256")
    .update(pythonJsonDumps([evalId, record.prompt, bare]))
    .digest("hex");
}

/** A call id in the paper's form (call_ + 20 hex), fixed by where the action sits, so a redone prefix gives the same record. */
export function teacherCallId(seed: string): string {
  return `call_${createHash("sha256").update(seed).digest("hex").slice(0, 20)}`;
}

/** Why a record is not in C.1's shape; empty when it is. */
export function trainingRecordProblems(
  value: unknown,
  student: { systemPrompt: string; userPrompt: string },
  privateTexts: readonly string[] = [],
): string[] {
  const parsed = TrainingRecordSchema.safeParse(value);
  if (!parsed.success) return parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  const { prompt, completion, tools } = parsed.data;
  const problems: string[] = [];
  if (prompt[0].role !== "system" || prompt[0].content !== student.systemPrompt)
    problems.push("prompt[0] is not the student's system prompt verbatim");
  if (prompt[1].role !== "user" || prompt[1].content !== student.userPrompt)
    problems.push("prompt[1] is not the student's user prompt verbatim");
  const ids = new Set<string>();
  for (let i = 0; i < prompt.length; i++) {
    const m = prompt[i];
    if (m.role === "assistant" && m.tool_calls?.length) {
      const answered = new Set<string>();
      for (let j = i + 1; j < prompt.length && prompt[j].role === "tool"; j++)
        answered.add((prompt[j] as { tool_call_id: string }).tool_call_id);
      for (const call of m.tool_calls) {
        if (!answered.has(call.id)) problems.push(`prompt[${i}]'s call ${call.id} has no tool message after it`);
        if (ids.has(call.id)) problems.push(`tool-call id ${call.id} is used twice`);
        ids.add(call.id);
      }
    }
    if (m.role === "tool") {
      const before = prompt.slice(0, i).findLast((p) => p.role === "assistant");
      if (!(before?.role === "assistant" && before.tool_calls?.some((c) => c.id === m.tool_call_id)))
        problems.push(`prompt[${i}] answers ${m.tool_call_id}, which the assistant before it did not call`);
    }
  }
  const [action] = completion;
  if (action.role !== "assistant") problems.push("the completion is not an assistant message");
  else if (action.tool_calls?.length !== 1) problems.push("the completion must make exactly one tool call");
  else {
    const [call] = action.tool_calls;
    const args = call.function.arguments;
    if (call.function.name !== "bash") problems.push("the completion's call is not bash");
    if (typeof args !== "object" || typeof (args as { command?: unknown }).command !== "string" || Object.keys(args).length !== 1)
      problems.push("the completion's arguments are not one string command");
    if (ids.has(call.id)) problems.push(`the completion reuses the prompt's tool-call id ${call.id}`);
  }
  if (!isDeepStrictEqual(tools[0], BASH_TOOL)) problems.push("tools is not the student's bash function");
  const text = JSON.stringify(parsed.data);
  for (const key of ["teacher_private_label", "review_note", "student_candidate_action", '"evidence"'])
    if (text.includes(key)) problems.push(`the record holds the teacher's field ${key}`);
  const completionText = JSON.stringify(completion);
  for (const secret of privateTexts)
    if (secret.trim().length >= 12 && completionText.includes(secret.trim()))
      problems.push(`the completion holds a private text (${JSON.stringify(secret.slice(0, 40))})`);
  return problems;
}
