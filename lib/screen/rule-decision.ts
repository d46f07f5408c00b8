import { z } from "zod";

// The shape every screening rule returns; `rule` becomes FilterDecision.filterKey and the
// rationale is shown to reviewers, so it must say exactly which threshold or list entry decided.
export const RuleVerdictSchema = z.enum(["keep", "drop"]);
export type RuleVerdict = z.infer<typeof RuleVerdictSchema>;

export const RuleDecisionSchema = z.object({
  rule: z.string().min(1),
  verdict: RuleVerdictSchema,
  rationale: z.string().min(1),
});
export type RuleDecision = z.infer<typeof RuleDecisionSchema>;

export function keepDecision(rule: string, rationale: string): RuleDecision {
  return { rule, verdict: "keep", rationale };
}

export function dropDecision(rule: string, rationale: string): RuleDecision {
  return { rule, verdict: "drop", rationale };
}
