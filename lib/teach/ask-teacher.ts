// The teacher's request (B.1-B.3) and the reviewer's (B.7): the instructions with the student's
// protocol, the payload serialized as the paper does, the strict schema; the answer read with zod and,
// for the teacher, Table 9's rules and the evidence check. A proposal or decision that cannot be used
// comes back refused with its reason (never executed, never exported); a failing endpoint throws.
import { bashCall, type HistoryMessage } from "./student-history";
import type { StructuredAnswer, StructuredEndpoint } from "./structured-request";
import { pythonJsonDumps } from "./python-json";
import { reviewerInstructions, teacherInstructions } from "./teacher-instructions";
import {
  REVIEW_DECISION_JSON_SCHEMA,
  type ReviewDecision,
  ReviewDecisionSchema,
  TEACHING_ACTION_JSON_SCHEMA,
  type TeachingAction,
  TeachingActionSchema,
  teachingActionProblems,
} from "./teaching-action";

export interface TeacherPayload {
  teacher_private_label: boolean;
  student_history: HistoryMessage[];
  /** the student's own next action at this state; null on a branch's follow-up requests */
  student_candidate_action: HistoryMessage | null;
}

export type Proposal = { ok: true; action: TeachingAction } | { ok: false; reason: string; raw: string | null };

export interface Asked<T> {
  result: T;
  answer: StructuredAnswer;
}

function parseAnswer<T>(
  answer: StructuredAnswer,
  schema: {
    safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  },
) {
  if (answer.text === null) return { ok: false as const, reason: answer.problem ?? "the answer has no text" };
  let value: unknown;
  try {
    value = JSON.parse(answer.text);
  } catch {
    return { ok: false as const, reason: "the answer is not JSON" };
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    return {
      ok: false as const,
      reason: `the answer does not follow the schema: ${parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ")}`,
    };
  return { ok: true as const, value: parsed.data };
}

export async function askTeacher(
  endpoint: StructuredEndpoint,
  studentPrompt: string,
  payload: TeacherPayload,
  signal?: AbortSignal,
): Promise<Asked<Proposal>> {
  const answer = await endpoint(
    {
      instructions: teacherInstructions(studentPrompt),
      input: pythonJsonDumps(payload),
      schemaName: "teaching_action",
      schema: TEACHING_ACTION_JSON_SCHEMA,
    },
    signal,
  );
  const parsed = parseAnswer<TeachingAction>(answer, TeachingActionSchema);
  if (!parsed.ok) return { answer, result: { ok: false, reason: `refused: ${parsed.reason}`, raw: answer.text } };
  const problems = teachingActionProblems(parsed.value, payload.student_history);
  if (problems.length) return { answer, result: { ok: false, reason: `refused: ${problems.join("; ")}`, raw: answer.text } };
  return { answer, result: { ok: true, action: parsed.value } };
}

export interface ReviewerInput {
  teacher_private_label: boolean;
  student_history: HistoryMessage[];
  /** the normalized action: an assistant message with one bash tool call */
  action: HistoryMessage;
  execution: { returncode: number; output: string } | null;
}

export type Review = { ok: true; decision: ReviewDecision } | { ok: false; reason: string };

export async function askReviewer(
  endpoint: StructuredEndpoint,
  studentPrompt: string,
  input: ReviewerInput,
  signal?: AbortSignal,
): Promise<Asked<Review>> {
  const answer = await endpoint(
    {
      instructions: reviewerInstructions(studentPrompt),
      input: pythonJsonDumps(input),
      schemaName: "review_decision",
      schema: REVIEW_DECISION_JSON_SCHEMA,
    },
    signal,
  );
  const parsed = parseAnswer<ReviewDecision>(answer, ReviewDecisionSchema);
  return { answer, result: parsed.ok ? { ok: true, decision: parsed.value } : { ok: false, reason: parsed.reason } };
}

/** The command the student learns for a proposal: the bash command, or for finish the completion-marker printf. */
export function studentCommandOf(action: TeachingAction): string | null {
  if (action.kind === "bash") return action.command;
  if (action.kind === "finish" && action.prediction !== null)
    return `printf '%s\\n%s\\n' 'COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT' '{"prediction": ${action.prediction}}'`;
  return null;
}

/**
 * The proposal as the student's assistant message (B.3): a bash action with its explanation as content; a
 * finish with no content, since its explanation, evidence and review note are private audit data.
 */
export function studentMessageOf(action: TeachingAction, toolCallId: string): HistoryMessage | null {
  const command = studentCommandOf(action);
  if (command === null) return null;
  return { role: "assistant", content: action.kind === "bash" ? action.explanation : "", tool_calls: [bashCall(toolCallId, command)] };
}
