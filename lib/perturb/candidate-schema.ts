import { z } from "zod";

// Shapes handed to the perturbation UI and stored with each expert-verified negative
// (paper §2: negation, symbol and location perturbations of confirmed-trustworthy comments).

export { PerturbationKindSchema as perturbationKindSchema, type PerturbationKind } from "@/lib/db/enums";

/** A single edit of the comment body: original[start, end) = before, replaced by after. */
export const textCandidateSchema = z.object({
  text: z.string(),
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  before: z.string(),
  after: z.string(),
  rationale: z.string(),
  score: z.number(),
  rule: z.string(),
});
export type TextCandidate = z.infer<typeof textCandidateSchema>;

export const symbolCandidateSchema = textCandidateSchema.extend({
  /** The replacement names something real (a harder negative) rather than an invented name. */
  existsInRepository: z.boolean(),
  /** The whole code element the edit sits in, e.g. `self.cache` for a `cache` → `_cache` swap. */
  element: z.string(),
});
export type SymbolCandidate = z.infer<typeof symbolCandidateSchema>;

const commentIdSchema = z.union([z.number().int(), z.string().min(1)]);

/** An inline review comment's anchor: dataset-format.md `review_path` + `diff_hunk`. */
export const inlineAnchorSchema = z.object({
  id: commentIdSchema,
  path: z.string(),
  diffHunk: z.string(),
});
export type InlineAnchor = z.infer<typeof inlineAnchorSchema>;

export const locationCandidateSchema = inlineAnchorSchema.extend({
  sameFile: z.boolean(),
  rationale: z.string(),
  score: z.number(),
});
export type LocationCandidate = z.infer<typeof locationCandidateSchema>;

/** Candidates best-first; `reason` explains an empty list so the UI never shows nonsense. */
export type PerturbationResult<C> = { candidates: C[]; reason?: string };
