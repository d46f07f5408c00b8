// The teacher's proposal (B.3): the strict JSON Schema `teaching_action` sent to the provider, the zod
// schema its answer is parsed with (all six fields required, nothing else), and Table 9's semantic rules
// with the evidence check: each quote must be in the history message it cites (for a finish, a tool
// message). A proposal that breaks a rule is refused with every reason, and never executed.
import { z } from "zod";
import { SUBMIT_MARKER } from "@/lib/judge/paper-agent";
import type { HistoryMessage } from "./student-history";

export const TEACHING_ACTION_KINDS = ["bash", "finish", "needs_review"] as const;

export const EvidenceSchema = z.strictObject({ message_index: z.number().int(), quote: z.string() });

export const TeachingActionSchema = z.strictObject({
  kind: z.enum(TEACHING_ACTION_KINDS),
  command: z.string().nullable(),
  prediction: z.boolean().nullable(),
  explanation: z.string(),
  evidence: z.array(EvidenceSchema),
  review_note: z.string(),
});
export type TeachingAction = z.infer<typeof TeachingActionSchema>;

/** The schema as the provider's strict structured output takes it (every field required, nullable ones typed so). */
export const TEACHING_ACTION_JSON_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["kind", "command", "prediction", "explanation", "evidence", "review_note"],
  properties: {
    kind: { type: "string", enum: [...TEACHING_ACTION_KINDS] },
    command: { type: ["string", "null"] },
    prediction: { type: ["boolean", "null"] },
    explanation: { type: "string" },
    evidence: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["message_index", "quote"],
        properties: { message_index: { type: "integer" }, quote: { type: "string" } },
      },
    },
    review_note: { type: "string" },
  },
} as const;

export const ReviewDecisionSchema = z.strictObject({ decision: z.enum(["approve", "reject", "needs_review"]), reason: z.string().min(1) });
export type ReviewDecision = z.infer<typeof ReviewDecisionSchema>;

export const REVIEW_DECISION_JSON_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["decision", "reason"],
  properties: { decision: { type: "string", enum: ["approve", "reject", "needs_review"] }, reason: { type: "string" } },
} as const;

/** Why a proposal cannot be used (Table 9 and the evidence check); empty when it can. */
export function teachingActionProblems(action: TeachingAction, history: readonly HistoryMessage[]): string[] {
  const problems: string[] = [];
  if (action.kind === "bash") {
    if (action.command === null || action.command.trim() === "") problems.push("a bash action needs a nonempty command");
    if (action.prediction !== null) problems.push("a bash action's prediction must be null");
    if (action.command?.includes(SUBMIT_MARKER))
      problems.push("a bash command may not contain the completion marker: submission is kind=finish");
  } else if (action.kind === "finish") {
    if (action.command !== null) problems.push("a finish action's command must be null");
    if (action.prediction === null) problems.push("a finish action needs a boolean prediction");
    if (action.evidence.length === 0) problems.push("a finish action needs exact evidence quotes from earlier tool messages");
  } else {
    if (action.command !== null) problems.push("a needs_review action's command must be null");
    if (action.prediction !== null) problems.push("a needs_review action's prediction must be null");
  }
  if (action.kind !== "needs_review" && action.explanation.trim() === "") problems.push("the explanation is empty");
  for (const { message_index: i, quote } of action.evidence) {
    const message = history[i];
    if (!message) {
      problems.push(`evidence cites message ${i}, but the history has messages 0 to ${history.length - 1}`);
      continue;
    }
    if (action.kind === "finish" && message.role !== "tool")
      problems.push(`evidence for a final judgment must quote tool messages; message ${i} is the ${message.role}'s`);
    if (quote === "") problems.push(`evidence for message ${i} quotes nothing`);
    else if (!(message.content ?? "").includes(quote))
      problems.push(`evidence quote ${JSON.stringify(quote.slice(0, 120))} is not in message ${i} (${message.role})`);
  }
  return problems;
}
