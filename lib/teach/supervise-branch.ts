// One correction branch at one prefix (section 3, B.6-B.7): the teacher proposes an action (seeing the
// student's candidate the first time, null after); a proposal that breaks the schema, Table 9 or the
// evidence check is refused and ends the branch; needs_review from the teacher ends it unanswered; an
// action runs in the sandbox at the prefix's state and its observation joins the branch's history; the
// reviewer decides (reject ends the branch; approve makes it a record, once the leak check passes;
// needs_review holds it for a person and the branch goes on); a finish ends the branch. At most
// 1 + followupSteps actions, asked one after another.
import type { CommandResult } from "@/lib/judge/agent-turn";
import { formatObservation } from "@/lib/judge/agent-turn";
import { askReviewer, askTeacher, studentMessageOf } from "./ask-teacher";
import { type LeakContext, studentFacingLeaks } from "./leak-check";
import type { HistoryMessage } from "./student-history";
import type { StructuredEndpoint } from "./structured-request";
import type { ReviewDecision, TeachingAction } from "./teaching-action";
import { type TrainingRecord, teacherCallId, trainingRecord } from "./training-record";

export const ACTION_STATUSES = [
  "approved",
  "rejected",
  "needs_review",
  "refused",
  "teacher_needs_review",
  "leaked",
  "no_decision",
] as const;
export type ActionStatus = (typeof ACTION_STATUSES)[number];

export interface BranchAction {
  position: number;
  status: ActionStatus;
  /** why, in words: the refusal, the reviewer's reason, the leaks */
  reason: string;
  proposal: TeachingAction | null;
  /** the teacher's raw answer when it could not be used */
  raw: string | null;
  /** the action as the student would take it */
  message: HistoryMessage | null;
  execution: { returncode: number; output: string; observation: string; timedOut: boolean } | null;
  review: ReviewDecision | null;
  record: TrainingRecord | null;
  /** teacher and reviewer requests, and their tokens */
  requests: number;
  inputTokens: number;
  outputTokens: number;
}

export interface BranchInput {
  label: boolean;
  /** the student's system prompt (its reference protocol) */
  studentPrompt: string;
  history: readonly HistoryMessage[];
  candidate: HistoryMessage | null;
  followupSteps: number;
  outputLimitChars: number;
  commandTimeoutMs: number;
  /** fixes the teacher actions' call ids (the prefix's id) */
  idSeed: string;
  leaks: Omit<LeakContext, "reviewNote" | "visible">;
}

export interface BranchDeps {
  teacher: StructuredEndpoint;
  /** opened when the first action is to run; disposed by the caller */
  sandbox: () => Promise<{ run(command: string, options: { timeoutMs: number; signal?: AbortSignal }): Promise<CommandResult> }>;
  signal?: AbortSignal;
}

export interface BranchResult {
  actions: BranchAction[];
  /** why the branch ended */
  ended: string;
}

export async function superviseBranch(input: BranchInput, deps: BranchDeps): Promise<BranchResult> {
  const history: HistoryMessage[] = [...input.history];
  const actions: BranchAction[] = [];
  let sandbox: Awaited<ReturnType<BranchDeps["sandbox"]>> | null = null;
  const limit = 1 + Math.min(3, input.followupSteps);
  for (let position = 0; position < limit; position++) {
    deps.signal?.throwIfAborted();
    const asked = await askTeacher(
      deps.teacher,
      input.studentPrompt,
      {
        teacher_private_label: input.label,
        student_history: [...history],
        student_candidate_action: position === 0 ? input.candidate : null,
      },
      deps.signal,
    );
    const base = {
      position,
      requests: 1,
      inputTokens: asked.answer.usage.inputTokens,
      outputTokens: asked.answer.usage.outputTokens,
      message: null,
      execution: null,
      review: null,
      record: null,
    };
    if (!asked.result.ok) {
      actions.push({ ...base, status: "refused", reason: asked.result.reason, proposal: null, raw: asked.result.raw });
      return { actions, ended: `the teacher's proposal was ${asked.result.reason}` };
    }
    const proposal = asked.result.action;
    const message = studentMessageOf(proposal, teacherCallId(`${input.idSeed}:${position}`));
    if (proposal.kind === "needs_review" || !message || message.role !== "assistant" || !message.tool_calls) {
      actions.push({
        ...base,
        status: "teacher_needs_review",
        reason: proposal.review_note || "the teacher returned needs_review",
        proposal,
        raw: null,
      });
      return { actions, ended: "the teacher returned needs_review: observed evidence conflicts with the label" };
    }
    const [call] = message.tool_calls;
    const command = (call.function.arguments as { command: string }).command;
    sandbox ??= await deps.sandbox();
    const result = await sandbox.run(command, { timeoutMs: input.commandTimeoutMs, signal: deps.signal });
    const observationIndex = history.length + 1;
    const observation = formatObservation(result, observationIndex, input.outputLimitChars);
    const execution = {
      returncode: result.returncode,
      output: result.output.slice(0, input.outputLimitChars),
      observation,
      timedOut: result.timedOut,
    };
    // the reviewer is privileged: it sees the explanation of a finish too (and its evidence), as B.7 has it audit the judgment
    const forReview: HistoryMessage = {
      ...message,
      content:
        proposal.kind === "finish"
          ? `${proposal.explanation}\nEvidence: ${proposal.evidence.map((e) => `[message ${e.message_index}] ${JSON.stringify(e.quote)}`).join("; ")}`
          : message.content,
    };
    const reviewed = await askReviewer(
      deps.teacher,
      input.studentPrompt,
      {
        teacher_private_label: input.label,
        student_history: [...history],
        action: forReview,
        execution: { returncode: result.returncode, output: execution.output },
      },
      deps.signal,
    );
    const spent = {
      requests: 2,
      inputTokens: base.inputTokens + reviewed.answer.usage.inputTokens,
      outputTokens: base.outputTokens + reviewed.answer.usage.outputTokens,
    };
    const action: BranchAction = { ...base, ...spent, proposal, raw: null, message, execution, status: "no_decision", reason: "" };
    actions.push(action);
    if (!reviewed.result.ok) {
      action.reason = `the reviewer's answer was unusable: ${reviewed.result.reason}`;
      return { actions, ended: action.reason };
    }
    action.review = reviewed.result.decision;
    action.reason = reviewed.result.decision.reason;
    if (reviewed.result.decision.decision === "reject") {
      action.status = "rejected";
      return { actions, ended: `the reviewer rejected action ${position + 1}: ${reviewed.result.decision.reason}` };
    }
    if (reviewed.result.decision.decision === "needs_review") action.status = "needs_review";
    else {
      const leaks = studentFacingLeaks(
        { explanation: message.content ?? "", command },
        { ...input.leaks, reviewNote: proposal.review_note, visible: history.map((m) => m.content ?? "").join("\n") },
      );
      if (leaks.length) {
        action.status = "leaked";
        action.reason = `approved, but not kept: ${leaks.join("; ")}`;
      } else {
        action.status = "approved";
        action.record = trainingRecord(history, message);
      }
    }
    if (proposal.kind === "finish") return { actions, ended: "the teacher submitted a judgment" };
    history.push(message, { role: "tool", content: observation, tool_call_id: call.id });
  }
  return { actions, ended: `the follow-up budget (${limit} actions) was used` };
}
