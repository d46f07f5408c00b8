import { z } from "zod";

// What the LLM must return for each screened item (structured output, validated with zod).
// Categories name the paper's exclusion criteria (§2); the keep category is the only one for "keep".

const rationale = z.string().refine((text) => text.trim().length > 0, { error: "rationale must say why, in one or two sentences" });

const PrScreenCategorySchema = z.enum(["substantive", "not_substantive", "uninterpretable", "external_dependency"]);
export const PrScreenAnswerSchema = z.object({
  verdict: z.enum(["keep", "drop"]),
  category: PrScreenCategorySchema,
  rationale,
});
export type PrScreenAnswer = z.infer<typeof PrScreenAnswerSchema>;

const CommentScreenCategorySchema = z.enum(["technical", "social", "vague", "duplicate", "formatting"]);
export const CommentScreenAnswerSchema = z.object({
  verdict: z.enum(["keep", "drop"]),
  category: CommentScreenCategorySchema,
  rationale,
});
export type CommentScreenAnswer = z.infer<typeof CommentScreenAnswerSchema>;

export type ScreenAnswer = PrScreenAnswer | CommentScreenAnswer;

/** FilterDecision has no category column, so the category leads the stored rationale: "[social] Only thanks the author." */
export function decisionRationale(answer: ScreenAnswer): string {
  return `[${answer.category}] ${answer.rationale.trim()}`;
}

/** Splits a stored rationale back into category and text for display. */
export function splitDecisionRationale(stored: string): { category: string | null; text: string } {
  const m = /^\[([a-z_]+)\] ([\s\S]*)$/.exec(stored);
  return m ? { category: m[1], text: m[2] } : { category: null, text: stored };
}
