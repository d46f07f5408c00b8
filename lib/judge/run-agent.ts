// The agent loop (paper A.3, mini-swe-agent's DefaultAgent): the model answers with one bash command
// per turn; the command runs in the task's sandbox and its observation goes back; the run ends on
// the completion marker (a valid or an invalid submission), at the step limit (every model call
// counts, format errors and the submission included), at the wall-time limit (checked at step
// boundaries; a command never runs past it either), after too many consecutive format errors, or
// when the model cannot be reached. Every step is recorded, whatever ends the run.
// A task that got no answer because of the provider (refused, failing after its retries, a rate limit, or
// a Retry-After longer than the task has left) ends rate_limited or model_error: no judgement of the model,
// left out of the score and judged again on resume. Only a model still answering its request when the
// wall time runs out has used the model's own time (time_limit).
import { z } from "zod";
import { LlmUsage } from "@/lib/llm/chat-completion-response";
import { isLlmError } from "@/lib/llm/llm-error";
import { type AssistantMessage, type CommandResult, formatObservation, readAction, readSubmission } from "./agent-turn";
import { type ChatMessage, type JudgeModel, type ModelCall, ModelCallSchema } from "./judge-model";
import type { AgentSettings } from "./paper-agent";

export const AGENT_OUTCOMES = [
  "submitted",
  "invalid_submission",
  "step_limit",
  "time_limit",
  "format_errors",
  "model_error",
  "rate_limited",
  "cancelled",
] as const;
export type AgentOutcome = (typeof AGENT_OUTCOMES)[number];

/** One model call of a task and what came of it, as stored on the task row (JudgeTask.steps) and parsed back. */
export const AgentStepSchema = z.object({
  /** 1-based model call */
  step: z.number(),
  thought: z.string(),
  /** the command run; null on a format error */
  command: z.string().nullable(),
  /** what the model got back: the observation, or the format error's message */
  observation: z.string(),
  formatError: z.string().nullable(),
  returncode: z.number().nullable(),
  timedOut: z.boolean(),
  commandMs: z.number(),
  usage: LlmUsage,
  /** the call as the provider answered it (ids, finish reason, times); absent on steps stored before it was kept */
  call: ModelCallSchema.optional(),
});
export type AgentStep = z.infer<typeof AgentStepSchema>;
export const AgentStepsSchema = z.array(AgentStepSchema);

export interface Trajectory {
  outcome: AgentOutcome;
  /** the submitted prediction; null unless outcome is submitted */
  prediction: boolean | null;
  /** why the run ended, in words */
  reason: string;
  steps: AgentStep[];
  usage: { promptTokens: number; completionTokens: number };
  elapsedMs: number;
  /** requests the provider failed that the client sent again, over every model call of the task */
  retries: number;
}

export interface CommandRunner {
  run(command: string, options: { timeoutMs: number; signal?: AbortSignal }): Promise<CommandResult>;
}

export interface RunAgentInput {
  model: JudgeModel;
  sandbox: CommandRunner;
  settings: AgentSettings;
  signal?: AbortSignal;
  now?: () => number;
  /** after each step, for live progress */
  onStep?: (step: AgentStep) => void | Promise<void>;
  /**
   * Steps an earlier attempt stored (its worker died): the conversation goes on after them. Their commands
   * run again first, unseen, so the checkout is as they left it, and their time counts against the wall time.
   */
  resume?: readonly AgentStep[];
}

/** The time a stored step took: its model call and its command. */
function stepMs(step: AgentStep): number {
  const call = step.call ? Math.max(0, Date.parse(step.call.answeredAt) - Date.parse(step.call.requestedAt)) : 0;
  return (Number.isFinite(call) ? call : 0) + step.commandMs;
}

export async function runAgent(input: RunAgentInput): Promise<Trajectory> {
  const { model, sandbox, settings, signal } = input;
  const now = input.now ?? Date.now;
  const resumed = input.resume ?? [];
  // a resumed task has spent the time of its stored steps already
  const started = now() - resumed.reduce((ms, st) => ms + stepMs(st), 0);
  const deadline = started + settings.wallTimeSeconds * 1000;
  const messages: ChatMessage[] = [
    { role: "system", content: settings.systemPrompt },
    { role: "user", content: settings.userPrompt },
  ];
  const steps: AgentStep[] = [];
  const usage = { promptTokens: 0, completionTokens: 0 };
  let formatErrorsInARow = 0;
  let retries = 0;
  const end = (outcome: AgentOutcome, reason: string, prediction: boolean | null = null): Trajectory => ({
    outcome,
    prediction,
    reason,
    steps,
    usage,
    elapsedMs: now() - started,
    retries,
  });

  for (const stored of resumed) {
    // the conversation as it was sent, and the checkout as the commands left it
    const toolCalls = stored.call?.toolCalls ?? [];
    messages.push({
      role: "assistant",
      content: stored.call ? stored.call.content : stored.thought,
      ...(toolCalls.length ? { tool_calls: toolCalls } : {}),
    });
    if (stored.command !== null) await sandbox.run(stored.command, { timeoutMs: settings.commandTimeoutSeconds * 1000, signal });
    if (stored.formatError !== null) {
      formatErrorsInARow++;
      for (const call of toolCalls) messages.push({ role: "tool", content: stored.observation, tool_call_id: call.id });
      if (toolCalls.length === 0) messages.push({ role: "user", content: stored.observation });
    } else {
      formatErrorsInARow = 0;
      if (toolCalls[0]) messages.push({ role: "tool", content: stored.observation, tool_call_id: toolCalls[0].id });
      else messages.push({ role: "user", content: stored.observation });
    }
    steps.push(stored);
    usage.promptTokens += stored.usage.promptTokens;
    usage.completionTokens += stored.usage.completionTokens;
    retries += Math.max(0, (stored.call?.attempts ?? 1) - 1);
  }
  // an attempt that died after its submitting step was stored but before its outcome was written
  const last = resumed.at(-1);
  if (last && last.returncode === 0 && last.command !== null) {
    const output = last.observation.split("\n<output>\n")[1]?.replace(/\n<\/output>$/, "") ?? "";
    const submission = readSubmission(output);
    if (submission.kind === "valid") return end("submitted", `submitted {"prediction": ${submission.prediction}}`, submission.prediction);
  }

  for (let step = resumed.length + 1; ; step++) {
    if (signal?.aborted) return end("cancelled", "the run was cancelled");
    if (now() >= deadline) return end("time_limit", `the wall-time limit of ${settings.wallTimeSeconds} s was reached`);
    if (step > settings.stepLimit)
      return end("step_limit", `the step limit of ${settings.stepLimit} model calls was reached without a submission`);

    let message: AssistantMessage;
    let callUsage: LlmUsage;
    let call: ModelCall | undefined;
    // waiting for the model (its retries and a Retry-After included) counts against the wall time, and a
    // Retry-After longer than what is left fails the call at once instead of sleeping the task out
    const left = Math.max(1, deadline - now());
    const untilDeadline = AbortSignal.timeout(left);
    let attempts: number;
    try {
      ({
        message,
        usage: callUsage,
        call,
        attempts,
      } = await model.complete(messages, signal ? AbortSignal.any([signal, untilDeadline]) : untilDeadline, { maxWaitMs: left }));
    } catch (e) {
      if (signal?.aborted) return end("cancelled", "the run was cancelled");
      const why = e instanceof Error ? e.message : String(e);
      const failure = isLlmError(e) ? e.details : null;
      retries += Math.max(0, (failure?.attempts ?? 1) - 1);
      // the model still answering its first request when the time ran out: the model's own time
      const answering = failure === null || (failure.attempts <= 1 && failure.reason === "timeout");
      if ((untilDeadline.aborted || now() >= deadline) && answering)
        return end("time_limit", `the wall-time limit of ${settings.wallTimeSeconds} s was reached while waiting for the model (${why})`);
      const during = `at step ${step}, with ${Math.max(0, Math.round((deadline - now()) / 1000))} s of the task's ${settings.wallTimeSeconds} s wall time left`;
      if (failure?.reason === "rate_limited") return end("rate_limited", `the provider rate-limited the model call ${during}: ${why}`);
      return end("model_error", `the model could not be reached ${during}: ${why}`);
    }
    retries += Math.max(0, attempts - 1);
    usage.promptTokens += callUsage.promptTokens;
    usage.completionTokens += callUsage.completionTokens;
    messages.push({
      role: "assistant",
      content: message.content,
      ...(message.tool_calls?.length ? { tool_calls: message.tool_calls } : {}),
    });

    const action = readAction(message, settings.actionMode);
    if (action.kind === "format_error") {
      formatErrorsInARow++;
      const record: AgentStep = {
        step,
        thought: action.thought,
        command: null,
        observation: action.reason,
        formatError: action.reason,
        returncode: null,
        timedOut: false,
        commandMs: 0,
        usage: callUsage,
        ...(call ? { call } : {}),
      };
      steps.push(record);
      await input.onStep?.(record);
      // every tool call needs its answer before the next user turn (the API refuses the history otherwise)
      for (const id of action.toolCallIds) messages.push({ role: "tool", content: action.reason, tool_call_id: id });
      if (action.toolCallIds.length === 0) messages.push({ role: "user", content: action.reason });
      if (formatErrorsInARow >= settings.maxConsecutiveFormatErrors)
        return end("format_errors", `${formatErrorsInARow} format errors in a row (the limit is ${settings.maxConsecutiveFormatErrors})`);
      continue;
    }
    formatErrorsInARow = 0;

    const remaining = Math.max(1, deadline - now());
    const t0 = now();
    const result = await sandbox.run(action.command, { timeoutMs: Math.min(settings.commandTimeoutSeconds * 1000, remaining), signal });
    const observation = formatObservation(result, messages.length, settings.outputLimitChars);
    const record: AgentStep = {
      step,
      thought: action.thought,
      command: action.command,
      observation,
      formatError: null,
      returncode: result.returncode,
      timedOut: result.timedOut,
      commandMs: now() - t0,
      usage: callUsage,
      ...(call ? { call } : {}),
    };
    steps.push(record);
    await input.onStep?.(record);

    const submission = result.returncode === 0 ? readSubmission(result.output) : ({ kind: "none" } as const);
    if (submission.kind === "valid") return end("submitted", `submitted {"prediction": ${submission.prediction}}`, submission.prediction);
    if (submission.kind === "invalid")
      return end("invalid_submission", `submitted, but ${submission.reason}: ${submission.text.slice(0, 200)}`);

    if (action.toolCallId) messages.push({ role: "tool", content: observation, tool_call_id: action.toolCallId });
    else messages.push({ role: "user", content: observation });
  }
}
